package io.mqbench.results.report;

import java.util.List;
import java.util.Locale;

/**
 * The mean of a cell's repetitions and its 95 % confidence interval, from Student's t distribution
 * (the repetitions are few, and their spread is estimated from themselves).
 *
 * @param n how many values
 * @param mean their mean; NaN with none
 * @param halfWidth half the 95 % interval, {@code t(0.975, n - 1) * s / sqrt(n)} with {@code s} the
 *     sample standard deviation; NaN with fewer than two values (one run says nothing about spread)
 */
public record Estimate(int n, double mean, double halfWidth) {

  /**
   * @param values the repetitions' values; nulls (a percentile a run could not give) are skipped
   * @return their mean and interval
   */
  public static Estimate of(List<Double> values) {
    List<Double> v = values.stream().filter(x -> x != null && !x.isNaN()).toList();
    int n = v.size();
    if (n == 0) {
      return new Estimate(0, Double.NaN, Double.NaN);
    }
    double mean = v.stream().mapToDouble(Double::doubleValue).sum() / n;
    if (n < 2) {
      return new Estimate(1, mean, Double.NaN);
    }
    double squares = v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
    double s = Math.sqrt(squares / (n - 1));
    return new Estimate(n, mean, StudentT.quantile975(n - 1) * s / Math.sqrt(n));
  }

  /**
   * @return whether there is a value
   */
  public boolean present() {
    return n > 0;
  }

  /**
   * @return whether an interval could be computed (two values or more)
   */
  public boolean hasInterval() {
    return n > 1;
  }

  /**
   * @return the interval's lower end
   */
  public double low() {
    return mean - halfWidth;
  }

  /**
   * @return the interval's upper end
   */
  public double high() {
    return mean + halfWidth;
  }

  /**
   * @param decimals decimals to show
   * @return {@code mean ± halfWidth}, only the mean for one value, empty for none
   */
  public String format(int decimals) {
    if (!present()) {
      return "";
    }
    String f = "%,." + decimals + "f";
    String m = String.format(Locale.ROOT, f, mean);
    return hasInterval() ? m + " ± " + String.format(Locale.ROOT, f, halfWidth) : m;
  }
}
