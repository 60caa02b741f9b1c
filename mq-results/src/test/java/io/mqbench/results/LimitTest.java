package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.Tick;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The limit probe advises only when the probe's rate against the run's lies clearly on one side of
 * {@link Limit#RECEIVERS_HELP} slice by slice; a spread across it is inconclusive and says so.
 */
class LimitTest {
  /** A timeline of whole seconds with these receive counts, all sent within them. */
  private static List<Tick> seconds(long... received) {
    List<Tick> ticks = new ArrayList<>();
    long total = 0;
    for (int i = 0; i < received.length; i++) {
      total += received[i];
      ticks.add(new Tick(i + 1, 1, total, total, received[i], received[i]));
    }
    return ticks;
  }

  private static Limit.Measured measured(int receivers, double... slices) {
    double mean = 0;
    for (double s : slices) {
      mean += s / slices.length;
    }
    List<Double> list = new ArrayList<>();
    for (double s : slices) {
      list.add(s);
    }
    return new Limit.Measured(receivers, mean, list);
  }

  @Test
  void twoRunsWhoseProbeLandsOnBothSidesOfTheThresholdSliceBySliceAreInconclusive() {
    // Identical default runs once read 0.97x and once 1.62x: a probe this noisy cannot tell.
    Limit limit = Limit.probed(measured(2, 1_000, 1_100, 950), measured(4, 970, 1_620, 1_300));

    assertThat(limit.side()).isEqualTo(Limit.Side.RECEIVING);
    assertThat(limit.probeRatioLow()).isCloseTo(970 / 1_100.0, within());
    assertThat(limit.probeRatioHigh()).isCloseTo(1_620 / 950.0, within());
    assertThat(limit.advice())
        .startsWith(
            "the receiving side set the pace, but the probe was inconclusive: with 4 receivers instead of 2 the queue moved 0.88x to 1.71x")
        .contains("on both sides of 1.25x")
        .doesNotContain("were the limit")
        .doesNotContain("do not help");
  }

  @Test
  void aProbeWhoseEverySliceMovesFarMoreSaysTheReceiversWereTheLimit() {
    Limit limit = Limit.probed(measured(2, 1_000, 1_050, 980), measured(4, 1_900, 2_000, 1_950));

    assertThat(limit.side()).isEqualTo(Limit.Side.RECEIVERS);
    assertThat(limit.advice())
        .startsWith("the receivers were the limit")
        .contains("(1.93x; 1.81x to 2.04x second by second)")
        .contains("add --receivers");
  }

  @Test
  void aProbeWhoseEverySliceMovesAboutTheSameSaysTheDeliveryPath() {
    Limit limit = Limit.probed(measured(2, 1_000, 1_050, 980), measured(4, 990, 1_020, 1_010));

    assertThat(limit.side()).isEqualTo(Limit.Side.DELIVERY);
    assertThat(limit.advice())
        .startsWith("the queue's delivery path was the limit, not the receivers")
        .contains("more receivers do not help");
  }

  @Test
  void aProbeTooShortToSliceIsInconclusive() {
    Limit limit = Limit.probed(measured(2, 1_000, 1_050), measured(4, 2_000));

    assertThat(limit.side()).isEqualTo(Limit.Side.RECEIVING);
    assertThat(limit.advice())
        .startsWith(
            "the receiving side set the pace, but the probe was inconclusive: the probe gave 1 slice")
        .endsWith("a longer --limit-probe can tell");
  }

  @Test
  void aRunTooShortToSliceIsInconclusiveAndSaysARunLongerCanTell() {
    Limit limit = Limit.probed(measured(2, 1_000), measured(4, 2_000, 2_100, 1_900));

    assertThat(limit.side()).isEqualTo(Limit.Side.RECEIVING);
    assertThat(limit.advice())
        .contains("the probe gave 3 slices and the run 1")
        .endsWith("a longer run (--duration) can tell");
  }

  @Test
  void slicesLeaveOutTheSecondOfTheFirstDeliveryAndTheTimeAfterSending() {
    // Joining for a second, a partial first second of deliveries, four steady seconds, then the
    // senders stop at 6.2 s and the rest drains.
    List<Double> slices = Limit.slices(seconds(0, 300, 1_000, 1_100, 900, 1_000, 200, 50), 6.2);

    assertThat(slices).containsExactly(1_000.0, 1_100.0, 900.0, 1_000.0);
  }

  @Test
  void aLongRunIsCutIntoAtMostFiveSlicesOfEqualSeconds() {
    long[] counts = new long[22];
    java.util.Arrays.fill(counts, 1_000);
    counts[0] = 10;
    List<Double> slices = Limit.slices(seconds(counts), 22);

    assertThat(slices).hasSize(Limit.MAX_SLICES).allSatisfy(s -> assertThat(s).isEqualTo(1_000.0));
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}
