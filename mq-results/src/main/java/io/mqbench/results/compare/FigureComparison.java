package io.mqbench.results.compare;

import io.mqbench.results.report.Estimate;
import io.mqbench.results.report.RunFigures;
import java.util.List;

/**
 * One figure of one cell, baseline against candidate.
 *
 * @param figure the figure
 * @param baseline the baseline's mean and 95 % interval (Student's t)
 * @param candidate the candidate's
 * @param welch the difference, candidate minus baseline, with its 95 % interval; null when a side
 *     has fewer than two runs with this figure
 * @param verdict better, worse, no change, inconclusive, or cannot judge
 * @param regression true when worse and the whole interval lies beyond the threshold: the change
 *     is, at 95 % confidence, larger than the threshold
 */
public record FigureComparison(
    Figure figure,
    Estimate baseline,
    Estimate candidate,
    Welch welch,
    Verdict verdict,
    boolean regression) {

  /**
   * Compares a figure of a cell's runs.
   *
   * @param figure the figure
   * @param baselineRuns the baseline's repetitions of the cell
   * @param candidateRuns the candidate's
   * @param thresholdPercent how far worse, in percent of the baseline's mean, the whole interval
   *     must lie for a regression (0: any worse figure is one)
   * @return the comparison; null when neither side has the figure
   */
  public static FigureComparison of(
      Figure figure,
      List<RunFigures> baselineRuns,
      List<RunFigures> candidateRuns,
      double thresholdPercent) {
    return ofValues(
        figure, figure.values(baselineRuns), figure.values(candidateRuns), thresholdPercent);
  }

  /** Changes whose whole interval lies within this, in percent, are shown as 0.0 %: no change. */
  static final double RESOLUTION_PERCENT = 0.05;

  /**
   * Compares a figure's values: what {@link #of} does once each run has given its value, for
   * callers that hold the values only (the history's gate, over stored runs).
   *
   * @param figure the figure
   * @param b the baseline's values, one per run, none null or NaN
   * @param c the candidate's
   * @param thresholdPercent as {@link #of} takes it
   * @return the comparison; null when neither side has a value
   */
  public static FigureComparison ofValues(
      Figure figure, List<Double> b, List<Double> c, double thresholdPercent) {
    if (b.isEmpty() && c.isEmpty()) {
      return null;
    }
    Estimate be = Estimate.of(b);
    Estimate ce = Estimate.of(c);
    if (b.size() < 2 || c.size() < 2) {
      return new FigureComparison(figure, be, ce, null, Verdict.CANNOT_JUDGE, false);
    }
    Welch w = Welch.of(b, c);
    Verdict verdict;
    if (w.includesZero()) {
      verdict = Verdict.NO_CHANGE;
    } else {
      verdict = (w.low() > 0) == figure.higherIsBetter() ? Verdict.BETTER : Verdict.WORSE;
    }
    FigureComparison judged = new FigureComparison(figure, be, ce, w, verdict, false);
    if (verdict != Verdict.NO_CHANGE
        && Math.abs(judged.percentLow()) < RESOLUTION_PERCENT
        && Math.abs(judged.percentHigh()) < RESOLUTION_PERCENT) {
      // Runs that do not vary (a fixed rate met every time) make any difference "significant":
      // one smaller than the report shows is no change.
      return new FigureComparison(figure, be, ce, w, Verdict.NO_CHANGE, false);
    }
    if (verdict == Verdict.NO_CHANGE) {
      // Holding 0 is not enough to say "no regression": the interval's worse end must stay
      // within the threshold too, or the runs agree as well with a regression beyond it.
      Verdict told = judged.worseEndPercent() > thresholdPercent ? Verdict.INCONCLUSIVE : verdict;
      return new FigureComparison(figure, be, ce, w, told, false);
    }
    if (verdict != Verdict.WORSE) {
      return judged;
    }
    // The interval's end nearest 0 is the smallest change the runs support at 95 %.
    double nearest = figure.higherIsBetter() ? -judged.percentHigh() : judged.percentLow();
    return new FigureComparison(figure, be, ce, w, verdict, nearest > thresholdPercent);
  }

  /**
   * @return how far the interval reaches on the worse side, in percent of the baseline's mean
   *     (positive when it reaches past 0 into the worse side); NaN without an interval or when that
   *     mean is 0
   */
  public double worseEndPercent() {
    return figure.higherIsBetter() ? -percentLow() : percentHigh();
  }

  /**
   * The smallest change these runs could have detected: the half-width of the difference's 95 %
   * interval ({@link Welch#halfWidth()}), in percent of the baseline's mean. A difference of the
   * means smaller than this is not told from noise; with the observed difference at 0, a threshold
   * below it can be neither passed nor failed, which is when a figure is {@link
   * Verdict#INCONCLUSIVE}.
   *
   * @return the half-width in percent; NaN without an interval or when the baseline's mean is 0
   */
  public double smallestDetectablePercent() {
    return welch == null || baseline.mean() == 0
        ? Double.NaN
        : 100 * welch.halfWidth() / Math.abs(baseline.mean());
  }

  /**
   * @return the difference in percent of the baseline's mean; NaN when that mean is 0
   */
  public double percent() {
    return relative(candidate.mean() - baseline.mean());
  }

  /**
   * @return the interval's lower end in percent of the baseline's mean; NaN without an interval
   */
  public double percentLow() {
    return welch == null ? Double.NaN : relative(welch.low());
  }

  /**
   * @return the interval's upper end in percent of the baseline's mean; NaN without an interval
   */
  public double percentHigh() {
    return welch == null ? Double.NaN : relative(welch.high());
  }

  private double relative(double difference) {
    return baseline.mean() == 0 ? Double.NaN : 100 * difference / Math.abs(baseline.mean());
  }
}
