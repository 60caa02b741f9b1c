package io.mqbench.history;

import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.compare.Figure;
import io.mqbench.results.files.SummaryColumns;
import java.util.List;

/**
 * How runs are grouped into series and how change points are looked for.
 *
 * @param allHosts group runs of every host into one series per workload and queue (hosts shown),
 *     rather than one series per host
 * @param figures the figures looked at, in {@link Figure#ALL}'s order; a series shows those of them
 *     its runs have
 * @param alpha the change-point test's significance: a split is named when the permutation p-value
 *     of its best split is at most this (the family-wise error over a segment's candidate splits)
 * @param minEffectPercent the smallest shift of the mean, in percent of the mean before it, that is
 *     named a change: a shift smaller than this is not, however significant
 * @param permutations how many orders of the batches the test draws, at most
 * @param seed the permutations' seed: the same runs give the same changes
 */
public record HistoryOptions(
    boolean allHosts,
    List<Figure> figures,
    double alpha,
    double minEffectPercent,
    int permutations,
    long seed) {

  /** The figures looked at by default: the three rates and end-to-end p99. */
  public static final List<Figure> DEFAULT_FIGURES =
      Figure.named(
          List.of(
              SummaryColumns.SENT_MSGS_PER_S,
              SummaryColumns.RECEIVED_MSGS_PER_S,
              SummaryColumns.END_TO_END_MSGS_PER_S,
              SummaryColumns.latency(LatencyKind.END_TO_END, Latency.P99)));

  /** Checks the values. */
  public HistoryOptions {
    figures = List.copyOf(figures);
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha must lie between 0 and 1, was " + alpha);
    }
    if (!(minEffectPercent >= 0)) {
      throw new IllegalArgumentException(
          "the minimum effect must be 0 % or more, was " + minEffectPercent);
    }
    if (permutations < 19) {
      throw new IllegalArgumentException(
          "at least 19 permutations are needed for a 5 % test, was " + permutations);
    }
  }

  /**
   * @return per host, the default figures, alpha 0.05, changes of 5 % or more, 999 permutations,
   *     seed 1
   */
  public static HistoryOptions defaults() {
    return new HistoryOptions(false, DEFAULT_FIGURES, 0.05, 5, 999, 1);
  }

  /**
   * @param all whether runs of every host make one series
   * @return these options with that
   */
  public HistoryOptions withAllHosts(boolean all) {
    return new HistoryOptions(all, figures, alpha, minEffectPercent, permutations, seed);
  }

  /**
   * @param chosen the figures to look at
   * @return these options with those
   */
  public HistoryOptions withFigures(List<Figure> chosen) {
    return new HistoryOptions(allHosts, chosen, alpha, minEffectPercent, permutations, seed);
  }

  /**
   * @param percent the smallest change named
   * @return these options with that
   */
  public HistoryOptions withMinEffectPercent(double percent) {
    return new HistoryOptions(allHosts, figures, alpha, percent, permutations, seed);
  }
}
