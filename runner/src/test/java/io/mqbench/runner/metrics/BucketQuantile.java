package io.mqbench.runner.metrics;

/**
 * Prometheus' {@code histogram_quantile} over classic buckets, for tests and for figures drawn from
 * scrapes: finds the bucket holding the rank and interpolates linearly within it (from 0 for the
 * first bucket); a rank in the {@code +Inf} bucket reads as the highest finite bound.
 */
public final class BucketQuantile {
  private BucketQuantile() {}

  /**
   * @param q the quantile, 0..1
   * @param upperBounds the buckets' upper bounds, ascending, the last {@code +Inf}
   * @param counts per bucket, not cumulative
   * @return the quantile, or NaN when there are no counts
   */
  public static double of(double q, double[] upperBounds, long[] counts) {
    double[] d = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      d[i] = counts[i];
    }
    return of(q, upperBounds, d);
  }

  /**
   * @param q the quantile, 0..1
   * @param upperBounds the buckets' upper bounds, ascending, the last {@code +Inf}
   * @param counts per bucket, not cumulative (increases over a window, for a rate)
   * @return the quantile, or NaN when there are no counts
   */
  public static double of(double q, double[] upperBounds, double[] counts) {
    double total = 0;
    for (double c : counts) {
      total += c;
    }
    if (!(total > 0)) {
      return Double.NaN;
    }
    double rank = q * total;
    double below = 0;
    for (int i = 0; i < counts.length; i++) {
      if (below + counts[i] >= rank && counts[i] > 0) {
        if (Double.isInfinite(upperBounds[i])) {
          return upperBounds[i - 1];
        }
        double lower = i == 0 ? 0 : upperBounds[i - 1];
        return lower + (upperBounds[i] - lower) * (rank - below) / counts[i];
      }
      below += counts[i];
    }
    return upperBounds[upperBounds.length - 2];
  }
}
