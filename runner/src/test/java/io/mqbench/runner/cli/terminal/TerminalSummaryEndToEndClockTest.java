package io.mqbench.runner.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import org.junit.jupiter.api.Test;

/**
 * The terminal's end-to-end row carries the clock offsets' bound across workers, negative samples
 * are said, and figures the clocks cannot resolve are flagged.
 */
class TerminalSummaryEndToEndClockTest {
  private static RunResult withClock(EndToEndClock clock) {
    RunResult fixed = FixedResults.fixedResult(0);
    return fixed.withLatency(fixed.latency().withEndToEndClock(clock));
  }

  @Test
  void theEndToEndRowOfARunAcrossWorkersCarriesTheClockBound() {
    String report =
        TerminalSummaryTest.print(withClock(new EndToEndClock(0, 0, 0.2, 0, true, null)));

    assertThat(TerminalSummaryTest.line(report, "end-to-end")).endsWith(" +/- 0.2 ms");
    assertThat(TerminalSummaryTest.line(report, "send batch")).doesNotContain("+/-");
    assertThat(report).doesNotContain("negatives").doesNotContain("warning");
  }

  @Test
  void aRunInOneProcessShowsNoBound() {
    String report = TerminalSummaryTest.print(withClock(new EndToEndClock(0, 0, 0, 0, true, null)));

    assertThat(TerminalSummaryTest.line(report, "end-to-end")).doesNotContain("+/-");
  }

  @Test
  void negativeSamplesAreCountedAndFiguresTheClocksCannotResolveAreFlagged() {
    String reason = "19,054 of 20,000 end-to-end samples (95.3 %) arrived before they were sent";
    String report =
        TerminalSummaryTest.print(
            withClock(new EndToEndClock(19_054, 0.9527, 11, 0, false, reason)));

    assertThat(TerminalSummaryTest.line(report, "end-to-end")).endsWith(" +/- 11 ms");
    assertThat(TerminalSummaryTest.line(report, "negatives"))
        .startsWith("negatives  19,054 end-to-end samples (95.27 %) received before their send");
    assertThat(TerminalSummaryTest.line(report, "warning"))
        .isEqualTo(
            "warning    end-to-end figures are not meaningful at this resolution: " + reason);
  }

  @Test
  void aWorkerClockThatDriftedDuringTheRunIsShownOnTheEndToEndRowAndFlagged() {
    String reason = "a worker's clock drifted 11.800 ms against the coordinator's during the run";
    String report =
        TerminalSummaryTest.print(withClock(new EndToEndClock(0, 0, 0.7, 11.8, false, reason)));

    assertThat(TerminalSummaryTest.line(report, "end-to-end"))
        .endsWith(" +/- 0.7 ms, clock drift 11.8 ms");
    assertThat(TerminalSummaryTest.line(report, "warning")).endsWith(reason);
  }
}
