package io.mqbench.broker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The processes of a local broker's nodes: each started from its command in its directory, its log
 * {@link JavaLocalBroker#LOG_FILE} there; a node restarted runs the same command again; a {@link
 * StopHold} reaches every process, those started after it included.
 *
 * <p>Thread-safe.
 */
final class NodeProcesses {
  private final String brokerName;
  private final BrokerProcess[] current;
  private final List<List<String>> commands = new ArrayList<>();
  private final List<Path> directories = new ArrayList<>();

  /** Every process ever started, restarts included: what the network's shutdown hook stops. */
  private final List<BrokerProcess> launched = new CopyOnWriteArrayList<>();

  private volatile StopHold hold;

  /**
   * @param brokerName the broker's name; a node of a cluster is named with its number after it
   * @param size how many nodes
   */
  NodeProcesses(String brokerName, int size) {
    this.brokerName = brokerName;
    this.current = new BrokerProcess[size];
  }

  /**
   * Starts the next node, in order from 0.
   *
   * @param command its command line
   * @param dir its directory, where it runs and logs
   */
  synchronized void start(List<String> command, Path dir) {
    commands.add(command);
    directories.add(dir);
    launch(commands.size() - 1);
  }

  /** Kills a node at once (SIGKILL) and starts it again with the same command. */
  synchronized void crashAndRestart(int node) throws InterruptedException {
    current[node].kill();
    current[node].close();
    launch(node);
  }

  private void launch(int node) {
    Path dir = directories.get(node);
    current[node] =
        BrokerProcess.start(
            current.length == 1 ? brokerName : brokerName + " " + (node + 1),
            commands.get(node),
            true,
            dir,
            dir.resolve(JavaLocalBroker.LOG_FILE),
            env -> {});
    launched.add(current[node]);
    StopHold h = hold;
    if (h != null) {
      current[node].holdStop(h);
    }
  }

  /**
   * @param node which node, from 0
   * @return its process now, or null before it started
   */
  synchronized BrokerProcess get(int node) {
    return current[node];
  }

  /** Holds the stop of every process, those started later included. */
  synchronized void holdStop(StopHold h) {
    hold = h;
    for (BrokerProcess p : launched) {
      p.holdStop(h);
    }
  }

  /**
   * @return the stop hold, or null
   */
  StopHold hold() {
    return hold;
  }

  /**
   * @return every process ever started, restarts included; grows as nodes start
   */
  List<BrokerProcess> launched() {
    return launched;
  }

  /** Stops every node's current process, at once. */
  void closeAll() {
    BrokerProcess[] now;
    synchronized (this) {
      now = current.clone();
    }
    Arrays.stream(now).parallel().filter(Objects::nonNull).forEach(BrokerProcess::close);
  }
}
