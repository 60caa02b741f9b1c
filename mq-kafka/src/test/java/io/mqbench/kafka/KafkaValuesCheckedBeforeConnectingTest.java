package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every value the Kafka client or broker would refuse only once a sender or receiver starts is
 * refused by {@code configure}, before anything connects, in one line naming the key.
 */
class KafkaValuesCheckedBeforeConnectingTest {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  private void refused(String key, String value, String... said) {
    assertThatThrownBy(
            () ->
                provider.configure(Map.of("kafka.bootstrapServers", "127.0.0.1:9092", key, value)))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(said[0])
        .hasMessageContainingAll(said)
        .satisfies(
            e -> org.assertj.core.api.Assertions.assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aSessionTimeoutOutsideTheBrokersGroupLimitsIsRefused() {
    refused(
        "kafka.sessionTimeout",
        "1ms",
        "kafka.sessionTimeout: invalid value '1ms': expected a duration from 6s to 30m",
        "group.min.session.timeout.ms");
    refused("kafka.sessionTimeout", "31m", "kafka.sessionTimeout: invalid value '31m'");
    assertThatCode(() -> provider.configure(Map.of("kafka.sessionTimeout", "6s")))
        .doesNotThrowAnyException();
  }

  @Test
  void theNativeSessionTimeoutIsHeldToTheSameLimits() {
    refused(
        "kafka.consumer.session.timeout.ms",
        "100",
        "kafka.consumer.session.timeout.ms: invalid value '100'");
  }

  @Test
  void aHeartbeatNotBelowTheSessionTimeoutIsRefused() {
    refused(
        "kafka.consumer.heartbeat.interval.ms",
        "20000",
        "kafka.consumer.heartbeat.interval.ms: invalid value '20000'",
        "lower than session.timeout.ms");
  }

  @Test
  void aDeliveryTimeoutShorterThanLingerPlusRequestTimeoutIsRefused() {
    refused(
        "kafka.producer.delivery.timeout.ms",
        "1000",
        "kafka.producer.delivery.timeout.ms: invalid value '1000'",
        "linger.ms + request.timeout.ms");
  }

  @Test
  void durationsTheClientCountsInIntMillisecondsMustFit() {
    refused("kafka.leaseTimeout", "30d", "kafka.leaseTimeout: invalid value '30d'");
    refused("kafka.linger", "2h", "kafka.linger: invalid value '2h'");
    refused("kafka.connectTimeout", "0s", "kafka.connectTimeout: invalid value '0s'");
  }

  @Test
  void illegalTopicNamesAndBootstrapAddressesAreRefused() {
    refused("kafka.topic", "my topic", "kafka.topic: invalid value 'my topic'", "Kafka topic name");
    refused("kafka.topic", "..", "kafka.topic: invalid value '..'");
    refused("kafka.groupId", " ", "kafka.groupId: invalid value ' '");
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.bootstrapServers", "banana")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("kafka.bootstrapServers: invalid value 'banana'");
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.bootstrapServers", "h:9092,h:99999")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("'h:99999' is not host:port");
  }
}
