package io.mqbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CellProgress;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.testing.TestSettings;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReceivingEndTest {
  private static final long MS = 1_000_000L;
  private static final long START = 1_000 * MS;

  private final ScriptedCell cell = new ScriptedCell();
  private final ReceivingEnd end = new ReceivingEnd();

  private static CellProgress counts(long sent, long received, int sendersRunning) {
    return new CellProgress(sent, received, sendersRunning, Optional.empty());
  }

  private RunState together(Duration idle) {
    RunSettings settings = TestSettings.builder().receiverIdle(idle).build();
    return cell.run(settings, START, true);
  }

  @Test
  void receivingGoesOnWhileAnySenderSends() {
    RunState run = together(Duration.ofMillis(100));
    run.polled(START + 10_000 * MS, counts(1_000, 0, 1));

    end.poll(run);

    assertThat(run.ended()).isFalse();
  }

  @Test
  void runEndsAtThePollWhereEverythingSentHasArrived() {
    RunState run = together(Duration.ofSeconds(10));
    run.polled(START + 20 * MS, counts(1_000, 1_000, 0));

    end.poll(run);

    assertThat(run.ended()).isTrue();
    assertThat(run.endedIdle()).as("ended because all arrived, not idle").isFalse();
  }

  @Test
  void runEndsIdleOnceNothingArrivedForTheIdlePeriodAfterSendersFinished() {
    RunState run = together(Duration.ofMillis(100));
    run.polled(START + 20 * MS, counts(1_000, 900, 0));
    end.poll(run);
    run.polled(START + 100 * MS, counts(1_000, 900, 0));
    end.poll(run);
    assertThat(run.ended()).as("80 ms without a delivery").isFalse();

    run.polled(START + 120 * MS, counts(1_000, 900, 0));
    end.poll(run);

    assertThat(run.ended()).isTrue();
    assertThat(run.endedIdle()).isTrue();
  }

  @Test
  void aDeliveryRestartsTheIdlePeriod() {
    RunState run = together(Duration.ofMillis(100));
    run.polled(START + 20 * MS, counts(1_000, 900, 0));
    end.poll(run);
    run.polled(START + 100 * MS, counts(1_000, 950, 0));
    end.poll(run);

    run.polled(START + 150 * MS, counts(1_000, 950, 0));
    end.poll(run);

    assertThat(run.ended()).isFalse();
  }

  @Test
  void aStopRequestEndsReceivingTwoSecondsLaterAtTheMostWithABacklogLeft() {
    RunState run = together(Duration.ofMinutes(1));
    cell.stop.request();
    long asked = cell.stop.atNanos();
    run.polled(asked + 100 * MS, counts(1_000, 10, 0));
    end.poll(run);
    run.polled(asked + 1_900 * MS, counts(1_000, 20, 0));
    end.poll(run);
    assertThat(run.ended()).isFalse();

    run.polled(asked + 2_000 * MS, counts(1_000, 30, 0));
    end.poll(run);

    assertThat(run.ended()).isTrue();
    assertThat(run.endedIdle()).isFalse();
  }

  @Test
  void aRunWithoutReceiversEndsWithItsSenders() {
    RunState run = cell.run(TestSettings.builder().receivers(0).build(), START, false);
    run.polled(START + 20 * MS, counts(1_000, 0, 0));

    end.poll(run);

    assertThat(run.ended()).isTrue();
  }

  @Test
  void receiversStartedAtThisPollGetTheirFirstPollBeforeAnyEndTest() {
    RunState run =
        cell.run(
            TestSettings.builder().phases(io.mqbench.engine.Phases.SEND_THEN_DRAIN).build(),
            START,
            false);
    run.polled(START + 20 * MS, counts(0, 0, 0));
    run.startReceivers();

    end.poll(run);

    assertThat(run.ended()).as("nothing was sent, yet the drain gets its poll").isFalse();
  }
}
