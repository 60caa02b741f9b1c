package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link KafkaContractIT} against the three-broker local KRaft cluster {@code -p
 * kafka.localBrokerNodes=3} starts, topics replicated three ways with min.insync.replicas=2 (the
 * cluster's defaults, as a run gets them): what a single broker passes, a replicated topic passes
 * too.
 */
class KafkaClusterContractIT extends KafkaContractIT {
  private static LocalBroker cluster;
  private static String bootstrap;

  /** Hides the single broker's start: this class runs against the cluster alone. */
  @BeforeAll
  static void startBroker() throws InterruptedException {
    KafkaMqProvider provider = new KafkaMqProvider();
    MqConfig asked =
        provider.configure(Map.of("kafka.localBrokerNodes", "3", "kafka.localBrokerHeapMb", "384"));
    cluster = provider.localBroker(asked).orElseThrow();
    long started = System.nanoTime();
    bootstrap = cluster.start(asked).get(KafkaSettings.BOOTSTRAP_SERVERS);
    System.err.printf(
        "[kafka-it] %s up in %d ms%n",
        cluster.description(), (System.nanoTime() - started) / 1_000_000);
  }

  @AfterAll
  static void stopBroker() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** The cluster's address alone: topics are replicated as the cluster's defaults say. */
  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of("kafka.bootstrapServers", bootstrap);
  }

  @Test
  void aTopicCreatedOnTheLocalClusterHasThreeInSyncReplicasOnEveryPartition() throws Exception {
    KafkaMqProvider provider = new KafkaMqProvider();
    String topic = "replicated-" + System.nanoTime();
    MqConfig config =
        provider.configure(Map.of("kafka.bootstrapServers", bootstrap, "kafka.topic", topic));
    try (Mq mq = provider.open(config);
        Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      TopicDescription d =
          admin.describeTopics(List.of(topic)).allTopicNames().get(10, TimeUnit.SECONDS).get(topic);

      assertThat(cluster.description())
          .contains("(KRaft, topics replicated 3 ways, min.insync.replicas=2)");
      assertThat(mq.versions().get("topic"))
          .contains("replicationFactor=3")
          .contains("min.insync.replicas=2");
      assertThat(d.partitions()).isNotEmpty();
      for (TopicPartitionInfo p : d.partitions()) {
        assertThat(p.replicas()).as("replicas of partition %d", p.partition()).hasSize(3);
        assertThat(p.isr()).as("in-sync replicas of partition %d", p.partition()).hasSize(3);
      }
      mq.removeQueue();
    }
  }
}
