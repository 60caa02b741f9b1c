package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.ClusterTraffic;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.net.URI;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The failure kit as {@link RabbitStreamFailureIT} runs it, against a three-node local RabbitMQ
 * cluster with streams of its own (it freezes every node at once), each stream with three members;
 * and, last, the stream's leader killed while a sender sends: no confirmed message is lost, and
 * another node leads.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RabbitStreamClusterFailureIT extends RabbitStreamFailureIT {
  private static TestRabbitCluster.StreamCluster cluster;

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
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>(StreamTests.config(cluster.brokerKeys(), queueName));
    raw.put("rabbitmq-stream.confirmTimeout", "2s");
    raw.put("rabbitmq-stream.connectTimeout", "2s");
    return raw;
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    URI first = URI.create(cluster.brokerKeys().get("rabbitmq-stream.uri").split(",")[0]);
    return Optional.of(
        new WrongCredentials(
            Map.of(
                "rabbitmq-stream.uri",
                "rabbitmq-stream://mqbench-nobody:wrong@"
                    + first.getHost()
                    + ":"
                    + first.getPort()
                    + "/%2f"),
            "rabbitmq-stream.uri"));
  }

  /** The whole cluster frozen: every node at once. */
  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.cluster().faults().orElseThrow()));
  }

  /** Last: the cluster runs on two nodes after it. */
  @Test
  @Order(Integer.MAX_VALUE)
  @Timeout(180)
  void killingTheStreamsLeaderLosesNoConfirmedMessageAndAnotherNodeLeads() throws Exception {
    RabbitStreamProvider provider = new RabbitStreamProvider();
    Map<String, String> raw = StreamTests.config(cluster.brokerKeys(), "mqbench-it-leader-killed");
    raw.put("rabbitmq-stream.leaseTimeout", "5s");
    MqConfig config = provider.configure(raw);
    BrokerFaults faults = cluster.cluster().faults().orElseThrow();
    try (Mq mq = provider.open(config)) {
      Set<String> sent = new HashSet<>();
      String leader;
      try (MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 500, sent);
        leader = provider.leaderAddress(config).orElseThrow();

        faults.kill(ClusterTraffic.nodeAt(faults, leader));
        ClusterTraffic.send(sender, 500, 1000, sent);
      }
      Set<String> received = ClusterTraffic.receiveAll(mq, sent);

      assertThat(sent).hasSize(1000);
      assertThat(received).containsAll(sent);
      assertThat(provider.leaderAddress(config).orElseThrow()).isNotEqualTo(leader);
      assertThat(provider.durabilityFound(config).orElseThrow().settings())
          .contains("3 member(s), 2 online");
      mq.removeQueue();
    }
  }
}
