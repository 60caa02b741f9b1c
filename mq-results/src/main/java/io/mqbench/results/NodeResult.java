package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import java.util.Optional;

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
 * @param failure what went wrong on this node, or null; for a worker that died, also how far its
 *     figures go
 * @param harness what the worker's process used over the run (CPU by thread role, GC, memory); null
 *     when it reported none
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
    String failure,
    @JsonInclude(JsonInclude.Include.NON_NULL) HarnessUse harness) {

  /**
   * @param node the worker, {@code host:port}
   * @param roles {@code sender}, {@code receiver} or {@code sender+receiver}
   * @param senders its sender threads
   * @param receivers its receiver threads
   * @param report what the worker reported at the end; empty if it reported nothing
   * @param clockOffsetNanos the worker's clock minus the coordinator's
   * @param clockUncertaintyNanos how far off that offset may be either way
   * @param totals the run's totals, whose durations the node's rates use
   * @return what the node did
   */
  public static NodeResult of(
      String node,
      String roles,
      int senders,
      int receivers,
      Optional<CellMeasurements> report,
      long clockOffsetNanos,
      long clockUncertaintyNanos,
      Totals totals) {
    CellMeasurements r = report.orElse(CellMeasurements.empty());
    long sent = r.senders().stream().mapToLong(SenderStats::sent).sum();
    long received = r.receivers().stream().mapToLong(ReceiverStats::received).sum();
    return new NodeResult(
        node,
        roles,
        senders,
        receivers,
        sent,
        received,
        totals.sendSeconds() > 0 ? sent / totals.sendSeconds() : 0,
        totals.receiveSeconds() > 0 ? received / totals.receiveSeconds() : 0,
        clockOffsetNanos / 1e6,
        clockUncertaintyNanos / 1e6,
        report.isEmpty()
            ? "no report from worker " + node
            : r.failure()
                .map(
                    f ->
                        f.line()
                            + (r.partial().isEmpty()
                                ? ""
                                : "; " + r.partial().get(0).replace("worker " + node + ": ", "")))
                .orElse(null),
        HarnessUse.of(r, totals.sendSeconds(), totals.receiveSeconds()));
  }
}
