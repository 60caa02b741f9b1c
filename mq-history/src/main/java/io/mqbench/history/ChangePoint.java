package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.Welch;
import java.time.Instant;
import java.util.List;

/**
 * A change point of one figure in a series: the figure's level differs, beyond chance and beyond
 * the minimum effect, between the batches before it and those after it (up to the neighbouring
 * change points).
 *
 * @param figure the figure
 * @param index the index, in the series' batches, of the first batch after the change
 * @param first that batch
 * @param medianBefore the median of the runs' values before (since the previous change)
 * @param medianAfter the median after (up to the next change)
 * @param welch the difference of the means, after minus before, with its 95 % interval by Welch's t
 * @param meanBefore the mean before, what percentages are of
 * @param pValue the permutation p-value of the split when it was found: the share of random orders
 *     of the batches whose best split was at least as strong, so corrected for having picked the
 *     best of all splits
 * @param better whether the figure got better
 * @param moved what recorded differs between the runs before and after; empty when nothing did
 */
public record ChangePoint(
    Figure figure,
    int index,
    BatchPoint first,
    double medianBefore,
    double medianAfter,
    Welch welch,
    double meanBefore,
    double pValue,
    boolean better,
    List<Moved> moved) {

  /** Copies the list. */
  public ChangePoint {
    moved = List.copyOf(moved);
  }

  /**
   * @return when the first batch after the change started
   */
  public Instant at() {
    return first.startedAt();
  }

  /**
   * @return the change of the mean in percent of the mean before
   */
  public double percent() {
    return relative(welch.difference());
  }

  /**
   * @return the 95 % interval's lower end, in percent of the mean before
   */
  public double percentLow() {
    return relative(welch.low());
  }

  /**
   * @return its upper end
   */
  public double percentHigh() {
    return relative(welch.high());
  }

  private double relative(double d) {
    return meanBefore == 0 ? Double.NaN : 100 * d / Math.abs(meanBefore);
  }
}
