package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;

/**
 * How far a run's end-to-end latencies can be trusted, given the clocks they were read on. Every
 * end-to-end latency is a receipt on one clock minus an intended send time on another: in one
 * process the same clock, across workers two clocks, each matched to the coordinator's by a
 * measured offset that is only true within its stated uncertainty. So every end-to-end figure is
 * true within {@link #clockBoundMs} either way, and a message can even seem to arrive before it was
 * sent: such samples are counted ({@link #negativeSamples}), not recorded as latencies of 0.
 *
 * <p>The figures are not meaningful at the clocks' resolution when more than {@value
 * #NEGATIVE_SHARE_LIMIT} of the samples came out negative, or when the median latency is within
 * {@value #BOUND_MULTIPLE} times the bound (below that the bound is more than a third of the
 * reading either way: an offset off in one direction inside its bound shifts every reading the same
 * way, and may leave no negative sample at all), or when a worker's clock drifted during the run by
 * more than {@value #DRIFT_LIMIT_MS} ms and more than the bound. That is a note on the end-to-end
 * figures, not a verdict on the run: the messages and their delivery were measured exactly all the
 * same, so the run's {@link RunStatus} does not change.
 *
 * @param negativeSamples messages received before their intended send time by the receiver's
 *     reading of the run clock: not in the end-to-end histogram
 * @param negativeShare their share of all end-to-end samples (the histogram's and these), 0 to 1
 * @param clockBoundMs how far every end-to-end figure may be off either way, in milliseconds: the
 *     sum of the two largest stated uncertainties of the workers' clock offsets (the worst pair of
 *     sending and receiving worker); 0 for a run on one clock (in one process, or on one worker)
 * @param clockDriftMs how far a worker's clock moved against the coordinator's during the run,
 *     beyond what the measurements' uncertainties explain, in milliseconds (offsets measured again
 *     every few seconds while the run went on, and each time the run clock corrected by the move):
 *     between two measurements, end-to-end figures are off by up to that interval's share of this
 *     besides the bound; 0 for a run in one process
 * @param meaningful false if the end-to-end figures are not meaningful at this resolution
 * @param reason why not, in one line; absent when meaningful
 */
public record EndToEndClock(
    long negativeSamples,
    double negativeShare,
    double clockBoundMs,
    double clockDriftMs,
    boolean meaningful,
    @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {

  /** Above this share of negative samples, end-to-end figures are not meaningful. */
  public static final double NEGATIVE_SHARE_LIMIT = 0.01;

  /**
   * A median end-to-end latency below this multiple of the clock bound is not meaningful: only
   * above it is the reading known within a third of itself either way.
   */
  public static final double BOUND_MULTIPLE = 3.0;

  /** Above this drift, in milliseconds (and above the bound), end-to-end figures are flagged. */
  public static final double DRIFT_LIMIT_MS = 1.0;

  /**
   * @param negativeSamples samples received before their intended send time
   * @param endToEnd the end-to-end latency of the other samples
   * @param clockBoundNanos how far any end-to-end latency may be off because of the clocks, in
   *     nanoseconds ({@code CellMeasurements.clockBoundNanos()})
   * @param clockDriftNanos how far a worker's clock moved during the run ({@code
   *     CellMeasurements.clockDriftNanos()})
   * @return the assessment; null when there were no end-to-end samples at all (nothing to assess)
   */
  public static EndToEndClock of(
      long negativeSamples, Latency endToEnd, long clockBoundNanos, long clockDriftNanos) {
    long recorded = endToEnd == null ? 0 : endToEnd.count();
    long all = recorded + negativeSamples;
    if (all == 0) {
      return null;
    }
    double share = (double) negativeSamples / all;
    double boundMs = clockBoundNanos / 1e6;
    double driftMs = clockDriftNanos / 1e6;
    String reason = null;
    if (share > NEGATIVE_SHARE_LIMIT) {
      reason =
          String.format(
              Locale.ROOT,
              "%,d of %,d end-to-end samples (%.1f %%) arrived before they were sent by the"
                  + " receiving worker's clock: the clocks disagree by more than the latency",
              negativeSamples,
              all,
              100 * share);
    } else if (boundMs > 0
        && endToEnd.p50Ms() != null
        && endToEnd.p50Ms() < BOUND_MULTIPLE * boundMs) {
      double p50 = endToEnd.p50Ms();
      reason =
          String.format(
              Locale.ROOT,
              "the end-to-end p50 (%.3f ms) is within %.0fx the clock offsets' uncertainty"
                  + " (+/- %.3f ms): the true p50 lies anywhere from %.3f to %.3f ms",
              p50,
              BOUND_MULTIPLE,
              boundMs,
              Math.max(0, p50 - boundMs),
              p50 + boundMs);
    } else if (driftMs > DRIFT_LIMIT_MS && driftMs > boundMs) {
      reason =
          String.format(
              Locale.ROOT,
              "a worker's clock drifted %.3f ms against the coordinator's during the run: it was"
                  + " corrected each time the offset was measured again (every few seconds), so"
                  + " figures between two measurements are off by up to the drift of that interval",
              driftMs);
    }
    return new EndToEndClock(negativeSamples, share, boundMs, driftMs, reason == null, reason);
  }
}
