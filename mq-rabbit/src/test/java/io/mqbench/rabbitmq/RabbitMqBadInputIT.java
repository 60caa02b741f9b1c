package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bad addresses and credentials make {@code open()} fail fast with one clear line. */
class RabbitMqBadInputIT {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  private static final Duration LIMIT = Duration.ofSeconds(10);

  @Test
  void missingVirtualHostFailsOpenWithinTenSecondsNamingTheVhost() {
    String uri = BROKER.broker().uri().replaceAll("/+$", "") + "/no-such-vhost";

    MqException e = openFails(Map.of("rabbitmq.uri", uri));

    assertThat(e.getMessage()).contains("virtual host 'no-such-vhost'").contains("rabbitmq.vhost");
  }

  @Test
  void queueDeclaredWithAnotherTypeFailsOpenNamingTheQueue() {
    String queue = "mqbench-it-typeclash-" + System.nanoTime();
    String uri = BROKER.broker().uri();
    RabbitMqProvider provider = new RabbitMqProvider();
    provider.open(provider.configure(Map.of("rabbitmq.uri", uri, "rabbitmq.queue", queue))).close();
    try {
      MqException e =
          openFails(
              Map.of(
                  "rabbitmq.uri", uri, "rabbitmq.queue", queue, "rabbitmq.queueType", "classic"));

      assertThat(e.getMessage()).contains("queue '" + queue + "'").contains("rabbitmq.queue");
    } finally {
      QueueDeletingMq.deleteQueue(uri, queue);
    }
  }

  private static MqException openFails(Map<String, String> raw) {
    RabbitMqProvider provider = new RabbitMqProvider();
    long start = System.nanoTime();
    MqException e =
        catchThrowableOfType(MqException.class, () -> provider.open(provider.configure(raw)));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(e).as("open() fails").isNotNull();
    assertThat(took).as("open() failed after").isLessThan(LIMIT);
    assertThat(e.getMessage()).as("one line").doesNotContain("\n").startsWith("rabbitmq");
    System.err.println(
        "[rabbit-it] open() failed in " + took.toMillis() + " ms: " + e.getMessage());
    return e;
  }
}
