package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyTest {

  @Test
  void aPercentileNeedsAtLeastOneOverOneMinusItsShareOfValues() {
    assertThat(Latency.PERCENTILES.stream().map(p -> Latency.minimumCount(p.getValue())))
        .containsExactly(2L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L);
    assertThat(Latency.minimumCount(99.5)).isEqualTo(200);
    assertThat(Latency.minimumCount(75)).isEqualTo(4);
    assertThat(Latency.minimumCount(33)).as("1 / 0.67 = 1.49...").isEqualTo(2);
  }

  @Test
  void tenThousandValuesGiveTheNinetyNinePointNineNinthPercentileButNoHigher() {
    Latency l = Latency.of(FixedResults.histogram(10_000, 10));

    assertThat(l.p9999Ms()).isNotNull();
    assertThat(l.p99999Ms()).as("needs 100,000 values").isNull();
    assertThat(l.p999999Ms()).as("needs 1,000,000 values").isNull();
    assertThat(l.maxMs()).isEqualTo(100.031);
    assertThat(l.valueMs("p99_999")).isEmpty();
  }

  @Test
  void oneValueShortOfTheMinimumGivesNoPercentile() {
    Latency l = Latency.of(FixedResults.histogram(9_999, 10));

    assertThat(l.p999Ms()).isNotNull();
    assertThat(l.p9999Ms()).isNull();
  }

  @Test
  void aSingleValueGivesItsMinimumMeanAndMaximumButNoPercentile() {
    Latency l = Latency.of(FixedResults.histogram(1, 1000));

    assertThat(l.minMs()).isEqualTo(1.0);
    assertThat(l.maxMs()).isEqualTo(1.0);
    assertThat(l.p50Ms()).as("p50 needs 2 values").isNull();
  }
}
