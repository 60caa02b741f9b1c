package io.mqbench.history;

import io.mqbench.store.StoredRun;
import java.util.List;

/**
 * The gate's judgement of one series.
 *
 * @param series the series
 * @param candidate its newest batch
 * @param figures each judged figure's judgement, in the figures' order
 * @param statusRegressed whether a candidate run failed its verdict while every baseline run passed
 */
public record SeriesGate(
    Series series, BatchPoint candidate, List<FigureGate> figures, boolean statusRegressed) {

  /** Copies the list. */
  public SeriesGate {
    figures = List.copyOf(figures);
  }

  /**
   * @return whether a figure regressed beyond the threshold or the status did
   */
  public boolean regressed() {
    return statusRegressed || figures.stream().anyMatch(FigureGate::regression);
  }

  /**
   * @return whether nothing regressed but something could not be told (or nothing was judged)
   */
  public boolean inconclusive() {
    return !regressed()
        && (figures.isEmpty() || figures.stream().anyMatch(FigureGate::couldNotTell));
  }

  /**
   * @return the baseline's runs over every figure, by start
   */
  public List<StoredRun> baselineRuns() {
    return figures.stream()
        .flatMap(f -> f.baseline().stream())
        .distinct()
        .sorted(java.util.Comparator.comparing(StoredRun::startedAt))
        .toList();
  }
}
