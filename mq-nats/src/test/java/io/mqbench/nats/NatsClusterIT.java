package io.mqbench.nats;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p nats.localBrokerNodes=3}: the local broker is a three-node JetStream cluster, its
 * streams have three replicas as the cluster itself reports them, and its leader can be killed
 * without losing an acknowledged message.
 */
class NatsClusterIT {
  private final NatsMqProvider provider = new NatsMqProvider();
  private LocalBroker broker;
  private MqConfig config;

  @BeforeEach
  void startTheLocalCluster() throws InterruptedException {
    MqConfig asked =
        provider.configure(
            Map.of(
                "nats.localBrokerNodes", "3", "nats.stream", "replicated", "nats.ackWait", "5s"));
    broker = provider.newLocalBroker(asked).orElseThrow();
    config = broker.start(asked);
  }

  @AfterEach
  void removeIt() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  @Timeout(120)
  void threeLocalNodesMakeAClusterWhoseStreamsHaveThreeReplicasReadBackFromIt() {
    assertThat(broker.faults().orElseThrow().nodes()).isEqualTo(3);
    assertThat(broker.description()).startsWith("a 3-node local JetStream cluster");
    assertThat(provider.durability(config).where())
        .isEqualTo("on a majority of the stream's 3 replicas");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.where()).isEqualTo("on a majority of the stream's 3 replicas");
      assertThat(found.settings())
          .contains("stream storage file with 3 replica(s): leader mqbench-")
          .contains("2 of 2 other replica(s) current");
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(120)
  void aStreamWithFewerReplicasThanAskedIsReadBackAsIt() {
    MqConfig one = config.with("nats.replicas", "1").with("nats.stream", "single");
    try (Mq mq = provider.open(one)) {
      Durability found = provider.durabilityFound(config.with("nats.stream", "single")).get();

      assertThat(found.where()).isEqualTo("on the stream's server");
      assertThat(found.settings()).contains("1 replica(s) (fewer than nats.replicas=3)");
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(120)
  void killingTheStreamsLeaderLosesNoAcknowledgedMessageAndAnotherNodeLeads() throws Exception {
    BrokerFaults faults = broker.faults().orElseThrow();
    try (Mq mq = provider.open(config)) {
      Set<String> sent = new HashSet<>();
      try (MqSender sender = mq.createSender()) {
        send(sender, 0, 500, sent);
        String leader = provider.leaderAddress(config).orElseThrow();
        int node = nodeAt(faults, leader);

        faults.kill(node);
        send(sender, 500, 1000, sent);

        assertThat(provider.leaderAddress(config).orElseThrow()).isNotEqualTo(leader);
      }
      Set<String> received = new HashSet<>();
      try (MqReceiver receiver = receiverOnceTheConsumerHasALeader(mq)) {
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

  /**
   * Sends messages {@code from} to {@code to}, ten a batch, each named by its number; a batch that
   * fails while the cluster elects a leader is sent again (at least once), for 30 s at most.
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

  /**
   * The consumer's leader may have been on the killed node too: until another node leads it, a
   * receiver cannot be made; tries for 30 s at most.
   */
  private static MqReceiver receiverOnceTheConsumerHasALeader(Mq mq) throws InterruptedException {
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
