package io.mqbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
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
 * What every backend's local cluster ({@code <backend>.localBrokerNodes=3}) must do: start as the
 * provider's local broker with three nodes, name its leader among them, and lose no acknowledged
 * message when that leader is killed while a sender sends. A backend's test extends it with the
 * configuration that asks for the cluster; {@link #config} is the started cluster's, for the
 * backend's own tests (what it reads back of its replication).
 */
public abstract class MqClusterKit {
  /** The nodes the kit's cluster has. */
  protected static final int NODES = 3;

  /** How long a send or a receiver may fail while the cluster fails over. */
  private static final Duration FAILOVER = Duration.ofSeconds(30);

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
      assertThat(nodeAt(faults, leader)).isBetween(0, NODES - 1);
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
        send(sender, 0, 500, sent);
        leader = provider().leaderAddress(config).orElseThrow();
        faults.kill(nodeAt(faults, leader));
        send(sender, 500, 1000, sent);
      }
      Set<String> received = receiveAll(mq, sent);

      assertThat(sent).hasSize(1000);
      assertThat(received).containsAll(sent);
      assertThat(provider().leaderAddress(config).orElseThrow()).isNotEqualTo(leader);
      mq.removeQueue();
    }
  }

  private static Set<String> receiveAll(Mq mq, Set<String> sent) throws InterruptedException {
    Set<String> received = new HashSet<>();
    try (MqReceiver receiver = retried(mq::createReceiver)) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!received.containsAll(sent) && System.nanoTime() < deadline) {
        List<Received> batch = receiver.receive(100, Duration.ofSeconds(1));
        batch.forEach(r -> received.add(new String(r.body(), StandardCharsets.UTF_8)));
        receiver.ack(batch);
      }
    }
    return received;
  }

  /** Sends messages {@code from} to {@code to}, ten a batch, each named by its number. */
  private static void send(MqSender sender, int from, int to, Set<String> sent)
      throws InterruptedException {
    for (int i = from; i < to; i += 10) {
      List<byte[]> batch = new ArrayList<>();
      List<String> names = new ArrayList<>();
      for (int j = i; j < i + 10; j++) {
        names.add("m" + j);
        batch.add(("m" + j).getBytes(StandardCharsets.UTF_8));
      }
      retried(
          () -> {
            sender.send(batch);
            return null;
          });
      sent.addAll(names);
    }
  }

  /** A step that may fail while the cluster fails over: tried again (at least once) for 30 s. */
  private interface Step<T> {
    T run() throws InterruptedException;
  }

  private static <T> T retried(Step<T> step) throws InterruptedException {
    long deadline = System.nanoTime() + FAILOVER.toNanos();
    while (true) {
      try {
        return step.run();
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
