package io.mqbench.runner.metrics;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The fixed buckets every latency histogram of the live metrics has, the same in every process, so
 * that bucket counts add up across workers: upper bounds log-spaced from 10 µs, 16 per doubling
 * (each 4.4 % above the one before), up to 10 µs × 2<sup>24</sup> = 168 s, then {@code +Inf}.
 * {@code histogram_quantile} interpolates within a bucket, so a percentile read from them is off by
 * at most a bucket's width, 4.4 %; counts below 10 µs are in the first bucket.
 *
 * <p>The counts are HdrHistogram's, moved into these buckets when a scrape reads them: recording
 * stays as it is (one HdrHistogram per sender and receiver, microseconds, 3 significant digits).
 * Each value HdrHistogram holds goes to the first bucket whose bound is at least the highest value
 * it stands for (0.1 % above the lowest), so that merging HdrHistograms first and bucketing after
 * gives exactly the sum of the bucketed parts.
 */
final class LatencyBuckets {
  static final double FIRST_BOUND_SECONDS = 10e-6;
  static final int PER_DOUBLING = 16;
  static final int DOUBLINGS = 24;

  /** Upper bounds in seconds, the last one {@code +Inf}; 4 significant digits. */
  static final double[] UPPER_BOUNDS = bounds();

  /** The same bounds in microseconds, for comparing with HdrHistogram's values. */
  private static final double[] UPPER_BOUNDS_MICROS =
      Arrays.stream(UPPER_BOUNDS).map(b -> b * 1e6).toArray();

  private LatencyBuckets() {}

  private static double[] bounds() {
    int finite = PER_DOUBLING * DOUBLINGS + 1;
    double[] b = new double[finite + 1];
    for (int i = 0; i < finite; i++) {
      double exact = FIRST_BOUND_SECONDS * Math.pow(2, (double) i / PER_DOUBLING);
      b[i] = new BigDecimal(exact).round(new MathContext(4)).doubleValue();
    }
    b[finite] = Double.POSITIVE_INFINITY;
    return b;
  }

  /**
   * A histogram's counts per bucket.
   *
   * @param counts per bucket of {@link #UPPER_BOUNDS}, not cumulative
   * @param sumSeconds the sum of the values, each taken as the middle of the range HdrHistogram
   *     stands it for (as its mean is), in seconds
   * @param count values in all
   */
  record Bucketed(long[] counts, double sumSeconds, long count) {}

  /**
   * @param micros a histogram of microseconds; read, not changed
   * @return its counts in the fixed buckets
   */
  static Bucketed of(Histogram micros) {
    long[] counts = new long[UPPER_BOUNDS.length];
    double sumMicros = 0;
    long count = 0;
    for (HistogramIterationValue v : micros.recordedValues()) {
      long n = v.getCountAtValueIteratedTo();
      long value = v.getValueIteratedTo();
      int i = Arrays.binarySearch(UPPER_BOUNDS_MICROS, micros.highestEquivalentValue(value));
      counts[i >= 0 ? i : -i - 1] += n;
      sumMicros += n * (double) micros.medianEquivalentValue(value);
      count += n;
    }
    return new Bucketed(counts, sumMicros / 1e6, count);
  }
}
