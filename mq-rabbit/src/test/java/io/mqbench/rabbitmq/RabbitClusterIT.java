package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.ClusterTraffic;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
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
 * {@code -p rabbitmq.localBrokerNodes=3}: the local broker is a three-node RabbitMQ cluster, its
 * quorum queues have three members as the cluster itself reports them, and the queue's leader can
 * be killed without losing a confirmed message. One cluster for the class (the kill comes last).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RabbitClusterIT {
  private static final RabbitMqProvider PROVIDER = new RabbitMqProvider();
  private static LocalBroker broker;
  private static MqConfig config;

  @BeforeAll
  static void startTheLocalCluster() throws InterruptedException {
    MqConfig asked =
        PROVIDER.configure(
            Map.of(
                "rabbitmq.localBrokerNodes",
                "3",
                "rabbitmq.queue",
                "replicated",
                "rabbitmq.confirmTimeout",
                "10s"));
    broker = PROVIDER.localBroker(asked).orElseThrow();
    long started = System.nanoTime();
    config = broker.start(asked);
    System.err.printf(
        "[rabbit-it] %s up in %d ms%n",
        broker.description(), (System.nanoTime() - started) / 1_000_000);
  }

  @AfterAll
  static void removeIt() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  @Order(1)
  @Timeout(120)
  void threeLocalNodesMakeAClusterWhoseQuorumQueuesHaveThreeMembersReadBackFromIt() {
    assertThat(broker.faults().orElseThrow().nodes()).isEqualTo(3);
    assertThat(broker.description()).startsWith("a 3-node local RabbitMQ cluster");
    assertThat(RabbitMqSettings.from(config).addresses()).hasSize(3);
    assertThat(PROVIDER.durability(config).where())
        .isEqualTo("on a majority of the queue's 3 members");

    try (Mq mq = PROVIDER.open(config)) {
      Durability found = PROVIDER.durabilityFound(config).orElseThrow();

      assertThat(found.where()).isEqualTo("on a majority of the queue's 3 members");
      assertThat(found.settings()).contains("3 member(s), 3 online, leader mqbench-");
      assertThat(PROVIDER.leaderAddress(config).orElseThrow())
          .isIn(addresses(broker.faults().orElseThrow()));
      assertThat(mq.createdQueue()).contains(true);
    }
  }

  @Test
  @Order(2)
  @Timeout(120)
  void aQueueWithFewerMembersThanTheClusterIsReadBackAsIt() {
    MqConfig one =
        config
            .with("rabbitmq.queue", "single-member")
            .with("rabbitmq.queueArgs.x-quorum-initial-group-size", "1");
    try (Mq mq = PROVIDER.open(one)) {
      Durability found = PROVIDER.durabilityFound(one).orElseThrow();

      assertThat(PROVIDER.durability(one).where())
          .isEqualTo("on the queue's only member (one node, not replicated)");
      assertThat(found.where()).isEqualTo("on the queue's only member (one node, not replicated)");
      assertThat(found.settings()).contains("1 member(s), 1 online");
      mq.removeQueue();
    }
  }

  @Test
  @Order(3)
  @Timeout(180)
  void killingTheQueuesLeaderLosesNoConfirmedMessageAndAnotherNodeLeads() throws Exception {
    BrokerFaults faults = broker.faults().orElseThrow();
    try (Mq mq = PROVIDER.open(config)) {
      Set<String> sent = new HashSet<>();
      try (MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 500, sent);
        String leader = PROVIDER.leaderAddress(config).orElseThrow();

        faults.kill(addresses(faults).indexOf(leader));
        ClusterTraffic.send(sender, 500, 1000, sent);

        assertThat(PROVIDER.leaderAddress(config).orElseThrow()).isNotEqualTo(leader);
      }
      Set<String> received = ClusterTraffic.receiveAll(mq, sent);
      assertThat(sent).hasSize(1000);
      assertThat(received).containsAll(sent);
      assertThat(PROVIDER.durabilityFound(config).orElseThrow().settings())
          .contains("3 member(s), 2 online");
    }
  }

  private static List<String> addresses(BrokerFaults faults) {
    List<String> all = new ArrayList<>();
    for (int node = 0; node < faults.nodes(); node++) {
      all.add(faults.address(node));
    }
    return all;
  }
}
