package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.Latencies;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RateAchievedTest {
  private static final double TEN_SECONDS_MICROS = 10e6;

  @Test
  void wakeUpJitterBelowAMillisecondIsNotAStall() {
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(80, 30_000); // parked threads wake ~80 µs late, every send

    RateAchieved r =
        RateAchieved.assess(3000, 3000, 30_000, 30_000, 1, TEN_SECONDS_MICROS, lag, null);

    assertThat(r.harnessLimited()).isFalse();
    assertThat(r.assessment()).startsWith("schedule kept");
  }

  @Test
  void harnessStallsAddingUpToMoreThanOnePercentOfTheRunMakeItHarnessLimited() {
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(80, 30_000);
    lag.recordValueWithCount(20_000, 6); // six 20 ms stalls: 120 ms of 10 s = 1.2 %

    RateAchieved r =
        RateAchieved.assess(3000, 2995, 30_000, 30_000, 1, TEN_SECONDS_MICROS, lag, null);

    assertThat(r.harnessLimited()).isTrue();
    assertThat(r.targetMet()).isTrue();
    assertThat(r.assessment()).startsWith("HARNESS-LIMITED").contains("1.20 %");
  }

  @Test
  void aMissedTargetIsNamedFirstEvenWhenTheHarnessStalledToo() {
    // Issue 22, defect 6: the 1kb-20k-25c preset achieved 98.0 % and was called harness-limited.
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(80, 30_000);
    lag.recordValueWithCount(20_000, 6);

    RateAchieved r =
        RateAchieved.assess(20_000, 19_600, 200_000, 196_000, 1, TEN_SECONDS_MICROS, lag, null);

    assertThat(r.harnessLimited()).isTrue();
    assertThat(r.targetMet()).isFalse();
    assertThat(r.assessment())
        .startsWith("TARGET MISSED")
        .contains("19,600 of 20,000 msgs/s (98.0 %)")
        .contains("the harness stalled");
  }

  @Test
  void stallsAreAveragedOverSenders() {
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(20_000, 6); // 120 ms across 4 senders of 10 s = 0.3 %

    assertThat(
            RateAchieved.assess(3000, 3000, 1, 1, 4, TEN_SECONDS_MICROS, lag, null)
                .harnessLimited())
        .isFalse();
  }

  @Test
  void aBackendThatCannotSustainTheRateIsNamedWhenTheHarnessKeptUp() {
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(80, 5_120); // the harness was never late with a slot free

    RateAchieved r =
        RateAchieved.assess(3000, 512, 30_000, 5_120, 1, TEN_SECONDS_MICROS, lag, null);

    assertThat(r.harnessLimited()).isFalse();
    assertThat(r.targetMet()).isFalse();
    assertThat(r.assessment())
        .startsWith("TARGET MISSED, backend-limited")
        .contains("512 of 3,000 msgs/s")
        .contains("24,880 scheduled messages never sent");
  }

  @Test
  void aRunWithinOnePercentOfItsTargetMetIt() {
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(80, 29_800);

    RateAchieved r =
        RateAchieved.assess(3000, 2980, 29_800, 29_800, 1, TEN_SECONDS_MICROS, lag, null);

    assertThat(r.targetMet()).isTrue();
    assertThat(r.assessment()).startsWith("schedule kept");
  }
}
