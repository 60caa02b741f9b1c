package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
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
  protected Optional<Configured> configured(String queueName) throws Exception {
    return Optional.of(new Configured(provider, config("mqbench-it-" + queueName)));
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
