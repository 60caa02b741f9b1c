package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.envelope.Envelope;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract kit on a durable quorum queue (the default), one fresh queue per test, against the
 * broker of {@code RABBITMQ_URI} or a private node. Leases end only with the receiver's channel, so
 * {@link #abandonedLeaseTimeout()} stays empty and the kit skips its lease-timeout test.
 */
class RabbitMqContractIT extends MqContractKit {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  private final RabbitMqProvider provider = new RabbitMqProvider();

  /**
   * @return the queue type under test
   */
  protected String queueType() {
    return "quorum";
  }

  private MqConfig config(String queue) {
    return provider.configure(
        Map.of(
            "rabbitmq.uri",
            BROKER.broker().uri(),
            "rabbitmq.queue",
            queue,
            "rabbitmq.queueType",
            queueType(),
            "rabbitmq.confirmTimeout",
            "10s"));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    String queue = "mqbench-it-" + queueName;
    return new QueueDeletingMq(provider.open(config(queue)), BROKER.broker().uri(), queue);
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    String queue = "mqbench-it-" + queueName;
    return Optional.of(
        QueueDeletingMq.withSubscriptions(
            provider.open(config(queue), subscriptions),
            BROKER.broker().uri(),
            queue,
            subscriptions));
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(15);
  }

  @Test
  void subscriptionsAreQueuesOfTheConfiguredTypeBoundToAFanoutExchangeThatRemovingDeletes()
      throws Exception {
    String queue = "mqbench-it-subscriptions-" + UUID.randomUUID().toString().substring(0, 8);
    try (Mq pubSub = provider.open(config(queue), 2)) {
      assertThat(pubSub.createdQueue()).contains(true);
      assertThat(pubSub.versions())
          .containsEntry("queueType", queueType())
          .containsEntry(
              "subscriptions",
              "fanout exchange " + queue + " to " + queue + "-s0," + queue + "-s1");
      assertThatCode(() -> declareAgainAs(queue + "-s1", queueType()))
          .as("a subscription's queue, declared again as a durable " + queueType() + " queue")
          .doesNotThrowAnyException();

      assertThat(pubSub.removeQueue()).isTrue();
    }

    for (String gone : List.of(queue + "-s0", queue + "-s1")) {
      assertThatThrownBy(() -> withChannel(ch -> ch.queueDeclarePassive(gone)))
          .as(gone)
          .isInstanceOf(IOException.class);
    }
    assertThatThrownBy(() -> withChannel(ch -> ch.exchangeDeclarePassive(queue)))
        .as("the exchange")
        .isInstanceOf(IOException.class);
  }

  @Test
  void twoQueuesNamedByKeysForQueueShareNoMessages() throws Exception {
    MqConfig base = config("mqbench-it-queues-" + UUID.randomUUID().toString().substring(0, 8));
    Map<String, String> firstKeys = provider.keysForQueue(base, "-1").orElseThrow();
    Map<String, String> secondKeys = provider.keysForQueue(base, "-2").orElseThrow();
    assertThat(firstKeys.keySet()).containsExactly("rabbitmq.queue");
    assertThat(firstKeys.get("rabbitmq.queue")).isNotEqualTo(secondKeys.get("rabbitmq.queue"));

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

  /**
   * Declares the queue again as durable and of {@code type}: the broker accepts only an equivalent
   * declaration of an existing queue, and refuses another type (406).
   */
  private static void declareAgainAs(String queue, String type) throws Exception {
    withChannel(ch -> ch.queueDeclare(queue, true, false, false, Map.of("x-queue-type", type)));
  }

  @FunctionalInterface
  private interface ChannelWork {
    void on(Channel ch) throws IOException;
  }

  private static void withChannel(ChannelWork work) throws Exception {
    ConnectionFactory f = new ConnectionFactory();
    f.setUri(BROKER.broker().uri());
    f.setAutomaticRecoveryEnabled(false);
    try (Connection c = f.newConnection("mqbench-it-check")) {
      Channel ch = c.createChannel();
      work.on(ch);
      if (ch.isOpen()) {
        ch.close();
      }
    }
  }
}
