package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The private node the runner starts when no address is given, used the way the runner uses it. */
class RabbitNodeLocalBrokerIT {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  @Test
  void withoutAnAddressAPrivateNodeStartsServesAndLeavesNothingBehind() throws Exception {
    assumeTrue(RabbitNode.installed().isPresent(), "rabbitmq-server is not installed");
    MqConfig config =
        provider.configure(Map.of("rabbitmq.queue", "local-node", "rabbitmq.queueType", "classic"));
    LocalBroker broker = provider.localBroker(config).orElseThrow();
    Path data = ((RabbitNode) broker).directory();
    try {
      MqConfig started = broker.start(config);
      assertThat(started.get(RabbitMqSettings.URI))
          .matches("amqp://guest:guest@127\\.0\\.0\\.1:\\d+");
      assertThat(broker.description()).startsWith("a private RabbitMQ node");

      try (Mq mq = provider.open(started);
          MqSender sender = mq.createSender();
          MqReceiver receiver = mq.createReceiver()) {
        sender.send(List.of(new byte[] {1, 2, 3}));
        List<Received> got = List.of();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (got.isEmpty() && System.nanoTime() < deadline) {
          got = receiver.receive(10, Duration.ofMillis(500));
        }
        assertThat(got).hasSize(1);
        receiver.ack(got);
      }
    } finally {
      broker.close();
      broker.close();
    }
    assertThat(Files.exists(data)).as("data directory removed").isFalse();
  }
}
