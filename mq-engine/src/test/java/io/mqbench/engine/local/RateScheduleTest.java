package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateScheduleTest {
  /** A clock that only moves when the pacer waits: the schedule is checked without sleeping. */
  private static final class FakeClock {
    long now;
    final List<Long> waits = new ArrayList<>();

    RateSchedule.Pacer pacer() {
      return deadline -> {
        waits.add(deadline - now);
        now = deadline;
      };
    }
  }

  @Test
  void theIthSendIsDueAtStartPlusITimesThePeriodWithNoDriftOverAMillionTicks() {
    FakeClock clock = new FakeClock();
    clock.now = 5_000_000_000L;
    RateSchedule schedule = new RateSchedule(clock.now, 3_000, () -> clock.now, clock.pacer());

    long last = 0;
    for (long i = 0; i <= 1_000_000; i++) {
      last = schedule.intendedNanos(i);
    }

    // 10^6 ticks at 3,000/s is exactly 333.333... s: at most one nanosecond of rounding, no drift.
    long expected = 5_000_000_000L + 333_333_333_333L;
    assertThat(last).isBetween(expected - 1, expected + 1);
    assertThat(schedule.intendedNanos(3)).isEqualTo(5_000_000_000L + 1_000_000);
  }

  @Test
  void awaitingASlotWaitsUntilItIsDue() throws InterruptedException {
    FakeClock clock = new FakeClock();
    RateSchedule schedule = new RateSchedule(0, 1_000, () -> clock.now, clock.pacer());

    for (long i = 0; i < 5; i++) {
      assertThat(schedule.awaitSlot(i)).isEqualTo(i * 1_000_000);
      assertThat(clock.now).isEqualTo(i * 1_000_000);
    }
    assertThat(clock.waits).containsExactly(1_000_000L, 1_000_000L, 1_000_000L, 1_000_000L);
  }

  @Test
  void aLateSenderDoesNotWaitAndKeepsTheOriginalIntendedTimes() throws InterruptedException {
    FakeClock clock = new FakeClock();
    RateSchedule schedule = new RateSchedule(0, 1_000, () -> clock.now, clock.pacer());
    clock.now = 10_500_000; // a stall: slots 0..10 are overdue

    for (long i = 0; i <= 10; i++) {
      assertThat(schedule.awaitSlot(i)).isEqualTo(i * 1_000_000);
    }
    assertThat(clock.waits).isEmpty();
    assertThat(schedule.awaitSlot(11)).isEqualTo(11_000_000);
    assertThat(clock.waits).containsExactly(500_000L);
  }

  @Test
  void rateMustBePositive() {
    assertThatThrownBy(() -> new RateSchedule(0, 0, () -> 0, d -> {}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RateSchedule(0, -5, () -> 0, d -> {}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void withATickLongerThanThePeriodTheBatchesOfATickAreDueAtItsStartAndTheSenderWakesOncePerTick()
      throws InterruptedException {
    FakeClock clock = new FakeClock();
    // 5,000 batches/s (a period of 200 µs) in ticks of 1 ms: five batches a tick.
    RateSchedule schedule = new RateSchedule(0, 5_000, 1_000_000, () -> clock.now, clock.pacer());

    List<Long> due = new ArrayList<>();
    for (long i = 0; i < 15; i++) {
      due.add(schedule.awaitSlot(i));
    }

    assertThat(due)
        .containsExactly(
            0L,
            0L,
            0L,
            0L,
            0L,
            1_000_000L,
            1_000_000L,
            1_000_000L,
            1_000_000L,
            1_000_000L,
            2_000_000L,
            2_000_000L,
            2_000_000L,
            2_000_000L,
            2_000_000L);
    assertThat(clock.waits).as("one wait a tick, not one a batch").hasSize(2);
    // The rate holds: a million batches take 200 s, to the nanosecond.
    assertThat(schedule.intendedNanos(1_000_000)).isEqualTo(200_000_000_000L);
  }

  @Test
  void aTickNoLongerThanThePeriodLeavesTheScheduleExact() {
    RateSchedule ticked = new RateSchedule(7, 1_000, 1_000_000, () -> 0, d -> {});
    RateSchedule exact = new RateSchedule(7, 1_000, () -> 0, d -> {});

    for (long i = 0; i < 100; i++) {
      assertThat(ticked.intendedNanos(i)).isEqualTo(exact.intendedNanos(i));
    }
  }
}
