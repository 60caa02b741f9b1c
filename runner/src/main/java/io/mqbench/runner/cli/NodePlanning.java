package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.runner.session.Workers;
import io.mqbench.worker.NodeLayout;
import io.mqbench.worker.WorkerAddress;
import java.util.List;
import java.util.Optional;

/**
 * The node options of {@code mqbench run} ({@code --workers}, {@code --nodes}, {@code
 * --sender-nodes}, {@code --receiver-nodes}) turned into a placement, checked before anything
 * connects.
 */
final class NodePlanning {
  private NodePlanning() {}

  /**
   * @param o the options of one run (a matrix cell's: {@code nodes} may be an axis)
   * @return where the run's senders and receivers go; empty to run in this process
   * @throws ConfigException naming the option
   */
  static Optional<NodeLayout> layout(RunOptions o) {
    if (o.workerNodes.workers.isEmpty()) {
      String stray =
          o.workerNodes.nodes.isPresent()
              ? "--nodes"
              : o.workerNodes.senderNodes.isPresent()
                  ? "--sender-nodes"
                  : o.workerNodes.receiverNodes.isPresent()
                      ? "--receiver-nodes"
                      : o.workerNodes.workerTokenFile.isPresent()
                          ? "--worker-token-file"
                          : o.workerNodes.stopWorkers ? "--stop-workers" : null;
      if (stray != null) {
        throw new ConfigException(stray + " needs --workers (the worker processes to run on)");
      }
      return Optional.empty();
    }
    List<WorkerAddress> all = WorkerAddress.parseList(o.workerNodes.workers.get());
    int n = o.workerNodes.nodes.orElse(all.size());
    if (n < 1 || n > all.size()) {
      throw new ConfigException(
          "--nodes must be 1.." + all.size() + " (the workers given), was " + n);
    }
    int senderNodes = o.workerNodes.senderNodes.orElse(o.senders == 0 ? 0 : n);
    int receiverNodes = o.workerNodes.receiverNodes.orElse(o.receivers == 0 ? 0 : n);
    NodeLayout layout =
        new NodeLayout(all.subList(0, n), senderNodes, receiverNodes, o.senders, o.receivers);
    boolean apart = layout.parts().stream().anyMatch(p -> (p.senders() > 0) != (p.receivers() > 0));
    if (o.queue.equals("memory") && apart && o.senders > 0 && o.receivers > 0) {
      // Each worker's memory queue is its own: what one node sends, no other node can receive.
      throw new ConfigException(
          "--queue memory on workers: the queue lives inside each worker, so every node must both"
              + " send and receive (--sender-nodes and --receiver-nodes equal to --nodes)");
    }
    return Optional.of(layout);
  }

  /**
   * @param layout the placement
   * @param o the options
   * @return the workers of the run, with the token read from its file
   */
  static Workers workers(NodeLayout layout, RunOptions o) {
    return new Workers(
        layout,
        o.workerNodes.workerTokenFile.map(f -> TokenFile.read(f, "--worker-token-file")),
        Version.current(),
        WorkerAddress.parseList(o.workerNodes.workers.orElseThrow()),
        o.workerNodes.stopWorkers);
  }
}
