package io.mqbench.redis;

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
 * {@code -p redis.localBrokerNodes=3}: the local broker is a primary with two replicas and three
 * Sentinels, the replicas online as the primary itself reports them, each send waiting for one of
 * them, and the primary can be killed without losing an acknowledged message: a Sentinel promotes a
 * replica and clients follow it.
 */
class RedisClusterIT {
  private final RedisMqProvider provider = new RedisMqProvider();
  private LocalBroker broker;
  private MqConfig config;

  @BeforeEach
  void startTheLocalCluster() throws InterruptedException {
    MqConfig asked =
        provider.configure(
            Map.of(
                "redis.localBrokerNodes",
                "3",
                "redis.stream",
                "replicated",
                "redis.visibilityTimeout",
                "5s"));
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
  void threeLocalNodesAreAPrimaryWithTwoReplicasReadBackFromIt() {
    assertThat(broker.faults().orElseThrow().nodes()).isEqualTo(3);
    assertThat(broker.description()).startsWith("a local Redis of 3 private redis-servers");
    assertThat(provider.durability(config).where())
        .isEqualTo("on the primary, and in the memory of 1 replica(s) (WAIT)");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.settings()).contains("role master with 2 replica(s) online");
      assertThat(found.settings()).doesNotContain("fewer than");
      assertThat(provider.leaderAddress(config).orElseThrow())
          .isEqualTo(broker.faults().orElseThrow().address(0));
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(120)
  void aSendThatWaitsForMoreReplicasThanAreOnlineIsReadBackAsSuch() {
    Durability found = provider.durabilityFound(config.with("redis.replicas", "3")).orElseThrow();

    assertThat(found.settings()).contains("2 replica(s) online").contains("fewer than the 3");
  }

  @Test
  @Timeout(120)
  void killingThePrimaryLosesNoAcknowledgedMessageAndAReplicaIsPromoted() throws Exception {
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

  /**
   * Sends messages {@code from} to {@code to}, ten a batch, each named by its number; a batch that
   * fails while the Sentinels promote a replica is sent again (at least once), for 30 s at most.
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

  /** Until a replica is promoted, a receiver cannot be made; tries for 30 s at most. */
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
