package io.mqbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqSender;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What every backend's local cluster ({@code <backend>.localBrokerNodes=3}) must do: start as the
 * provider's local broker with three nodes, name its leader among them, and lose no acknowledged
 * message when that leader is killed while a sender sends. A backend's test extends it with the
 * configuration that asks for the cluster; {@link #config} is the started cluster's, for the
 * backend's own tests (what it reads back of its replication).
 */
public abstract class MqClusterKit {
  /** The nodes the kit's cluster has. */
  protected static final int NODES = 3;

  private LocalBroker broker;

  /** The started cluster's configuration. */
  protected MqConfig config;

  /**
   * @return the backend
   */
  protected abstract MqProvider provider();

  /**
   * @return the keys that ask for a local cluster of {@link #NODES} nodes, and short leases
   */
  protected abstract Map<String, String> clusterKeys();

  /**
   * @return the local cluster as the runner starts it
   */
  protected final LocalBroker broker() {
    return broker;
  }

  @BeforeEach
  void startTheLocalCluster() throws InterruptedException {
    MqConfig asked = provider().configure(clusterKeys());
    broker =
        provider()
            .localBroker(asked)
            .orElseThrow(() -> new AssertionError(provider().name() + " has no local broker"));
    config = broker.start(asked);
  }

  @AfterEach
  void removeTheCluster() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  @Timeout(120)
  void theLocalClusterHasItsNodesAndItsLeaderIsOneOfThem() {
    BrokerFaults faults = broker.faults().orElseThrow();
    try (Mq mq = provider().open(config)) {
      String leader = provider().leaderAddress(config).orElseThrow();

      assertThat(faults.nodes()).isEqualTo(NODES);
      assertThat(provider().hasLeaders()).isTrue();
      assertThat(ClusterTraffic.nodeAt(faults, leader)).isBetween(0, NODES - 1);
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(180)
  void killingTheLeaderWhileSendingLosesNoAcknowledgedMessage() throws Exception {
    BrokerFaults faults = broker.faults().orElseThrow();
    try (Mq mq = provider().open(config)) {
      Set<String> sent = new HashSet<>();
      String leader;
      try (MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 500, sent);
        leader = provider().leaderAddress(config).orElseThrow();
        faults.kill(ClusterTraffic.nodeAt(faults, leader));
        ClusterTraffic.send(sender, 500, 1000, sent);
      }
      Set<String> received = ClusterTraffic.receiveAll(mq, sent);

      assertThat(sent).hasSize(1000);
      assertThat(received).containsAll(sent);
      assertThat(provider().leaderAddress(config).orElseThrow()).isNotEqualTo(leader);
      mq.removeQueue();
    }
  }
}
