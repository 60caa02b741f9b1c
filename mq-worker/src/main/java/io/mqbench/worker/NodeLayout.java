package io.mqbench.worker;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a run's senders and receivers go: the first {@code senderNodes} of the run's nodes send,
 * the last {@code receiverNodes} receive (so with as many nodes as both together the roles are
 * apart, and with fewer some nodes do both), each with the same number of threads. Global sender
 * ids are consecutive per node, so that rate mode, which spreads its schedule by global id, stays
 * even across nodes.
 *
 * @param nodes the workers of the run, in order
 * @param senderNodes how many of them send, 0..nodes
 * @param receiverNodes how many of them receive, 0..nodes
 * @param sendersPerNode sender threads on each sending node
 * @param receiversPerNode receiver threads on each receiving node
 */
public record NodeLayout(
    List<WorkerAddress> nodes,
    int senderNodes,
    int receiverNodes,
    int sendersPerNode,
    int receiversPerNode) {

  /** Validates the counts, naming the options. */
  public NodeLayout {
    nodes = List.copyOf(nodes);
    if (nodes.isEmpty()) {
      throw new ConfigException("--nodes must be at least 1");
    }
    if (senderNodes < 0 || senderNodes > nodes.size()) {
      throw new ConfigException(
          "--sender-nodes must be 0.." + nodes.size() + " (the run's nodes), was " + senderNodes);
    }
    if (receiverNodes < 0 || receiverNodes > nodes.size()) {
      throw new ConfigException(
          "--receiver-nodes must be 0.."
              + nodes.size()
              + " (the run's nodes), was "
              + receiverNodes);
    }
    if (senderNodes + receiverNodes < nodes.size()) {
      throw new ConfigException(
          "--sender-nodes "
              + senderNodes
              + " and --receiver-nodes "
              + receiverNodes
              + " leave some of the "
              + nodes.size()
              + " nodes without a role; lower --nodes");
    }
  }

  /**
   * One node's part of the run.
   *
   * @param address the worker
   * @param firstSenderId the global id of its first sender
   * @param senders its sender threads
   * @param receivers its receiver threads
   */
  public record Part(WorkerAddress address, int firstSenderId, int senders, int receivers) {
    /**
     * @return {@code sender}, {@code receiver} or {@code sender+receiver}
     */
    public String roles() {
      return senders > 0 && receivers > 0
          ? "sender+receiver"
          : senders > 0 ? "sender" : receivers > 0 ? "receiver" : "none";
    }
  }

  /**
   * @return sender threads across the run
   */
  public int senders() {
    return senderNodes * sendersPerNode;
  }

  /**
   * @return receiver threads across the run
   */
  public int receivers() {
    return receiverNodes * receiversPerNode;
  }

  /**
   * @return every node's part, in node order
   */
  public List<Part> parts() {
    List<Part> parts = new ArrayList<>();
    int n = nodes.size();
    for (int i = 0; i < n; i++) {
      boolean sends = i < senderNodes;
      boolean receives = i >= n - receiverNodes;
      parts.add(
          new Part(
              nodes.get(i),
              sends ? i * sendersPerNode : 0,
              sends ? sendersPerNode : 0,
              receives ? receiversPerNode : 0));
    }
    return parts;
  }

  /**
   * @param queue the backend
   * @param properties its keys, broker address resolved
   * @param settings the whole run's settings (its counts are {@link #senders()} and {@link
   *     #receivers()})
   * @param runId the run's id
   * @param seed the run's seed
   * @return each node's spec, in node order
   */
  public List<CellSpec> specs(
      String queue, Map<String, String> properties, RunSettings settings, int runId, long seed) {
    List<CellSpec> specs = new ArrayList<>();
    int firstReceiverId = 0;
    for (Part p : parts()) {
      int receiversBefore = firstReceiverId;
      firstReceiverId += p.receivers();
      specs.add(
          new CellSpec(
              queue,
              properties,
              settings,
              runId,
              seed,
              p.firstSenderId(),
              p.senders(),
              p.receivers(),
              "",
              receiversBefore));
    }
    return specs;
  }
}
