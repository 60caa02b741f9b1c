package io.mqbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CellProgress;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.testing.TestSettings;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The watchers that decide when senders stop and receivers start. */
class PhaseWatchersTest {
  private static final long MS = 1_000_000L;
  private static final long START = 5_000 * MS;

  private final ScriptedCell cell = new ScriptedCell();

  private static CellProgress counts(long sent, long received, int sendersRunning) {
    return new CellProgress(sent, received, sendersRunning, Optional.empty());
  }

  @Test
  void sendersStopOnceWhenTheDurationIsUp() {
    RunState run = cell.run(TestSettings.builder().build(), START, true);
    SendingDeadline deadline = new SendingDeadline(Duration.ofSeconds(1), false);

    run.polled(START + 990 * MS, counts(10, 10, 1));
    deadline.poll(run);
    run.polled(START + 1_000 * MS, counts(10, 10, 1));
    deadline.poll(run);
    run.polled(START + 1_020 * MS, counts(10, 10, 1));
    deadline.poll(run);

    assertThat(cell.calls).containsExactly("stop senders");
  }

  @Test
  void aRateRunsSendersMayCatchUpForTheDurationAgain() {
    RunState run = cell.run(TestSettings.builder().build(), START, true);
    SendingDeadline deadline = new SendingDeadline(Duration.ofSeconds(1), true);

    run.polled(START + 1_500 * MS, counts(10, 10, 1));
    deadline.poll(run);
    assertThat(cell.calls).isEmpty();

    run.polled(START + 2_000 * MS, counts(10, 10, 1));
    deadline.poll(run);
    assertThat(cell.calls).containsExactly("stop senders");
  }

  @Test
  void aDrainStartsItsReceiversWhenTheLastSenderFinished() {
    RunSettings drain = TestSettings.builder().phases(Phases.SEND_THEN_DRAIN).build();
    RunState run = cell.run(drain, START, false);
    ReceiversAfterSenders phase = new ReceiversAfterSenders();

    run.polled(START + 500 * MS, counts(1_000, 0, 1));
    phase.poll(run);
    assertThat(run.receiversStarted()).isFalse();

    run.polled(START + 520 * MS, counts(1_000, 0, 0));
    phase.poll(run);

    assertThat(cell.calls).containsExactly("start receivers");
    assertThat(run.receiversStartedNow()).isTrue();
    assertThat(run.receiversLateStartSinceStart()).isEqualTo(520 * MS);
  }

  @Test
  void aDrainStoppedDuringSendingLeavesTheBacklogAndEnds() {
    RunSettings drain = TestSettings.builder().phases(Phases.SEND_THEN_DRAIN).build();
    RunState run = cell.run(drain, START, false);
    cell.stop.request();

    run.polled(START + 520 * MS, counts(1_000, 0, 0));
    new ReceiversAfterSenders().poll(run);

    assertThat(cell.calls).isEmpty();
    assertThat(run.ended()).isTrue();
  }

  @Test
  void aCatchUpStartsReceiversAfterTheBacklogTimeAndTakesItsInstants() {
    RunSettings catchUp =
        TestSettings.builder()
            .mode(io.mqbench.engine.Mode.RATE)
            .messagesPerSender(Long.MAX_VALUE)
            .rate(Optional.of(1_000.0))
            .duration(Optional.of(Duration.ofSeconds(5)))
            .phases(Phases.BACKLOG_THEN_CATCH_UP)
            .backlog(Optional.of(Duration.ofSeconds(2)))
            .build();
    RunState run = cell.run(catchUp, START, false);
    CatchUpPhase phase = new CatchUpPhase(catchUp);

    run.polled(START + 1_980 * MS, counts(1_980, 0, 1));
    phase.poll(run);
    assertThat(run.receiversStarted()).isFalse();
    run.polled(START + 2_000 * MS, counts(2_000, 0, 1));
    phase.poll(run);
    assertThat(cell.calls).containsExactly("start receivers");

    run.polled(START + 4_000 * MS, counts(4_000, 4_000, 1));
    phase.poll(run);
    run.polled(START + 5_000 * MS, counts(5_000, 5_000, 0));
    phase.poll(run);
    var outcome =
        io.mqbench.engine.RunOutcomeBuilder.builder()
            .cells(java.util.List.of())
            .timeline(java.util.List.of());
    phase.contribute(
        new RunEnd(
            io.mqbench.engine.measure.CellMeasurements.empty(),
            4_100 * MS,
            4_000 * MS,
            false,
            false),
        outcome);

    var result = outcome.build().catchUp().orElseThrow();
    assertThat(result.receiversStartNanos()).isEqualTo(2_000 * MS);
    assertThat(result.caughtUpNanos()).contains(4_000 * MS);
    assertThat(result.sendingEndNanos()).isEqualTo(5_000 * MS);
  }
}
