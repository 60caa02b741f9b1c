package io.mqbench.kafka;

import io.mqbench.broker.JavaLocalBroker;
import java.util.Map;

/**
 * The brokers the integration tests share: {@code KAFKA_BOOTSTRAP} when set, otherwise one local
 * single-node broker per test JVM, started by the first test that asks and stopped (its data
 * removed) when the JVM exits; and one more local broker that failure tests freeze and thaw, which
 * therefore never serves the other tests. A broker that cannot start fails the asking test.
 */
final class TestKafka {
  private static String bootstrap;
  private static JavaLocalBroker freezable;

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

  /**
   * The broker of the failure kits (kafka and kafka-share): a local broker of their own, since they
   * freeze it; the test classes run one after the other and each thaws it before it ends.
   *
   * @return the started broker; its shutdown hook stops it when the JVM exits
   */
  static synchronized JavaLocalBroker freezableBroker() throws InterruptedException {
    if (freezable == null) {
      JavaLocalBroker broker = new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER);
      broker.start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", "384")));
      freezable = broker;
    }
    return freezable;
  }

  /**
   * A three-broker local KRaft cluster of its own ({@code kafka.localBrokerNodes=3}: topics
   * replicated three ways, min.insync.replicas=2), started; the caller closes it.
   */
  static JavaLocalBroker startCluster() throws InterruptedException {
    JavaLocalBroker cluster = new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER, 3);
    cluster.start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", "384")));
    return cluster;
  }
}
