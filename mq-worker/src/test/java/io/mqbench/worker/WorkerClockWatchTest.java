package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A worker's clock moved only by what two measurements' uncertainties do not explain. */
class WorkerClockWatchTest {
  private static final long MS = 1_000_000;

  @Test
  void aMoveWithinBothUncertaintiesIsNoiseOfTheMeasurement() {
    ClockOffset before = new ClockOffset(100 * MS, 2 * MS, 32);
    ClockOffset after = new ClockOffset(103 * MS, 2 * MS, 8);

    assertThat(WorkerClockWatch.moved(before, after)).isLessThanOrEqualTo(0);
  }

  @Test
  void aMoveBeyondBothUncertaintiesCountsOnlyWhatTheyDoNotExplain() {
    ClockOffset before = new ClockOffset(100 * MS, 1 * MS, 32);
    ClockOffset after = new ClockOffset(90 * MS, 2 * MS, 8);

    assertThat(WorkerClockWatch.moved(before, after)).isEqualTo(7 * MS);
  }
}
