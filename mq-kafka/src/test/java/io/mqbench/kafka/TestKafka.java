package io.mqbench.kafka;

import java.time.Duration;

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
        LocalKafka local = LocalKafka.start(1, 512, Duration.ofSeconds(90));
        Runtime.getRuntime().addShutdownHook(new Thread(local::close, "stop-test-kafka"));
        bootstrap = local.bootstrapServers();
      }
    }
    return bootstrap;
  }
}
