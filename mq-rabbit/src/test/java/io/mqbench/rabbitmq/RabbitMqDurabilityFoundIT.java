package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a RabbitMQ run is recorded at is read back from the broker: a queue of the configured type
 * keeps the declared level, saying so; a queue of another type under the configured name is not
 * what the settings declare, and the result says what the broker answered.
 */
class RabbitMqDurabilityFoundIT {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  private final RabbitMqProvider provider = new RabbitMqProvider();

  private MqConfig config(String queue, String type) {
    return provider.configure(
        Map.of(
            "rabbitmq.uri", BROKER.broker().uri(),
            "rabbitmq.queue", queue,
            "rabbitmq.queueType", type));
  }

  @Test
  void aQueueOfTheConfiguredTypeKeepsItsLevelAndAnotherTypeIsNotWhatWasDeclared() {
    String quorum = "found-quorum-" + System.nanoTime();
    String classic = "found-classic-" + System.nanoTime();
    try (Mq q = provider.open(config(quorum, "quorum"));
        Mq c = provider.open(config(classic, "classic"))) {
      try {
        Durability asConfigured = provider.durabilityFound(config(quorum, "quorum")).orElseThrow();
        assertThat(asConfigured.level()).isEqualTo(Durability.Level.FSYNC);
        assertThat(asConfigured.settings())
            .contains(
                "queue '" + quorum + "' is x-queue-type=quorum with the configured arguments");

        Durability other = provider.durabilityFound(config(classic, "quorum")).orElseThrow();
        assertThat(other.level()).isEqualTo(Durability.Level.UNDECLARED);
        assertThat(other.settings())
            .contains("queue '" + classic + "' is not as configured: PRECONDITION_FAILED")
            .contains("x-queue-type");
      } finally {
        q.removeQueue();
        c.removeQueue();
      }
    }
  }
}
