package io.mqbench.kafka;

import io.mqbench.broker.JavaLocalBroker;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of {@link KafkaShareContractIT} against a three-broker local KRaft cluster of its own:
 * share groups on, topics replicated three ways with min.insync.replicas=2.
 */
class KafkaShareClusterContractIT extends KafkaShareContractIT {
  private static JavaLocalBroker cluster;

  /** Hides the single broker's start: this class runs against the cluster alone. */
  @BeforeAll
  static void startBroker() throws InterruptedException {
    cluster = TestKafka.startCluster();
  }

  @AfterAll
  static void stopBroker() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The cluster's address, and its topics replicated as the cluster's default (3). */
  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of("kafka-share.bootstrapServers", cluster.address());
  }
}
