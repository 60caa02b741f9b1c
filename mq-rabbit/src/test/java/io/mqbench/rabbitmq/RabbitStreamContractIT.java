package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.envelope.Envelope;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.List;
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

  @Override
  protected Mq openFreshQueue(String queueName) {
    return StreamTests.open(BROKER.broker(), "mqbench-it-" + queueName, Map.of());
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    return Optional.of(
        StreamTests.openSubscriptions(BROKER.broker(), "mqbench-it-" + queueName, subscriptions));
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
    try (Mq pubSub = StreamTests.openSubscriptions(BROKER.broker(), stream, 2)) {
      assertThat(pubSub.versions())
          .containsEntry("subscriptions", "named consumers mqbench-s0,mqbench-s1");
    }
  }

  @Test
  void twoQueuesNamedByKeysForQueueShareNoMessages() throws Exception {
    RabbitStreamProvider provider = new RabbitStreamProvider();
    MqConfig base =
        provider.configure(
            StreamTests.config(
                BROKER.broker(),
                "mqbench-it-queues-" + UUID.randomUUID().toString().substring(0, 8)));
    Map<String, String> firstKeys = provider.keysForQueue(base, "-1").orElseThrow();
    Map<String, String> secondKeys = provider.keysForQueue(base, "-2").orElseThrow();
    assertThat(firstKeys.keySet())
        .containsExactlyInAnyOrder("rabbitmq-stream.stream", "rabbitmq-stream.consumerName");
    for (String key : firstKeys.keySet()) {
      assertThat(firstKeys.get(key)).as(key).isNotEqualTo(secondKeys.get(key));
    }

    try (Mq first = provider.open(over(base, firstKeys));
        Mq second = provider.open(over(base, secondKeys))) {
      try (MqSender toFirst = first.createSender();
          MqSender toSecond = second.createSender()) {
        toFirst.send(messages(0, 5, 100));
        toSecond.send(messages(100, 2, 100));
      }
      try (MqReceiver ofFirst = first.createReceiver();
          MqReceiver ofSecond = second.createReceiver()) {
        assertThat(sequences(receiveAndAck(ofSecond, 2))).containsExactlyInAnyOrder(100L, 101L);
        assertThat(ofSecond.receive(10, Duration.ofSeconds(2)))
            .as("more for the second queue")
            .isEmpty();
        assertThat(sequences(receiveAndAck(ofFirst, 5)))
            .containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L);
      }
      first.removeQueue();
      second.removeQueue();
    }
  }

  private static List<Long> sequences(List<byte[]> bodies) {
    return bodies.stream().map(Envelope::sequence).toList();
  }

  private static MqConfig over(MqConfig config, Map<String, String> keys) {
    MqConfig c = config;
    for (Map.Entry<String, String> k : keys.entrySet()) {
      c = c.with(k.getKey(), k.getValue());
    }
    return c;
  }
}
