package io.mqbench.results;

import io.mqbench.engine.report.CellReport;
import io.mqbench.engine.report.ReceiverStats;
import io.mqbench.engine.report.SenderStats;
import io.mqbench.worker.ClockOffset;
import io.mqbench.worker.HttpCell;
import io.mqbench.worker.NodeLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * What one worker node did in a run. Its rates use the run's own durations ({@link
 * Totals#sendSeconds()}, {@link Totals#receiveSeconds()}), so the nodes' rates add up to the run's.
 *
 * @param node the worker, {@code host:port}
 * @param roles {@code sender}, {@code receiver} or {@code sender+receiver}
 * @param senders its sender threads
 * @param receivers its receiver threads
 * @param sent messages acknowledged to its senders
 * @param received messages its receivers got, duplicates included
 * @param sentPerSecond {@code sent} over the run's send time
 * @param receivedPerSecond {@code received} over the run's receive time
 * @param clockOffsetMs the worker's clock minus the coordinator's, in milliseconds
 * @param clockUncertaintyMs how far off that offset may be either way (half the best round trip)
 * @param failure what went wrong on this node, or null
 */
public record NodeResult(
    String node,
    String roles,
    int senders,
    int receivers,
    long sent,
    long received,
    double sentPerSecond,
    double receivedPerSecond,
    double clockOffsetMs,
    double clockUncertaintyMs,
    String failure) {

  /**
   * @param layout the run's placement
   * @param cells its cells, in node order, finished
   * @param totals the run's totals
   * @return one result per node
   */
  public static List<NodeResult> of(NodeLayout layout, List<HttpCell> cells, Totals totals) {
    List<NodeResult> nodes = new ArrayList<>();
    List<NodeLayout.Part> parts = layout.parts();
    for (int i = 0; i < parts.size(); i++) {
      NodeLayout.Part part = parts.get(i);
      HttpCell cell = cells.get(i);
      CellReport report = cell.report().orElse(CellReport.empty());
      long sent = report.senders().stream().mapToLong(SenderStats::sent).sum();
      long received = report.receivers().stream().mapToLong(ReceiverStats::received).sum();
      ClockOffset clock = cell.clockOffset();
      String failure =
          cell.report().isEmpty()
              ? "no report from worker " + part.address()
              : report.failure().map(f -> f.line()).orElse(null);
      nodes.add(
          new NodeResult(
              part.address().toString(),
              part.roles(),
              part.senders(),
              part.receivers(),
              sent,
              received,
              totals.sendSeconds() > 0 ? sent / totals.sendSeconds() : 0,
              totals.receiveSeconds() > 0 ? received / totals.receiveSeconds() : 0,
              clock.offsetNanos() / 1e6,
              clock.uncertaintyNanos() / 1e6,
              failure));
    }
    return nodes;
  }
}
