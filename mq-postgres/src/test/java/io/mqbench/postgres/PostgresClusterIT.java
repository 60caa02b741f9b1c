package io.mqbench.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
    int primary = Integer.parseInt(broker.faults().orElseThrow().address(0).split(":")[1]);
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
        send(sender, 0, 500, sent);
        leader = provider.leaderAddress(config).orElseThrow();

        faults.kill(nodeAt(faults, leader));
        send(sender, 500, 1000, sent);
      }
      String promoted = provider.leaderAddress(config).orElseThrow();
      assertThat(promoted).isNotEqualTo(leader);
      assertThat(provider.durabilityFound(config).orElseThrow().settings())
          .contains("a primary with node")
          .contains("streaming quorum (pg_stat_replication), a commit waiting for 1 of 1");
      Set<String> received = new HashSet<>();
      try (MqReceiver receiver = receiverOnceThereIsAPrimary(mq)) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!received.containsAll(sent) && System.nanoTime() < deadline) {
          List<Received> batch = receiver.receive(100, Duration.ofSeconds(1));
          batch.forEach(r -> received.add(new String(r.body(), StandardCharsets.UTF_8)));
          receiver.ack(batch);
        }
      }
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
    try (Connection c =
            PostgresCluster.connect(Integer.parseInt(faults.address(0).split(":")[1]), null);
        Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("SELECT pg_is_in_recovery()")) {
      r.next();
      assertThat(r.getBoolean(1)).as("node1 is a standby").isTrue();
    }
  }

  private static void setStandbyNames(int port, String names) throws Exception {
    try (Connection c = PostgresCluster.connect(port, null);
        Statement s = c.createStatement()) {
      s.execute("ALTER SYSTEM SET synchronous_standby_names = '" + names + "'");
      s.execute("SELECT pg_reload_conf()");
    }
    Thread.sleep(500); // the reload reaches the server's processes
  }

  /**
   * Sends messages {@code from} to {@code to}, ten a batch, each named by its number; a batch that
   * fails while a standby is promoted is sent again (at least once), for 30 s at most.
   */
  private static void send(MqSender sender, int from, int to, Set<String> sent)
      throws InterruptedException {
    for (int i = from; i < to; i += 10) {
      List<byte[]> batch = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int j = i; j < i + 10; j++) {
        names.add("m" + j);
        batch.add(("m" + j).getBytes(StandardCharsets.UTF_8));
      }
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (true) {
        try {
          sender.send(batch);
          break;
        } catch (MqException e) {
          if (System.nanoTime() > deadline) {
            throw e;
          }
          Thread.sleep(200);
        }
      }
      sent.addAll(names);
    }
  }

  /** Until a standby is promoted, a receiver cannot be made; tries for 30 s at most. */
  private static MqReceiver receiverOnceThereIsAPrimary(Mq mq) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (true) {
      try {
        return mq.createReceiver();
      } catch (MqException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  private static int nodeAt(BrokerFaults faults, String address) {
    for (int node = 0; node < faults.nodes(); node++) {
      if (faults.address(node).equals(address)) {
        return node;
      }
    }
    throw new AssertionError(address + " is none of the cluster's nodes");
  }
}
