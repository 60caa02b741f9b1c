package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {
  @Test
  void threeRepetitionsGiveTheirMeanAndAStudentTInterval() {
    // 100, 110, 120: mean 110, s = 10, t(0.975, 2) = 4.303, half-width 4.303 * 10 / sqrt(3).
    Estimate e = Estimate.of(List.of(100.0, 110.0, 120.0));

    assertThat(e.n()).isEqualTo(3);
    assertThat(e.mean()).isCloseTo(110.0, within(1e-9));
    assertThat(e.halfWidth()).isCloseTo(24.8434, within(1e-4));
    assertThat(e.format(1)).isEqualTo("110.0 ± 24.8");
  }

  @Test
  void fiveRepetitionsUseFourDegreesOfFreedom() {
    // 10, 12, 9, 11, 13: mean 11, squares 10, s^2 = 2.5, t(0.975, 4) = 2.776,
    // half-width 2.776 * sqrt(2.5) / sqrt(5) = 1.96293.
    Estimate e = Estimate.of(List.of(10.0, 12.0, 9.0, 11.0, 13.0));

    assertThat(e.mean()).isCloseTo(11.0, within(1e-9));
    assertThat(e.halfWidth()).isCloseTo(1.96293, within(1e-5));
    assertThat(e.low()).isCloseTo(9.03707, within(1e-5));
    assertThat(e.high()).isCloseTo(12.96293, within(1e-5));
  }

  @Test
  void oneRunHasAMeanButNoInterval() {
    Estimate e = Estimate.of(List.of(42.0));

    assertThat(e.mean()).isEqualTo(42.0);
    assertThat(e.hasInterval()).isFalse();
    assertThat(e.format(0)).isEqualTo("42");
  }

  @Test
  void aPercentileARunCouldNotGiveIsLeftOutNotCountedAsZero() {
    Estimate e = Estimate.of(Arrays.asList(2.0, null, 4.0));

    assertThat(e.n()).isEqualTo(2);
    assertThat(e.mean()).isEqualTo(3.0);
    // t(0.975, 1) = 12.706, s = sqrt(2), half-width 12.706 * sqrt(2) / sqrt(2)
    assertThat(e.halfWidth()).isCloseTo(12.706, within(1e-9));
  }

  @Test
  void studentTMatchesTheTablesAndApproachesTheNormalQuantile() {
    assertThat(StudentT.quantile975(1)).isEqualTo(12.706);
    assertThat(StudentT.quantile975(10)).isEqualTo(2.228);
    assertThat(StudentT.quantile975(30)).isEqualTo(2.042);
    assertThat(StudentT.quantile975(40)).isCloseTo(2.021, within(5e-4));
    assertThat(StudentT.quantile975(60)).isCloseTo(2.000, within(5e-4));
    assertThat(StudentT.quantile975(120)).isCloseTo(1.980, within(5e-4));
    assertThat(StudentT.quantile975(100_000)).isCloseTo(1.960, within(5e-4));
  }
}
