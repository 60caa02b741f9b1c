package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.mqbench.engine.measure.Latencies;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/**
 * Issue 28: log axes are labelled between powers of ten, so a chart within a decade can be read.
 */
class LogAxisTest {
  /** Generous on a loaded two-core machine: a chart draws in well under a second. */
  private static final Duration DRAWN_WITHIN = Duration.ofSeconds(20);

  private static List<Double> rounded(List<Double> values) {
    return values.stream().map(v -> Math.round(v * 1e6) / 1e6).toList();
  }

  @Test
  void valuesWithinOneDecadeAreLabelledAtEveryMultiple() {
    LogAxis axis = LogAxis.logTicks(2.3, 8.7);

    assertThat(axis.everyMultiple()).isTrue();
    assertThat(axis.min()).isCloseTo(2, within(1e-12));
    assertThat(axis.max()).isCloseTo(9, within(1e-12));
    assertThat(rounded(axis.labels())).containsExactly(2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
  }

  @Test
  void valuesAcrossAPowerOfTenAreLabelledEitherSideOfIt() {
    LogAxis axis = LogAxis.logTicks(0.45, 3.2);

    assertThat(rounded(axis.labels()))
        .containsExactly(0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 2.0, 3.0, 4.0);
  }

  @Test
  void valuesOverSeveralDecadesAreLabelledAtThePowersOfTen() {
    LogAxis axis = LogAxis.logTicks(0.05, 120);

    assertThat(axis.everyMultiple()).isFalse();
    assertThat(rounded(axis.labels())).containsExactly(0.1, 1.0, 10.0, 100.0);
    assertThat(axis.max()).as("not out to 1,000: its top decade would be empty").isEqualTo(200);
  }

  @Test
  void valuesJustOverADecadeAreShownOverWholeDecadesForThreePowersOfTen() {
    LogAxis axis = LogAxis.logTicks(2, 50);

    assertThat(axis.everyMultiple()).isFalse();
    assertThat(rounded(axis.labels())).containsExactly(1.0, 10.0, 100.0);
  }

  @Test
  void everyAxisHasAtLeastThreeLabelsAndNoneCrowded() {
    for (double lowest = 0.001; lowest < 10_000; lowest *= 1.37) {
      for (double factor = 1; factor < 1e6; factor *= 1.29) {
        double highest = lowest * factor;
        LogAxis axis = LogAxis.logTicks(lowest, highest);

        String range = lowest + " .. " + highest;
        assertThat(axis.labels()).as(range).hasSizeGreaterThanOrEqualTo(3);
        assertThat(axis.min()).as(range).isLessThanOrEqualTo(lowest);
        assertThat(axis.max()).as(range).isGreaterThanOrEqualTo(highest);
        assertThat(axis.labels()).as(range).allMatch(v -> v >= axis.min() * (1 - 1e-9));
        assertThat(axis.labels()).as(range).allMatch(v -> v <= axis.max() * (1 + 1e-9));
        if (axis.everyMultiple()) {
          assertThat(Math.log10(axis.max() / axis.min())).as(range).isLessThan(1.31);
        }
      }
    }
  }

  @Test
  void aSingleValueIsShownBetweenLabels() {
    LogAxis axis = LogAxis.logTicks(5, 5);

    assertThat(axis.min()).isLessThan(5);
    assertThat(axis.max()).isGreaterThan(5);
    assertThat(axis.labels()).hasSizeGreaterThanOrEqualTo(3);
  }

  @Test
  void anAxisOfNothingPositiveIsRefused() {
    assertThatThrownBy(() -> LogAxis.logTicks(0, 5)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> LogAxis.logTicks(5, 2)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aLatencyChartBetween2And9MsIsLabelledBetweenPowersOfTenAndDrawnInSeconds() {
    Histogram h = Latencies.newHistogram();
    for (long micros = 2_000; micros <= 9_000; micros += 7) {
      h.recordValue(micros);
    }

    XYChart chart =
        assertTimeoutPreemptively(
            DRAWN_WITHIN,
            () -> {
              XYChart c = LatencyChart.chart("2 to 9 ms", Map.of("run", h));
              assertThat(BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG))
                  .isNotEmpty();
              return c;
            });

    var s = chart.getStyler();
    assertThat(s.isYAxisLogarithmic()).isTrue();
    assertThat(s.isYAxisLogarithmicDecadeOnly()).isFalse();
    assertThat(LogAxis.logTicks(s.getYAxisMin(), s.getYAxisMax()).labels())
        .hasSizeGreaterThanOrEqualTo(3);
    assertThat(chart.getXAxisTitle()).contains("%");
    assertThat(chart.getYAxisTitle()).contains("ms");
  }
}
