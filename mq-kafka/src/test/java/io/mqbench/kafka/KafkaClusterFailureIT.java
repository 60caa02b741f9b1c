package io.mqbench.kafka;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit as {@link KafkaFailureIT} runs it, against a three-broker local KRaft cluster of
 * its own ({@code kafka.localBrokerNodes=3}: topics replicated three ways, min.insync.replicas=2),
 * every broker frozen at once.
 */
class KafkaClusterFailureIT extends KafkaFailureIT {
  /** Hides the single broker's start: this class runs against the cluster alone. */
  @BeforeAll
  static void startBroker() throws InterruptedException {
    kafka = TestKafka.startCluster();
  }

  @AfterAll
  static void stopBroker() {
    if (kafka != null) {
      kafka.close();
      kafka = null;
    }
  }
}
