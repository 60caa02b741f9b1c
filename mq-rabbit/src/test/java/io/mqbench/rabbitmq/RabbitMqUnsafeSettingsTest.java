package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings under which RabbitMQ may lose or drop messages are accepted, with a warning each. */
class RabbitMqUnsafeSettingsTest {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  private List<String> warnings(Map<String, String> raw) {
    return provider.warnings(provider.configure(raw));
  }

  @Test
  void theDefaultsAreSafe() {
    assertThat(warnings(Map.of())).isEmpty();
    assertThat(warnings(Map.of("rabbitmq.persistent", "false")))
        .as("quorum queues persist every message anyway")
        .isEmpty();
  }

  @Test
  void transientMessagesOnAClassicQueueWarn() {
    assertThat(warnings(Map.of("rabbitmq.queueType", "classic", "rabbitmq.persistent", "false")))
        .singleElement()
        .asString()
        .startsWith("rabbitmq.persistent=false:")
        .contains("loss is expected");
  }

  @Test
  void queueArgumentsThatDropMessagesWarn() {
    assertThat(
            warnings(
                Map.of(
                    "rabbitmq.queueArgs.x-max-length", "1000",
                    "rabbitmq.queueArgs.x-message-ttl", "60000",
                    "rabbitmq.queueArgs.x-expires", "60000")))
        .hasSize(3)
        .allSatisfy(w -> assertThat(w).contains("loss is expected"));
    assertThat(
            warnings(
                Map.of(
                    "rabbitmq.queueArgs.x-max-length", "1000",
                    "rabbitmq.queueArgs.x-overflow", "reject-publish")))
        .as("a full queue refuses sends instead of dropping: nothing acknowledged is lost")
        .isEmpty();
  }
}
