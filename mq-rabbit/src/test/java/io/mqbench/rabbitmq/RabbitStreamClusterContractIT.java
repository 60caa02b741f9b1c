package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every test of {@link RabbitStreamContractIT} against a three-node local RabbitMQ cluster with the
 * stream plugin, as {@code -p rabbitmq-stream.localBrokerNodes=3} starts it: each stream with three
 * members, clients given every node. What a single node passes, a replicated stream passes too; and
 * the stream's members are read back from the cluster, fewer than asked said.
 */
class RabbitStreamClusterContractIT extends RabbitStreamContractIT {
  private static TestRabbitCluster.StreamCluster cluster;

  private final RabbitStreamProvider provider = new RabbitStreamProvider();

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestRabbitCluster.startWithStreams();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected Map<String, String> brokerKeys() {
    return cluster.brokerKeys();
  }

  @Override
  protected String amqpUri() {
    return cluster.amqpUri();
  }

  private MqConfig config(String stream, String members) {
    Map<String, String> raw = new HashMap<>(StreamTests.config(brokerKeys(), stream));
    raw.put("rabbitmq-stream.initialClusterSize", members);
    return provider.configure(raw);
  }

  @Test
  void theLocalClustersStreamsHaveAMemberOnEachNodeReadBackFromTheCluster() {
    assertThat(cluster.config().get(StreamSettings.INITIAL_MEMBERS)).isEqualTo(3);
    assertThat(cluster.cluster().description())
        .startsWith("a 3-node local RabbitMQ cluster of private rabbitmq-server nodes (streams");
    MqConfig config = config("mqbench-it-three-members", "3");
    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(provider.durability(config).where())
          .isEqualTo(
              "on a majority of the stream's 3 members (written to their logs, not fsynced)");
      assertThat(found.where())
          .isEqualTo(
              "on a majority of the stream's 3 members (written to their logs, not fsynced)");
      assertThat(found.settings())
          .contains("3 member(s), 3 online, leader mqbench-")
          .doesNotContain("FEWER");
      assertThat(provider.leaderAddress(config).orElseThrow()).isIn((Object[]) addresses());
      mq.removeQueue();
    }
  }

  @Test
  void aStreamWithFewerMembersThanAskedIsReadBackAsItAndSaidSo() {
    String stream = "mqbench-it-one-member";
    try (Mq one = provider.open(config(stream, "1"))) {
      MqConfig asked = config(stream, "3");
      Durability found = provider.durabilityFound(asked).orElseThrow();

      assertThat(found.where())
          .isEqualTo(
              "on the stream's only member (one node, not replicated) (written to their"
                  + " logs, not fsynced)");
      assertThat(found.settings())
          .contains("1 member(s), 1 online")
          .contains("FEWER than asked: rabbitmq-stream.initialClusterSize=3");
      one.removeQueue();
    }
  }

  @Test
  void aStreamNotCreatedYetIsReadBackAsNotThereRatherThanFailingTheReading() {
    MqConfig config = config("mqbench-it-not-yet", "3");
    Durability found = provider.durabilityFound(config).orElseThrow();

    assertThat(found.where())
        .isEqualTo("on a majority of the stream's 3 members (written to their logs, not fsynced)");
    assertThat(found.settings())
        .isEqualTo(
            "stream 'mqbench-it-not-yet' not there yet: its members as configured, not read back");
  }

  private static String[] addresses() {
    var faults = cluster.cluster().faults().orElseThrow();
    String[] all = new String[faults.nodes()];
    for (int node = 0; node < all.length; node++) {
      all[node] = faults.address(node);
    }
    return all;
  }
}
