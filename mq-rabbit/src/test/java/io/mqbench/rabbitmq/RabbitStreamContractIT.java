package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract kit on a fresh stream per test ({@code rabbitmq-stream}), against the tests' shared
 * RabbitMQ node with the stream plugin, or {@code RABBITMQ_URI} and {@code RABBITMQ_STREAM_URI}.
 * Leases end after 3 s here, so the kit's hung-receiver test runs; the largest message is the
 * backend's declared default (a message travels in one frame of at most 1 MiB, so the kit's 1 MiB
 * body is over it and skipped).
 */
class RabbitStreamContractIT extends MqContractKit {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  private static final Duration LEASE = Duration.ofSeconds(3);

  /**
   * @return the keys that point the backend at the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return StreamTests.brokerKeys(BROKER.broker());
  }

  /**
   * @return the same broker's AMQP URI, with which each test's stream is deleted
   */
  protected String amqpUri() {
    return BROKER.broker().uri();
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    RabbitStreamProvider provider = new RabbitStreamProvider();
    return Optional.of(
        new Configured(
            provider,
            provider.configure(StreamTests.config(brokerKeys(), "mqbench-it-" + queueName))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    return StreamTests.open(brokerKeys(), amqpUri(), "mqbench-it-" + queueName, Map.of());
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    return Optional.of(
        StreamTests.openSubscriptions(
            brokerKeys(), amqpUri(), "mqbench-it-" + queueName, subscriptions));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  @Override
  protected int maxMessageSizeBytes() {
    return StreamSettings.MAX_MESSAGE_BYTES.defaultValue().orElseThrow();
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(15);
  }

  @Test
  void eachSubscriptionIsANamedConsumerOfItsOwn() throws Exception {
    String stream = "mqbench-it-subscriptions-" + UUID.randomUUID().toString().substring(0, 8);
    try (Mq pubSub = StreamTests.openSubscriptions(brokerKeys(), amqpUri(), stream, 2)) {
      assertThat(pubSub.versions())
          .containsEntry("subscriptions", "named consumers mqbench-s0,mqbench-s1");
    }
  }
}
