package io.mqbench.kafka;

import io.mqbench.broker.JavaLocalBroker;
import java.util.Map;

/**
 * The broker the integration tests share: {@code KAFKA_BOOTSTRAP} when set, otherwise one local
 * single-node broker per test JVM, started by the first test that asks and stopped (its data
 * removed) when the JVM exits. A broker that cannot start fails the asking test.
 */
final class TestKafka {
  private static String bootstrap;

  private TestKafka() {}

  static synchronized String bootstrapServers() throws InterruptedException {
    if (bootstrap == null) {
      String given = System.getenv("KAFKA_BOOTSTRAP");
      if (given != null && !given.isBlank()) {
        bootstrap = given;
      } else {
        // Its own shutdown hook stops it (and removes its data) when the JVM exits.
        JavaLocalBroker local = new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER);
        bootstrap =
            local
                .start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", "512")))
                .get(KafkaSettings.BOOTSTRAP_SERVERS);
      }
    }
    return bootstrap;
  }
}
