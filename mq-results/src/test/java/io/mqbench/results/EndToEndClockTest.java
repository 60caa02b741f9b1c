package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CellReady;
import io.mqbench.engine.Pacing;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.files.SummaryColumns;
import io.mqbench.results.files.SummaryRow;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * End-to-end figures carry the uncertainty of the clocks they were read on: samples that came out
 * negative are counted and reported, the clock offsets' bound is reported with them, and a run
 * whose figures the clocks cannot resolve says so.
 */
class EndToEndClockTest {
  private static final long SECOND = 1_000_000_000L;

  @TempDir Path tmp;

  /**
   * 20,000 messages of one sender, all received; {@code recorded} of them with an end-to-end
   * latency of {@code latencyMicros}, the rest received before their send time.
   */
  private static RunResult run(long recorded, long latencyMicros, long clockBoundNanos) {
    return run(recorded, latencyMicros, clockBoundNanos, 0);
  }

  private static RunResult run(
      long recorded, long latencyMicros, long clockBoundNanos, long clockDriftNanos) {
    long sent = 20_000;
    RunSettings run = TestSettings.builder().messagesPerSender(sent).build();
    Roaring64NavigableMap all = new Roaring64NavigableMap();
    all.addRange(0, sent);
    Histogram e2e = Latencies.newHistogram();
    if (recorded > 0) {
      e2e.recordValueWithCount(latencyMicros, recorded);
    }
    EncodedHistogram none = EncodedHistogram.empty();
    CellMeasurements report =
        CellMeasurementsBuilder.builder(CellMeasurements.empty())
            .senders(List.of(new SenderStats(0, sent, sent, 10 * SECOND, 0)))
            .receivers(List.of(new ReceiverStats(sent, 0, 1, 10 * SECOND, 0)))
            .endToEndMicros(EncodedHistogram.of(e2e))
            .delivery(new DeliveryBitmaps(Map.of(0, all), Map.of(0, all)))
            .negativeEndToEnd(sent - recorded)
            // Two workers, the sender's clock true within the whole bound, the receiver's exactly.
            .clockUncertaintiesNanos(List.of(clockBoundNanos, 0L))
            .clockDriftNanos(clockDriftNanos)
            .build();
    RunOutcome outcome =
        RunOutcomeBuilder.builder()
            .runId(7)
            .seed(1)
            .cells(List.of(new CellReady("test", Map.of())))
            .measurements(report)
            .timeline(List.of())
            .ledger(report.ledger())
            .pacing(Pacing.NONE)
            .build();
    return RunResults.summarise(
        outcome,
        Accounting.of(outcome, run),
        List.of(),
        "memory",
        run,
        Duration.ZERO,
        "test",
        Map.of(),
        Instant.now(),
        Environment.current(Map.of()));
  }

  private static Object column(RunResult r, String header) {
    return SummaryRow.ALL.stream()
        .filter(c -> c.header().equals(header))
        .findFirst()
        .orElseThrow()
        .value()
        .apply(r);
  }

  @Test
  void aRunAcrossWorkersWhoseSamplesMostlyCameOutNegativeCountsThemAndIsNotMeaningful()
      throws Exception {
    // The defect's run: an offset 10 ms off (inside its +/- 11 ms bound), 19,054 of 20,000
    // samples negative; the rest 0.8 ms.
    RunResult r = run(946, 800, 11_000_000);

    EndToEndClock clock = r.latency().endToEndClock();
    assertThat(clock.negativeSamples()).isEqualTo(19_054);
    assertThat(clock.negativeShare()).isEqualTo(19_054 / 20_000.0);
    assertThat(clock.clockBoundMs()).isEqualTo(11.0);
    assertThat(clock.meaningful()).isFalse();
    assertThat(clock.reason()).contains("19,054 of 20,000").contains("95.3 %");
    assertThat(r.latency().byKind().get(LatencyKind.END_TO_END).count())
        .as("the negatives are not in the histogram as zeros")
        .isEqualTo(946);
    assertThat(r.status()).as("delivery was measured exactly all the same").isEqualTo(RunStatus.OK);
    assertThat(column(r, SummaryColumns.E2E_NEGATIVE)).isEqualTo(19_054L);
    assertThat(column(r, SummaryColumns.E2E_CLOCK_BOUND_MS).toString()).isEqualTo("11.000");
    assertThat(column(r, SummaryColumns.E2E_MEANINGFUL)).isEqualTo(false);

    ResultsWriter.writeRunJson(r, tmp);
    RunResult read = ResultsWriter.read(tmp.resolve(ResultsWriter.RUN_JSON));
    assertThat(read.latency().endToEndClock()).isEqualTo(clock);
  }

  @Test
  void aMedianBelowTheClockBoundIsNotMeaningfulAtThatResolution() {
    RunResult r = run(20_000, 800, 11_000_000);

    assertThat(r.latency().endToEndClock().negativeSamples()).isZero();
    assertThat(r.latency().endToEndClock().meaningful()).isFalse();
    assertThat(r.latency().endToEndClock().reason())
        .isEqualTo(
            "the end-to-end p50 (0.800 ms) is within 3x the clock offsets' uncertainty"
                + " (+/- 11.000 ms): the true p50 lies anywhere from 0.000 to 11.800 ms");
  }

  @Test
  void aMedianWithinThreeTimesTheBoundIsNotMeaningfulAndSaysHowFarItCouldBeOff() {
    // The defect's run: a path 20 ms slower one way put the offset 10 ms off, inside its
    // +/- 11.7 ms bound; every sample read 13 ms (13.007, the histogram's bucket) against a true
    // 2-4 ms, none negative.
    RunResult r = run(20_000, 13_000, 11_700_000);

    EndToEndClock clock = r.latency().endToEndClock();
    assertThat(clock.negativeSamples()).isZero();
    assertThat(clock.meaningful()).isFalse();
    assertThat(clock.reason())
        .isEqualTo(
            "the end-to-end p50 (13.007 ms) is within 3x the clock offsets' uncertainty"
                + " (+/- 11.700 ms): the true p50 lies anywhere from 1.307 to 24.707 ms");
  }

  @Test
  void aMedianJustAboveThreeTimesTheBoundIsMeaningful() {
    RunResult r = run(20_000, 35_200, 11_700_000);

    assertThat(r.latency().endToEndClock().meaningful()).isTrue();
  }

  @Test
  void aRunAcrossWorkersWithAMedianWellAboveTheBoundIsMeaningfulAndCarriesTheBound() {
    RunResult r = run(20_000, 5_000, 200_000);

    assertThat(r.latency().endToEndClock())
        .isEqualTo(new EndToEndClock(0, 0.0, 0.2, 0.0, true, null));
  }

  @Test
  void aFewNegativeSamplesUnderOnePercentAreCountedButLeaveTheFiguresMeaningful() {
    RunResult r = run(19_900, 5_000, 200_000);

    assertThat(r.latency().endToEndClock().negativeSamples()).isEqualTo(100);
    assertThat(r.latency().endToEndClock().meaningful()).isTrue();
  }

  @Test
  void aWorkerClockThatDriftedMoreThanTheBoundDuringTheRunIsFlagged() {
    // A receiving worker 0.1 % fast over 12 s: 12 ms, against a bound of 0.7 ms.
    RunResult r = run(20_000, 12_600, 700_000, 11_800_000);

    assertThat(r.latency().endToEndClock().clockDriftMs()).isEqualTo(11.8);
    assertThat(r.latency().endToEndClock().meaningful()).isFalse();
    assertThat(r.latency().endToEndClock().reason()).contains("drifted 11.800 ms");
    assertThat(column(r, SummaryColumns.E2E_CLOCK_DRIFT_MS).toString()).isEqualTo("11.800");
  }

  @Test
  void aDriftWithinTheLimitLeavesTheFiguresMeaningful() {
    RunResult r = run(20_000, 12_600, 700_000, 500_000);

    assertThat(r.latency().endToEndClock().clockDriftMs()).isEqualTo(0.5);
    assertThat(r.latency().endToEndClock().meaningful()).isTrue();
  }

  @Test
  void aRunInOneProcessHasOneClockAndABoundOfZero() {
    RunResult r = run(20_000, 50, 0);

    assertThat(r.latency().endToEndClock().clockBoundMs()).isZero();
    assertThat(r.latency().endToEndClock().meaningful()).isTrue();
  }
}
