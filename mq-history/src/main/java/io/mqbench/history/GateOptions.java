package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import java.util.List;

/**
 * What the regression gate asks of each series' newest batch.
 *
 * @param thresholdPercent how far worse, in percent of the baseline's mean, a figure's whole 95 %
 *     interval must lie for a regression (as {@code mqbench compare} takes it)
 * @param maxBaselineRuns the most runs the baseline holds: the newest since the last change point
 * @param figures the figures judged; empty for the series' own ({@link Series#figures()})
 */
public record GateOptions(double thresholdPercent, int maxBaselineRuns, List<Figure> figures) {

  /** Checks the values. */
  public GateOptions {
    figures = List.copyOf(figures);
    if (!(thresholdPercent >= 0)) {
      throw new IllegalArgumentException(
          "the threshold must be 0 % or more, was " + thresholdPercent);
    }
    if (maxBaselineRuns < 1) {
      throw new IllegalArgumentException(
          "the baseline needs room for a run at least, was " + maxBaselineRuns);
    }
  }

  /**
   * @param thresholdPercent the threshold in percent
   * @return that threshold, a baseline of at most 10 runs, the series' figures
   */
  public static GateOptions of(double thresholdPercent) {
    return new GateOptions(thresholdPercent, 10, List.of());
  }
}
