package io.mqbench.history;

import java.util.List;

/**
 * The regression gate's answer over every series checked. The caller maps {@link #outcome()} to its
 * exit code.
 *
 * @param thresholdPercent the threshold it judged with
 * @param series each series' judgement, in the series' order
 */
public record GateResult(double thresholdPercent, List<SeriesGate> series) {

  /** The gate's outcome. */
  public enum Outcome {
    /** Every series was judged and none regressed. */
    PASSED,
    /** Nothing regressed, but a figure could not be told or a side had fewer than two runs. */
    INCONCLUSIVE,
    /** A figure got worse beyond the threshold, or a run failed where the baseline passed. */
    REGRESSED
  }

  /** Copies the list. */
  public GateResult {
    series = List.copyOf(series);
  }

  /**
   * @return whether some series regressed
   */
  public boolean regressed() {
    return series.stream().anyMatch(SeriesGate::regressed);
  }

  /**
   * @return whether none regressed but some could not be told; also when no series was checked
   */
  public boolean inconclusive() {
    return !regressed() && (series.isEmpty() || series.stream().anyMatch(SeriesGate::inconclusive));
  }

  /**
   * @return regressed, inconclusive or passed
   */
  public Outcome outcome() {
    return regressed() ? Outcome.REGRESSED : inconclusive() ? Outcome.INCONCLUSIVE : Outcome.PASSED;
  }
}
