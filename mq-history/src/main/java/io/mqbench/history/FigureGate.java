package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.FigureComparison;
import io.mqbench.results.compare.Verdict;
import io.mqbench.store.StoredRun;
import java.util.List;

/**
 * The gate's judgement of one figure of one series: the newest batch against the runs before it
 * since the figure's last change point.
 *
 * @param figure the figure
 * @param baseline the baseline's runs with this figure, by start
 * @param candidate the candidate's runs with this figure
 * @param comparison means, the difference with its 95 % interval (Welch), verdict and regression,
 *     as {@code mqbench compare} judges them
 * @param moved what recorded differs between the baseline's runs and the candidate's, or among the
 *     baseline's runs
 */
public record FigureGate(
    Figure figure,
    List<StoredRun> baseline,
    List<StoredRun> candidate,
    FigureComparison comparison,
    List<Moved> moved) {

  /** Copies the lists. */
  public FigureGate {
    baseline = List.copyOf(baseline);
    candidate = List.copyOf(candidate);
    moved = List.copyOf(moved);
  }

  /**
   * @return the verdict
   */
  public Verdict verdict() {
    return comparison.verdict();
  }

  /**
   * @return whether the figure is worse beyond the threshold at 95 %
   */
  public boolean regression() {
    return comparison.regression();
  }

  /**
   * @return whether the runs could not tell: inconclusive, or a side with fewer than two runs
   */
  public boolean couldNotTell() {
    return verdict() == Verdict.INCONCLUSIVE || verdict() == Verdict.CANNOT_JUDGE;
  }

  /**
   * @return the baseline's batch ids, in order
   */
  public List<String> baselineBatches() {
    return baseline.stream().map(r -> r.batch().id()).distinct().toList();
  }
}
