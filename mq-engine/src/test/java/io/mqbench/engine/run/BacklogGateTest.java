package io.mqbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.BacklogLimit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class BacklogGateTest {
  private static final long MS = 1_000_000L;

  @Test
  void sendersAreNotHeldBeforeTheFirstDeliveryWhileReceiversConnect() {
    BacklogGate gate = new BacklogGate(BacklogLimit.AUTO);

    assertThat(gate.update(20 * MS, 500_000, 0)).isEqualTo(BacklogGate.Change.NONE);
  }

  @Test
  void sendersAreHeldAboveTheLimitAndReleasedAtHalfOfIt() {
    BacklogGate gate = new BacklogGate(BacklogLimit.of(10_000));

    assertThat(gate.update(20 * MS, 9_000, 1)).isEqualTo(BacklogGate.Change.NONE);
    assertThat(gate.update(40 * MS, 12_000, 1_000)).isEqualTo(BacklogGate.Change.HOLD);
    assertThat(gate.update(60 * MS, 12_000, 6_000)).isEqualTo(BacklogGate.Change.NONE);
    assertThat(gate.update(80 * MS, 12_000, 7_000)).isEqualTo(BacklogGate.Change.RELEASE);
    assertThat(gate.heldNanos()).isEqualTo(40 * MS);
    assertThat(gate.holds()).isEqualTo(1);
    assertThat(gate.largestBound()).isEqualTo(10_000);
  }

  @Test
  void theAutomaticLimitIsASecondOfWhatTheReceiversTookAndAtLeastTheFloor() {
    BacklogGate gate = new BacklogGate(BacklogLimit.AUTO);
    gate.update(0, 0, 0);
    gate.update(500 * MS, 30_000, 20_000);
    // 50,000 received in the last second: a backlog of 40,000 is within a second of receiving.
    assertThat(gate.update(1_000 * MS, 90_000, 50_000)).isEqualTo(BacklogGate.Change.NONE);
    assertThat(gate.update(1_100 * MS, 150_000, 51_000)).isEqualTo(BacklogGate.Change.HOLD);
    assertThat(BacklogLimit.AUTO.bound(10)).isEqualTo(BacklogLimit.AUTO_FLOOR);
  }

  @Test
  void aHoldStillOnAtTheEndCountsUpToTheEnd() {
    BacklogGate gate = new BacklogGate(BacklogLimit.of(100));
    gate.update(10 * MS, 1_000, 1);

    assertThat(gate.end(110 * MS)).isTrue();
    assertThat(gate.heldNanos()).isEqualTo(100 * MS);
  }

  @Test
  void theLimitReadsAutoOffOrACountAndNamesTheOptionOtherwise() {
    assertThat(BacklogLimit.parse("auto")).isEqualTo(BacklogLimit.AUTO);
    assertThat(BacklogLimit.parse("OFF")).isEqualTo(BacklogLimit.OFF);
    assertThat(BacklogLimit.parse("50_000")).isEqualTo(BacklogLimit.of(50_000));
    assertThat(BacklogLimit.OFF.bound(1)).isEqualTo(Long.MAX_VALUE);
    Assertions.assertThatThrownBy(() -> BacklogLimit.parse("0"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--max-backlog must be at least 1 message, was 0");
  }
}
