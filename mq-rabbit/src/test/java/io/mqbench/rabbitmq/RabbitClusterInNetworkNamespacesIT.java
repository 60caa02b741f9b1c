package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.ClusterTraffic;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A 3-node local RabbitMQ cluster in network namespaces, as {@code partition-broker} starts it:
 * each node bound to and named by its namespace's address, clustered with the others across the
 * bridge; the queue's leader cut off the network, the majority confirms messages without it, and
 * once the link is back the cut node is a member again, no longer the leader, nothing confirmed
 * lost. Needs Linux, root and {@code ip} (CI has them).
 */
class RabbitClusterInNetworkNamespacesIT {
  private static final RabbitMqProvider PROVIDER = new RabbitMqProvider();
  private static final Pattern RAFT_LEADER = Pattern.compile("'([^']+@[^']+)'\\}\\}\\s*$");
  private static final Pattern BRIDGE = Pattern.compile("bridge (mqb[0-9a-f]{4}) 10\\.213\\.");

  @Test
  @Timeout(300)
  void theLeaderCutOffGivesWayToTheMajorityAndRejoinsWithNothingConfirmedLost() throws Exception {
    MqConfig asked =
        PROVIDER.configure(
            Map.of(
                "rabbitmq.localBrokerNodes", "3",
                "rabbitmq.queue", "partitioned",
                "rabbitmq.confirmTimeout", "20s"));
    LocalBroker broker = PROVIDER.localBroker(asked).orElseThrow().inNetworkNamespaces();
    String bridge = null;
    try {
      MqConfig config = broker.start(asked);
      Matcher m = BRIDGE.matcher(broker.description());
      assertThat(m.find()).as(broker.description()).isTrue();
      bridge = m.group(1);
      BrokerFaults faults = broker.faults().orElseThrow();
      List<String> addresses = addresses(faults);
      assertThat(addresses).allMatch(a -> a.startsWith("10.213."));

      Set<String> sent = new HashSet<>();
      int cut;
      try (Mq mq = PROVIDER.open(config);
          MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 300, sent);
        assertThat(PROVIDER.durabilityFound(config).orElseThrow().settings())
            .contains("3 member(s), 3 online, leader mqbench-")
            .contains("@10.213.");
        cut = addresses.indexOf(PROVIDER.leaderAddress(config).orElseThrow());
        assertThat(cut).as("the leader is one of the nodes").isNotNegative();
      }

      faults.partition(cut);
      awaitMajorityLeaderOtherThan(
          config.with("rabbitmq.uri", urisBut(addresses, cut)), cut, addresses);
      faults.heal(cut);

      awaitAllOnline(config);
      // Back in, the cut node may win a later election again (nothing was written meanwhile, so
      // its log is as long as the others'): that the majority led without it is checked above.
      assertThat(addresses)
          .as("a node leads once all are back")
          .contains(PROVIDER.leaderAddress(config).orElseThrow());
      try (Mq mq = PROVIDER.open(config)) {
        try (MqSender sender = mq.createSender()) {
          ClusterTraffic.send(sender, 300, 600, sent);
        }
        Set<String> received = ClusterTraffic.receiveAll(mq, sent);
        assertThat(sent).hasSize(600);
        assertThat(received).containsAll(sent);
        mq.removeQueue();
      }
    } finally {
      broker.close();
    }
    assertThat(ip("netns", "list"))
        .as("no namespace outlives the cluster")
        .doesNotContain("mqb-" + bridge.substring(3) + "-");
  }

  /**
   * The majority's quorum queue members elect a leader among themselves within seconds, long before
   * Erlang distribution declares the cut node down; asked of each member's own Raft view ({@code
   * ra:members}), which {@code list_queues} cannot give while a member is cut off (it waits for
   * it).
   */
  private static void awaitMajorityLeaderOtherThan(
      MqConfig majority, int cut, List<String> addresses) throws Exception {
    List<RabbitNode> members = LocalNodes.at(RabbitMqSettings.from(majority).addresses());
    long start = System.nanoTime();
    long deadline = start + TimeUnit.SECONDS.toNanos(30);
    String last = "";
    while (System.nanoTime() < deadline) {
      List<String> leaders = new ArrayList<>();
      for (RabbitNode member : members) {
        try {
          Matcher m =
              RAFT_LEADER.matcher(
                  member.query(10, "eval", "ra:members({'%2F_partitioned', node()}, 1000)."));
          leaders.add(m.find() ? m.group(1) : "none");
        } catch (RuntimeException e) {
          leaders.add(e.getMessage());
        }
      }
      last = leaders.toString();
      if (leaders.stream().distinct().count() == 1
          && members.stream().anyMatch(n -> n.nodeName().equals(leaders.get(0)))) {
        System.err.printf(
            "[rabbit-it] the majority's leader %s, seen %d ms after the cut%n",
            leaders.get(0), (System.nanoTime() - start) / 1_000_000);
        return;
      }
      Thread.sleep(500);
    }
    throw new AssertionError(
        "the majority has no leader of its own 30 s after node "
            + (cut + 1)
            + " ("
            + addresses.get(cut)
            + ") was cut off: "
            + last);
  }

  private static void awaitAllOnline(MqConfig config) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    String last = "";
    while (System.nanoTime() < deadline) {
      try {
        last = PROVIDER.durabilityFound(config).orElseThrow().settings();
        if (last.contains("3 member(s), 3 online")) {
          return;
        }
      } catch (RuntimeException e) {
        last = e.getMessage();
      }
      Thread.sleep(500);
    }
    throw new AssertionError("the cut node is not a member online again: " + last);
  }

  private static String urisBut(List<String> addresses, int cut) {
    List<String> others = new ArrayList<>(addresses);
    others.remove(cut);
    return others.stream().map(a -> "amqp://guest:guest@" + a).collect(Collectors.joining(","));
  }

  private static List<String> addresses(BrokerFaults faults) {
    List<String> all = new ArrayList<>();
    for (int node = 0; node < faults.nodes(); node++) {
      all.add(faults.address(node));
    }
    return all;
  }

  private static String ip(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
    return out;
  }
}
