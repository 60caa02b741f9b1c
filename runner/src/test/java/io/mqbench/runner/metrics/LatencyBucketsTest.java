package io.mqbench.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.engine.measure.Latencies;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The fixed buckets of the live metrics: HdrHistograms merged, then bucketed, give exactly the
 * buckets of each bucketed and added (what Prometheus sums across workers), and Prometheus'
 * histogram_quantile over them reads a percentile within a bucket's width.
 */
class LatencyBucketsTest {

  private static Histogram logNormal(long seed, int n, double medianMicros) {
    SplittableRandom random = new SplittableRandom(seed);
    Histogram h = Latencies.newHistogram();
    for (int i = 0; i < n; i++) {
      // Box-Muller: a normal deviate, sigma 1 on the log scale (p99 about 10 x the median).
      double z =
          Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
              * Math.cos(2 * Math.PI * random.nextDouble());
      h.recordValue(Math.max(1, Math.round(medianMicros * Math.exp(z))));
    }
    return h;
  }

  @Test
  void bucketsAreLogSpacedFrom10MicrosecondsWithInfinityLast() {
    double[] b = LatencyBuckets.UPPER_BOUNDS;

    assertThat(b[0]).isEqualTo(10e-6);
    assertThat(b[b.length - 1]).isEqualTo(Double.POSITIVE_INFINITY);
    for (int i = 1; i < b.length - 1; i++) {
      assertThat(b[i] / b[i - 1]).as("bucket %d", i).isBetween(1.040, 1.048);
    }
    assertThat(b[b.length - 2]).isCloseTo(167.8, within(0.1));
  }

  @Test
  void mergingHistogramsThenBucketingEqualsAddingEachOnesBuckets() {
    Histogram a = logNormal(1, 50_000, 300);
    Histogram b = logNormal(2, 30_000, 2_000);
    Histogram merged = Latencies.newHistogram();
    merged.add(a);
    merged.add(b);

    long[] ofMerged = LatencyBuckets.of(merged).counts();
    long[] ofA = LatencyBuckets.of(a).counts();
    long[] ofB = LatencyBuckets.of(b).counts();

    for (int i = 0; i < ofMerged.length; i++) {
      assertThat(ofMerged[i]).as("bucket %d", i).isEqualTo(ofA[i] + ofB[i]);
    }
    assertThat(LatencyBuckets.of(merged).count()).isEqualTo(80_000);
    assertThat(LatencyBuckets.of(merged).sumSeconds())
        .isCloseTo(
            LatencyBuckets.of(a).sumSeconds() + LatencyBuckets.of(b).sumSeconds(), within(1e-6));
  }

  @Test
  void histogramQuantileOverTheBucketsReadsP99WithinABucketsWidth() {
    Histogram h = logNormal(3, 200_000, 500);
    LatencyBuckets.Bucketed b = LatencyBuckets.of(h);

    for (double q : new double[] {0.5, 0.9, 0.99, 0.999}) {
      double fromBuckets = BucketQuantile.of(q, LatencyBuckets.UPPER_BOUNDS, b.counts());
      double exact = h.getValueAtPercentile(100 * q) / 1e6;
      assertThat(fromBuckets / exact).as("p%s", 100 * q).isBetween(1 / 1.044, 1.044);
    }
  }
}
