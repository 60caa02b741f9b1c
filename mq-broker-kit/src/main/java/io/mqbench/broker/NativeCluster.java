package io.mqbench.broker;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A local cluster of native servers: each node a {@link NativeServer} of its own (process, scratch
 * directory, ports), started in order, removed together, and failed node by node through {@link
 * #faults()}. A backend gives the nodes, already configured to find each other, and says how the
 * configuration points at the cluster and when the cluster serves (a leader elected, replicas in
 * sync): the node's port answering is not enough for that.
 */
public abstract class NativeCluster implements LocalBroker {
  private final List<? extends NativeServer> nodes;
  private final List<? extends NativeServer> companions;
  private boolean started;

  /**
   * @param nodes the cluster's nodes, at least one, configured as members of one cluster
   */
  protected NativeCluster(List<? extends NativeServer> nodes) {
    this(nodes, List.of());
  }

  /**
   * @param nodes the cluster's nodes, at least one, configured as members of one cluster
   * @param companions processes that serve the cluster without holding its data (Redis's
   *     Sentinels): started after the nodes, stopped before them, and no target of faults
   */
  protected NativeCluster(
      List<? extends NativeServer> nodes, List<? extends NativeServer> companions) {
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a cluster has at least one node");
    }
    this.nodes = List.copyOf(nodes);
    this.companions = List.copyOf(companions);
  }

  /**
   * @param config the configuration without an address
   * @return the same configuration pointing at every node of the cluster
   */
  protected abstract MqConfig pointAt(MqConfig config);

  /**
   * Waits until the cluster serves the backend's clients as a cluster; by default returns at once.
   *
   * @param pointed the configuration {@link #pointAt} made
   * @throws MqException if it does not within the backend's time; the message says why
   * @throws InterruptedException if interrupted while waiting
   */
  protected void awaitClustered(MqConfig pointed) throws InterruptedException {}

  /**
   * @return the nodes, in their order (node 1 first, as users name them)
   */
  protected final List<? extends NativeServer> nodes() {
    return nodes;
  }

  /**
   * Starts every node, then waits until they serve as a cluster; a node that fails to start stops
   * the ones started before it and removes them with their data.
   */
  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (started) {
      throw new IllegalStateException("the cluster is started");
    }
    started = true;
    try {
      for (NativeServer node : nodes) {
        node.start();
      }
      for (NativeServer companion : companions) {
        companion.start();
      }
      MqConfig pointed = pointAt(config);
      awaitClustered(pointed);
      return pointed;
    } catch (RuntimeException | InterruptedException e) {
      close();
      throw e;
    }
  }

  /** Each node's own faults, by its number. */
  @Override
  public java.util.Optional<BrokerFaults> faults() {
    List<BrokerFaults> each = new ArrayList<>();
    for (NativeServer node : nodes) {
      each.add(node.faults().orElseThrow());
    }
    return java.util.Optional.of(new NodeFaults(each));
  }

  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    // One hold per node: a shutdown stops the run once, whichever node's process sees it first.
    Runnable once = new OnlyOnce(onShutdown);
    List<Hold> holds = new ArrayList<>();
    for (NativeServer node : nodes) {
      holds.add(node.holdStop(once, atMost));
    }
    for (NativeServer companion : companions) {
      holds.add(companion.holdStop(once, atMost));
    }
    return () -> holds.forEach(Hold::close);
  }

  /**
   * Stops the companions, then every node, the last first, and deletes their directories.
   * Idempotent.
   */
  @Override
  public synchronized void close() {
    for (int i = companions.size() - 1; i >= 0; i--) {
      companions.get(i).close();
    }
    for (int i = nodes.size() - 1; i >= 0; i--) {
      nodes.get(i).close();
    }
  }

  private static final class OnlyOnce implements Runnable {
    private final Runnable action;
    private boolean ran;

    OnlyOnce(Runnable action) {
      this.action = action;
    }

    @Override
    public synchronized void run() {
      if (!ran) {
        ran = true;
        action.run();
      }
    }
  }

  /** A cluster's faults: node i is the i-th node's own. */
  private record NodeFaults(List<BrokerFaults> each) implements BrokerFaults {
    @Override
    public int nodes() {
      return each.size();
    }

    @Override
    public String address(int node) {
      return each.get(node).address(0);
    }

    @Override
    public long pid(int node) {
      return each.get(node).pid(0);
    }

    @Override
    public void kill(int node) throws InterruptedException {
      each.get(node).kill(0);
    }

    @Override
    public Duration restart(int node) throws InterruptedException {
      return each.get(node).restart(0);
    }

    @Override
    public void pause(int node) throws InterruptedException {
      each.get(node).pause(0);
    }

    @Override
    public void resume(int node) throws InterruptedException {
      each.get(node).resume(0);
    }
  }
}
