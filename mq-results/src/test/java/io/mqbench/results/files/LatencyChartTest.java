package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.results.FixedResults;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyChartTest {

  @Test
  void percentileAxisHasOneStepPerNine() {
    assertThat(LatencyChart.percentileLabel(LatencyChart.x(0))).isEqualTo("0%");
    assertThat(LatencyChart.percentileLabel(1)).isEqualTo("90%");
    assertThat(LatencyChart.percentileLabel(2)).isEqualTo("99%");
    assertThat(LatencyChart.percentileLabel(6)).isEqualTo("99.9999%");
    assertThat(LatencyChart.x(99.9)).isCloseTo(3.0, org.assertj.core.api.Assertions.within(1e-9));
  }

  @Test
  void aLargeRunsCurveEndsAtTheAxisEndNotBeyondIt() {
    org.HdrHistogram.Histogram tenMillion = new org.HdrHistogram.Histogram(3);
    tenMillion.recordValueWithCount(100, 10_000_000);
    tenMillion.recordValue(20_000); // one outlier in ten million: past 99.9999 %

    java.util.List<double[]> points = LatencyChart.points(tenMillion);

    double axisEnd = LatencyChart.x(99.9999);
    assertThat(points).allSatisfy(p -> assertThat(p[0]).isLessThanOrEqualTo(axisEnd));
    assertThat(points.get(points.size() - 1)[0]).isEqualTo(axisEnd);
  }

  @Test
  void latencyIsOnALogarithmicAxisSoTheMedianIsNotFlattenedByTheTail() {
    Histogram h = Latencies.newHistogram();
    h.recordValueWithCount(1_000, 9_999);
    h.recordValue(5_000_000);

    var chart = LatencyChart.chart("t", Map.of("run", h));

    assertThat(chart.getStyler().isYAxisLogarithmic()).isTrue();
  }

  @Test
  void aRunsChartTitleSaysItsSettings() {
    String title = LatencyChart.title(FixedResults.fixedRateResult());

    assertThat(title)
        .isEqualTo(
            "memory, rate 3,000 msgs/s, 4 x 2, batch 1, 100 B, in flight 8, senders=4, run 0000002b");
  }
}
