package io.mqbench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FigureComparisonTest {
  private static final Figure RECEIVED = Figure.named(List.of("received_msgs_per_s")).get(0);

  @Test
  void aFixedRateMetEveryTimeIsNoChangeThoughItsRunsDoNotVary() {
    FigureComparison c =
        FigureComparison.ofValues(
            RECEIVED, List.of(1000.0, 1000.0, 1000.0), List.of(999.99, 999.99, 999.99), 5);

    assertThat(c.verdict()).isEqualTo(Verdict.NO_CHANGE);
    assertThat(c.regression()).isFalse();
  }

  @Test
  void aSteadySlowdownBeyondTheThresholdIsStillARegression() {
    FigureComparison c =
        FigureComparison.ofValues(
            RECEIVED, List.of(1000.0, 1001.0, 999.0), List.of(800.0, 801.0, 799.0), 5);

    assertThat(c.verdict()).isEqualTo(Verdict.WORSE);
    assertThat(c.regression()).isTrue();
  }
}
