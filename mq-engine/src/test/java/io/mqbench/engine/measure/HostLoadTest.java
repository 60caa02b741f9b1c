package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The host's load over a run, from two readings. */
class HostLoadTest {
  private static final long S = 1_000_000_000L;

  @Test
  void aBrokerThatEndedBetweenTheReadingsLeavesTheLoadUnknownNotOtherWork() {
    HostLoad atStart = new HostLoad(10 * S, 2, 4 * S, 1 * S, 0, Set.of(100L, 200L));
    // The broker (200) was killed and started again as 300: what 200 used is gone from /proc.
    HostLoad atEnd = new HostLoad(40 * S, 2, 12 * S, 5 * S, 20 * S, Set.of(100L, 300L));

    HostLoad run = atEnd.since(atStart);

    assertThat(run.known()).isFalse();
    assertThat(run.starved()).isFalse();
  }

  @Test
  void aProcessStartedDuringTheRunCountsInFull() {
    HostLoad atStart = new HostLoad(10 * S, 2, 4 * S, 1 * S, 0, Set.of(100L));
    HostLoad atEnd = new HostLoad(40 * S, 2, 30 * S, 25 * S, 20 * S, Set.of(100L, 300L));

    HostLoad run = atEnd.since(atStart);

    assertThat(run.known()).isTrue();
    assertThat(run.otherWorkShare()).isEqualTo(4.0 / 40);
    assertThat(run.runWaitShare()).isEqualTo(24.0 / 50);
  }
}
