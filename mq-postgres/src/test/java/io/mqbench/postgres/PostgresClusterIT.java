package io.mqbench.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.ClusterTraffic;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p postgres.localBrokerNodes=3}: the local broker is a primary with two streaming
 * standbys, read back from the primary itself, each commit waiting for one of them; and the primary
 * can be killed without losing an acknowledged message: a standby is promoted and clients follow
 * it. One cluster for the class: the kill comes last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresClusterIT {
  private static final PostgresMqProvider provider = new PostgresMqProvider();
  private static LocalBroker broker;
  private static MqConfig config;

  @BeforeAll
  static void startTheLocalCluster() throws InterruptedException {
    MqConfig asked =
        provider.configure(
            Map.of(
                "postgres.localBrokerNodes",
                "3",
                "postgres.table",
                "replicated",
                "postgres.visibilityTimeout",
                "5s"));
    broker = provider.newLocalBroker(asked).orElseThrow();
    config = broker.start(asked);
  }

  @AfterAll
  static void removeIt() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  @Order(1)
  @Timeout(60)
  void threeLocalNodesAreAPrimaryWithTwoStreamingStandbysReadBackFromIt() {
    assertThat(broker.faults().orElseThrow().nodes()).isEqualTo(3);
    assertThat(broker.description()).startsWith("a local PostgreSQL of 3 private servers");
    assertThat(provider.durability(config).where())
        .isEqualTo("on the primary, and fsynced on 1 synchronous standby(s)");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.settings())
          .contains("synchronous_standby_names='ANY 1 (node1, node2, node3)'")
          .contains(
              "a primary with node2 streaming quorum, node3 streaming quorum"
                  + " (pg_stat_replication), a commit waiting for 1 of 2 synchronous")
          .doesNotContain("fewer than");
      assertThat(provider.leaderAddress(config).orElseThrow())
          .isEqualTo(broker.faults().orElseThrow().address(0));
      mq.removeQueue();
    }
  }

  @Test
  @Order(2)
  @Timeout(60)
  void aCommitWaitingForMoreStandbysThanStreamIsReadBackAsSuch() throws Exception {
    String primary = broker.faults().orElseThrow().address(0);
    try {
      setStandbyNames(primary, "ANY 3 (node1, node2, node3)");

      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.where())
          .isEqualTo("on the primary, and fsynced on 3 synchronous standby(s)");
      assertThat(found.settings())
          .contains("a commit waiting for 3 of 2 synchronous: fewer than a commit waits for")
          .endsWith(
              "; the server's commits wait for 3 standby(s), not the 1 of postgres.syncStandbys");
    } finally {
      setStandbyNames(primary, "ANY 1 (node1, node2, node3)");
    }
  }

  @Test
  @Order(3)
  @Timeout(150)
  void killingThePrimaryLosesNoAcknowledgedMessageAndAStandbyIsPromoted() throws Exception {
    BrokerFaults faults = broker.faults().orElseThrow();
    try (Mq mq = provider.open(config)) {
      Set<String> sent = new HashSet<>();
      String leader;
      try (MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 500, sent);
        leader = provider.leaderAddress(config).orElseThrow();

        faults.kill(ClusterTraffic.nodeAt(faults, leader));
        ClusterTraffic.send(sender, 500, 1000, sent);
      }
      String promoted = provider.leaderAddress(config).orElseThrow();
      assertThat(promoted).isNotEqualTo(leader);
      assertThat(provider.durabilityFound(config).orElseThrow().settings())
          .contains("a primary with node")
          .contains("streaming quorum (pg_stat_replication), a commit waiting for 1 of 1");
      Set<String> received = ClusterTraffic.receiveAll(mq, sent);
      assertThat(sent).hasSize(1000);
      assertThat(received).containsAll(sent);
      mq.removeQueue();
    }
  }

  @Test
  @Order(4)
  @Timeout(120)
  void theFormerPrimaryStartedAgainIsRewoundIntoAStandbyOfTheNewOne() throws Exception {
    BrokerFaults faults = broker.faults().orElseThrow();
    String primary = provider.leaderAddress(config).orElseThrow();

    faults.restart(0);

    assertThat(provider.leaderAddress(config).orElseThrow()).isEqualTo(primary);
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    String found = "";
    while (!found.contains("node1 streaming quorum") && System.nanoTime() < deadline) {
      Thread.sleep(500);
      found = provider.durabilityFound(config).orElseThrow().settings();
    }
    assertThat(found).contains("node1 streaming quorum").contains("a commit waiting for 1 of 2");
    try (Connection c = PostgresCluster.connect(faults.address(0), null);
        Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("SELECT pg_is_in_recovery()")) {
      r.next();
      assertThat(r.getBoolean(1)).as("node1 is a standby").isTrue();
    }
  }

  private static void setStandbyNames(String address, String names) throws Exception {
    try (Connection c = PostgresCluster.connect(address, null);
        Statement s = c.createStatement()) {
      s.execute("ALTER SYSTEM SET synchronous_standby_names = '" + names + "'");
      s.execute("SELECT pg_reload_conf()");
    }
    Thread.sleep(500); // the reload reaches the server's processes
  }
}
