package io.mqbench.results.compare;

import java.util.List;

/**
 * The difference of two means, candidate minus baseline, with its 95 % confidence interval by
 * Welch's t: the two sides' variances are estimated apart (a change may change the spread too), and
 * the degrees of freedom are Welch-Satterthwaite's, {@code (vb + vc)² / (vb² / (nb - 1) + vc² / (nc
 * - 1))} with {@code v = s² / n}.
 *
 * @param difference candidate mean minus baseline mean
 * @param low the interval's lower end
 * @param high the interval's upper end
 * @param degreesOfFreedom Welch-Satterthwaite's; NaN when neither side varied (the interval is then
 *     the difference itself)
 */
public record Welch(double difference, double low, double high, double degreesOfFreedom) {

  /**
   * @param baseline the baseline's values, at least two
   * @param candidate the candidate's values, at least two
   * @return the difference of their means with its 95 % interval
   * @throws IllegalArgumentException if a side has fewer than two values: one run says nothing
   *     about its spread
   */
  public static Welch of(List<Double> baseline, List<Double> candidate) {
    if (baseline.size() < 2 || candidate.size() < 2) {
      throw new IllegalArgumentException(
          "Welch's interval needs two values a side, had "
              + baseline.size()
              + " and "
              + candidate.size());
    }
    double mb = mean(baseline);
    double mc = mean(candidate);
    double vb = variance(baseline, mb) / baseline.size();
    double vc = variance(candidate, mc) / candidate.size();
    double difference = mc - mb;
    double se = Math.sqrt(vb + vc);
    if (se == 0) {
      return new Welch(difference, difference, difference, Double.NaN);
    }
    double df =
        (vb + vc)
            * (vb + vc)
            / (vb * vb / (baseline.size() - 1) + vc * vc / (candidate.size() - 1));
    double half = StudentTQuantile.quantile975(df) * se;
    return new Welch(difference, difference - half, difference + half, df);
  }

  /**
   * @return whether the interval holds 0: no difference shown at 95 %
   */
  public boolean includesZero() {
    return low <= 0 && high >= 0;
  }

  /**
   * @return half the interval's width, {@code t(0.975, df) × se}: the smallest difference of the
   *     means these runs' spread tells from no difference at 95 %; 0 when neither side varied
   */
  public double halfWidth() {
    return (high - low) / 2;
  }

  private static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).sum() / v.size();
  }

  private static double variance(List<Double> v, double mean) {
    return v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (v.size() - 1);
  }
}
