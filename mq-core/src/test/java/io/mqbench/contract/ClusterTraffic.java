package io.mqbench.contract;

import io.mqbench.mq.BrokerFaults;
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
import java.util.Set;

/**
 * Messages through a cluster while it fails over, for the tests of local clusters: sends and the
 * making of a receiver that fail meanwhile are tried again (at least once) for 30 s, and every
 * message is named by its number so that what arrived can be matched against what was sent.
 */
public final class ClusterTraffic {
  /** How long a send or a receiver may fail while the cluster fails over. */
  private static final Duration FAILOVER = Duration.ofSeconds(30);

  private ClusterTraffic() {}

  /**
   * Sends messages {@code from} to {@code to}, ten a batch, each named by its number.
   *
   * @param sender the sender
   * @param from the first message's number
   * @param to one past the last's
   * @param sent where the names of the acknowledged messages go
   */
  public static void send(MqSender sender, int from, int to, Set<String> sent)
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

  /**
   * Receives and acknowledges until every message sent arrived, or for 60 s.
   *
   * @param mq the queue
   * @param sent the names of the messages sent
   * @return the names of the messages received
   */
  public static Set<String> receiveAll(Mq mq, Set<String> sent) throws InterruptedException {
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

  /**
   * @param faults a local cluster's faults
   * @param address a node's client address, as {@code leaderAddress} names it
   * @return the node's number
   * @throws AssertionError if no node has that address
   */
  public static int nodeAt(BrokerFaults faults, String address) {
    for (int node = 0; node < faults.nodes(); node++) {
      if (faults.address(node).equals(address)) {
        return node;
      }
    }
    throw new AssertionError(address + " is none of the cluster's nodes");
  }

  /** A step that may fail while the cluster fails over. */
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
}
