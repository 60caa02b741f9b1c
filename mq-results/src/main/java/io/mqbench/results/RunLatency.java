package io.mqbench.results;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Map;

/**
 * How long messages took, by kind, and how far the end-to-end figures can be trusted: one concern
 * of a {@link RunResult}.
 *
 * @param byKind the histograms by kind, in {@link LatencyKind}'s order; rate-mode kinds only in
 *     rate mode
 * @param endToEndClock how far the end-to-end latencies can be trusted given the clocks they were
 *     read on: samples that came out negative, the clock offsets' uncertainty every end-to-end
 *     figure carries, and whether the figures are meaningful at that resolution (see {@link
 *     EndToEndClock}); null for a run without end-to-end samples and in files before version 3
 */
@RecordBuilder
public record RunLatency(Map<LatencyKind, Latency> byKind, EndToEndClock endToEndClock)
    implements RunLatencyBuilder.With {

  /** Reads missing latencies (a file that lacks them) as none. */
  public RunLatency {
    byKind = byKind == null ? Map.of() : byKind;
  }

  /**
   * @param kind a latency kind
   * @return its histogram, or null when the run did not measure it
   */
  public Latency of(LatencyKind kind) {
    return byKind.get(kind);
  }
}
