package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every value the RabbitMQ client or broker would refuse only once a sender or receiver connects is
 * refused by {@code configure}, before anything connects, in one line naming the key.
 */
class RabbitMqValuesCheckedBeforeConnectingTest {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  private void refused(String key, String value, String... said) {
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq.uri", "amqp://h", key, value)))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(said[0])
        .hasMessageContainingAll(said)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aStreamOffsetIsFirstLastNextAnOffsetOrAnAge() {
    refused(
        "rabbitmq.streamOffset",
        "banana",
        "rabbitmq.streamOffset: invalid value 'banana': expected first, last, next, an offset");
    refused("rabbitmq.streamOffset", "-1", "rabbitmq.streamOffset: invalid value '-1'");
    for (String ok : new String[] {"first", "last", "next", "0", "42", "7h", "1D"}) {
      assertThatCode(
              () ->
                  provider.configure(
                      Map.of("rabbitmq.uri", "amqp://h", "rabbitmq.streamOffset", ok)))
          .as(ok)
          .doesNotThrowAnyException();
    }
  }

  @Test
  void timeoutsOfZeroOrBeyondTheClientsIntMillisecondsAreRefused() {
    refused("rabbitmq.connectTimeout", "0s", "rabbitmq.connectTimeout: invalid value '0s'");
    refused("rabbitmq.confirmTimeout", "0s", "rabbitmq.confirmTimeout: invalid value '0s'");
    refused("rabbitmq.confirmTimeout", "30d", "rabbitmq.confirmTimeout: invalid value '30d'");
  }

  @Test
  void reservedOrEmptyQueueNamesAreRefused() {
    refused("rabbitmq.queue", "amq.mine", "rabbitmq.queue: invalid value 'amq.mine'", "amq.");
    refused("rabbitmq.queue", "", "rabbitmq.queue: invalid value ''");
  }

  @Test
  void aMalformedUriIsRefusedByConfigureNotByOpen() {
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq.uri", "rabbit://h:5672")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("rabbitmq.uri: invalid value");
  }

  @Test
  void queueArgumentsTheBrokerWouldRefuseAreRefused() {
    refused(
        "rabbitmq.queueArgs.x-max-length",
        "-5",
        "rabbitmq.queueArgs.x-max-length: invalid value '-5'");
    refused(
        "rabbitmq.queueArgs.x-overflow",
        "drop-tail",
        "rabbitmq.queueArgs.x-overflow: invalid value 'drop-tail'");
  }
}
