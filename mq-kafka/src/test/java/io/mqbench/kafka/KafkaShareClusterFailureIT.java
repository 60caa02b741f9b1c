package io.mqbench.kafka;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit as {@link KafkaShareFailureIT} runs it, against a three-broker local KRaft
 * cluster of its own (share groups on, topics and share state replicated three ways), every broker
 * frozen at once.
 */
class KafkaShareClusterFailureIT extends KafkaShareFailureIT {
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
