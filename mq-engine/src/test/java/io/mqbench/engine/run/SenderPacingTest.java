package io.mqbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.Pacing;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.testing.TestSettings;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SenderPacingTest {
  private static final long MS = 1_000_000L;
  private static final long START = 5_000 * MS;

  private final ScriptedCell cell = new ScriptedCell();

  private static CellProgress counts(long sent, long received, int sendersRunning) {
    return new CellProgress(sent, received, sendersRunning, Optional.empty());
  }

  @Test
  void sendersAreHeldWhileTheBacklogIsOverTheLimitAndLetGoAtTheEndOfSending() {
    var settings = TestSettings.builder().maxBacklog(BacklogLimit.of(100)).build();
    RunState run = cell.run(settings, START, true);
    SenderPacing pacing = new SenderPacing(settings);
    SendGaps gaps = new SendGaps();

    run.polled(START + 20 * MS, counts(500, 10, 1));
    gaps.poll(run);
    pacing.poll(run);
    assertThat(run.sendersHeld()).isTrue();
    run.polled(START + 40 * MS, counts(500, 20, 0));
    gaps.poll(run);
    pacing.poll(run);

    assertThat(cell.calls).containsExactly("hold senders", "release senders");
    Pacing result = contributed(pacing, run).pacing();
    assertThat(result.applied()).isTrue();
    assertThat(result.holds()).isEqualTo(1);
    assertThat(result.firstDeliveryNanos()).isEqualTo(20 * MS);
    assertThat(result.receivedWhileSending()).isEqualTo(20);
    assertThat(result.sendingNanos()).isEqualTo(40 * MS);
  }

  @Test
  void timeWhileSendersAreHeldIsNoSendGap() {
    var settings = TestSettings.builder().maxBacklog(BacklogLimit.of(100)).build();
    RunState run = cell.run(settings, START, true);
    SendGaps gaps = new SendGaps();
    run.polled(START + 20 * MS, counts(500, 10, 1));
    gaps.poll(run);
    run.holdSenders(true);
    for (long t = 40; t <= 1_000; t += 20) {
      run.polled(START + t * MS, counts(500, 10, 1));
      gaps.poll(run);
    }

    assertThat(contributed(gaps, run).sendGaps()).isEmpty();
  }

  @Test
  void aSecondWithoutAnAcknowledgementWhileSendersRanIsASendGap() {
    RunState run = cell.run(TestSettings.builder().build(), START, true);
    SendGaps gaps = new SendGaps();
    run.polled(START + 20 * MS, counts(100, 10, 1));
    gaps.poll(run);
    for (long t = 40; t <= 1_040; t += 20) {
      run.polled(START + t * MS, counts(500, 10, 1));
      gaps.poll(run);
    }
    run.polled(START + 1_060 * MS, counts(600, 10, 1));
    gaps.poll(run);

    assertThat(contributed(gaps, run).sendGaps())
        .singleElement()
        .satisfies(g -> assertThat(g.nanos()).isEqualTo(1_020 * MS));
  }

  private static io.mqbench.engine.RunOutcome contributed(RunWatcher watcher, RunState run) {
    RunOutcomeBuilder outcome = RunOutcomeBuilder.builder().cells(List.of()).timeline(List.of());
    watcher.contribute(
        new RunEnd(
            CellMeasurements.empty(), run.sinceStart(), run.sendingEndSinceStart(), false, false),
        outcome);
    return outcome.build();
  }
}
