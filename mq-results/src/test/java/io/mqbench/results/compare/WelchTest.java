package io.mqbench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class WelchTest {
  @Test
  void theIntervalIsWelchsWithWelchSatterthwaiteDegreesOfFreedom() {
    // By hand: means 110 and 87.5, difference -22.5; s²/n = 100/3 = 33.333 and 41.667/4 = 10.417;
    // se = sqrt(43.75) = 6.6144; df = 43.75² / (33.333² / 2 + 10.417² / 3) = 3.2347;
    // t(0.975, 3.2347) = 3.0557 (scipy.stats.t.ppf); half-width 20.2116. scipy's
    // ttest_ind(candidate, baseline, equal_var=False).confidence_interval() gives the same
    // (-42.7116, -2.2884).
    Welch w = Welch.of(List.of(100.0, 110.0, 120.0), List.of(80.0, 85.0, 95.0, 90.0));

    assertThat(w.difference()).isCloseTo(-22.5, within(1e-12));
    assertThat(w.degreesOfFreedom()).isCloseTo(3.234719, within(1e-6));
    assertThat(w.low()).isCloseTo(-42.71164, within(1e-4));
    assertThat(w.high()).isCloseTo(-2.28836, within(1e-4));
    assertThat(w.includesZero()).isFalse();
  }

  @Test
  void theQuantileIsTheTablesAtWholeDegreesAndScipysBetween() {
    assertThat(StudentTQuantile.quantile975(1)).isCloseTo(12.706, within(5e-4));
    assertThat(StudentTQuantile.quantile975(2)).isCloseTo(4.303, within(5e-4));
    assertThat(StudentTQuantile.quantile975(4)).isCloseTo(2.776, within(5e-4));
    assertThat(StudentTQuantile.quantile975(30)).isCloseTo(2.042, within(5e-4));
    assertThat(StudentTQuantile.quantile975(2.5)).isCloseTo(3.574655, within(1e-5));
    assertThat(StudentTQuantile.quantile975(3.7)).isCloseTo(2.867521, within(1e-5));
    assertThat(StudentTQuantile.quantile975(100)).isCloseTo(1.983972, within(1e-5));
    assertThat(StudentTQuantile.quantile975(1e6)).isCloseTo(1.959966, within(1e-5));
  }

  @Test
  void sidesThatDoNotVaryGiveTheDifferenceItselfAndOneRunGivesNoInterval() {
    Welch w = Welch.of(List.of(5.0, 5.0), List.of(7.0, 7.0, 7.0));

    assertThat(w.low()).isEqualTo(2.0);
    assertThat(w.high()).isEqualTo(2.0);
    assertThatThrownBy(() -> Welch.of(List.of(5.0), List.of(7.0, 8.0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two values a side");
  }
}
