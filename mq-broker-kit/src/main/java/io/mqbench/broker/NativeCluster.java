package io.mqbench.broker;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local cluster of native servers: each node a {@link NativeServer} of its own (process, scratch
 * directory, ports), started in order, removed together, and failed node by node through {@link
 * #faults()}. A backend gives the nodes, already configured to find each other, and says how the
 * configuration points at the cluster and when the cluster serves (a leader elected, replicas in
 * sync): the node's port answering is not enough for that.
 *
 * <p><b>In network namespaces.</b> A cluster made by {@link #inNetworkNamespaces()} runs each node
 * in a Linux network namespace of its own ({@link NetworkNamespaces}, made at {@link #start}),
 * bound to that namespace's address ({@link NativeServer#host()}), so that a node can be cut off
 * the network and joined again ({@link BrokerFaults#partition}). Companions stay in this machine's
 * namespace and reach the nodes across the bridge. The network is removed once the nodes have
 * stopped: on {@link #close()}, on a failed start and at JVM shutdown.
 */
public abstract class NativeCluster implements LocalBroker {
  private final List<? extends NativeServer> nodes;
  private final List<? extends NativeServer> companions;
  private final List<BrokerProcess> launched = new CopyOnWriteArrayList<>();
  private boolean started;
  private boolean inNamespaces;
  private NetworkNamespaces network;
  private NetworkRemovalHook networkHook;

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
   * A new cluster, not started, configured as this one: what {@link #inNetworkNamespaces()} places
   * in network namespaces. By default there is none, and the cluster runs on 127.0.0.1 only.
   *
   * @return the copy
   * @throws MqException saying why this cluster cannot run in network namespaces
   */
  protected NativeCluster copy() {
    throw new MqException(
        "its nodes are native servers bound to 127.0.0.1 that cannot run in network namespaces");
  }

  /**
   * The same cluster, each node to run in a network namespace of its own (see the class comment).
   * Starts nothing; checks only what can be checked without trying: Linux, {@code ip}, root.
   *
   * @return a new cluster, not started
   * @throws MqException in one line if this machine cannot make network namespaces, saying why
   */
  @Override
  public LocalBroker inNetworkNamespaces() {
    NetworkNamespaces.unavailable()
        .ifPresent(
            why -> {
              throw new MqException("the cluster cannot run in network namespaces: " + why);
            });
    NativeCluster copy = copy();
    copy.inNamespaces = true;
    return copy;
  }

  /**
   * @return the nodes' network namespaces, once started in them
   */
  protected final synchronized Optional<NetworkNamespaces> network() {
    return Optional.ofNullable(network);
  }

  /**
   * @return for a description: {@code ", each node in a network namespace of its own (bridge ...)"}
   *     once started in them, else empty
   */
  protected final synchronized String networkDescription() {
    return network == null
        ? ""
        : ", each node in a network namespace of its own (" + network.description() + ")";
  }

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
      if (inNamespaces) {
        network = NetworkNamespaces.create(nodes.size());
        // Removed at shutdown once the nodes have stopped (a held stop keeps them serving the
        // run), and by close() otherwise.
        networkHook = new NetworkRemovalHook(network, launched, () -> nodes.get(0).stopHold());
        for (int i = 0; i < nodes.size(); i++) {
          nodes.get(i).placeIn(network, i, launched::add);
        }
      }
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
  public Optional<BrokerFaults> faults() {
    List<BrokerFaults> each = new ArrayList<>();
    for (NativeServer node : nodes) {
      each.add(node.faults().orElseThrow());
    }
    return Optional.of(new NodeFaults(each));
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
    if (network != null) {
      // After the nodes: a node still running keeps its namespace (unnamed) until it exits.
      network.close();
      networkHook.cancel();
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

    @Override
    public void partition(int node) throws InterruptedException {
      each.get(node).partition(0);
    }

    @Override
    public void heal(int node) throws InterruptedException {
      each.get(node).heal(0);
    }
  }
}
