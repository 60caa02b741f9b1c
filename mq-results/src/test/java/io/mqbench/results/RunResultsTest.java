package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CatchUp;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.DeliveryGap;
import io.mqbench.engine.FaultRecord;
import io.mqbench.engine.Mode;
import io.mqbench.engine.Pacing;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.ClientErrors;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.measure.HostLoad;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.ProcessUsage;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.engine.testing.TestSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/** Verdicts, from outcomes the test composes: what a run achieved decides its status. */
class RunResultsTest {
  private static final long SECOND = 1_000_000_000L;

  private static RunSettings settings(Mode mode, Optional<Double> rate, Phases phases) {
    return TestSettings.builder()
        .mode(mode)
        .messagesPerSender(Long.MAX_VALUE)
        .duration(Optional.of(Duration.ofSeconds(10)))
        .rate(rate)
        .maxBatch(1)
        .inFlight(128)
        .phases(phases)
        .build();
  }

  private static RunResult summarise(RunOutcome outcome, RunSettings run) {
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

  /** Measurements with the given threads and deliveries, every histogram {@code latencies}. */
  private static CellMeasurementsBuilder measured(
      List<SenderStats> senders,
      List<ReceiverStats> receivers,
      DeliveryBitmaps delivery,
      EncodedHistogram latencies) {
    return CellMeasurementsBuilder.builder(CellMeasurements.empty())
        .senders(senders)
        .receivers(receivers)
        .serviceMicros(latencies)
        .responseMicros(latencies)
        .scheduleLagMicros(latencies)
        .harnessLagMicros(latencies)
        .endToEndMicros(latencies)
        .delivery(delivery)
        .failure(Optional.empty());
  }

  /** One sender that sent {@code sent} messages in 10 s, one receiver that got them all by then. */
  private static RunResult summarise(RunSettings run, long sent, double receiveSeconds) {
    return summarise(run, sent, receiveSeconds, HostLoad.NONE);
  }

  /** The same, with the host's load over the run's 10 s as given. */
  private static RunResult summarise(
      RunSettings run, long sent, double receiveSeconds, HostLoad host) {
    Roaring64NavigableMap all = new Roaring64NavigableMap();
    all.addRange(0, sent);
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(50, sent); // the harness was never late
    EncodedHistogram some = EncodedHistogram.of(lag);
    CellMeasurements report =
        measured(
                List.of(new SenderStats(0, sent, sent, 10 * SECOND, 0)),
                List.of(new ReceiverStats(sent, 0, 1, (long) (receiveSeconds * SECOND), 0)),
                new DeliveryBitmaps(Map.of(0, all), Map.of(0, all)),
                some)
            .processUsage(new ProcessUsage(2 * SECOND, -1, -1, 0, 0, -1, 10 * SECOND, 1, host))
            .build();
    RunOutcome outcome = outcomeOf(report).build();
    return summarise(outcome, run);
  }

  /** The outcome of a run of run id 7 and seed 1 on one cell that reported {@code report}. */
  private static RunOutcomeBuilder outcomeOf(CellMeasurements report) {
    return RunOutcomeBuilder.builder()
        .runId(7)
        .seed(1)
        .cells(List.of(new CellReady("test", Map.of())))
        .measurements(report)
        .timeline(List.of())
        .ledger(report.ledger())
        .pacing(Pacing.NONE);
  }

  /** 10 s on 2 CPUs: the run's processes used and waited as given; the host was busy as given. */
  private static HostLoad host(double runCpuSeconds, double runWaitSeconds, double busySeconds) {
    return new HostLoad(
        (long) (busySeconds * SECOND),
        2,
        (long) (runCpuSeconds * SECOND),
        (long) (runWaitSeconds * SECOND),
        10 * SECOND);
  }

  @Test
  void aThroughputRunWhoseProcessesWaitedForCpusThatOtherWorkHeldIsHostLimited() {
    // The run's processes used 3 s and waited 12 s for a CPU; the host was busy 18 of 20 CPU-s.
    RunResult r =
        summarise(
            settings(Mode.THROUGHPUT, Optional.empty(), Phases.TOGETHER),
            30_000,
            10.0,
            host(3, 12, 18));

    assertThat(r.status()).isEqualTo(RunStatus.HOST_LIMITED);
    assertThat(r.status().exitCode()).isZero();
    assertThat(r.harness().hostLimited()).isTrue();
    assertThat(r.harness().runCpuWaitShare()).isEqualTo(0.8);
    assertThat(r.harness().otherWorkShare()).isEqualTo(0.75);
    assertThat(r.harness().hostLimitedAdvice())
        .contains("waited for a CPU 80 %")
        .contains("other work used 75 %")
        .contains("quieter host");
  }

  @Test
  void aRunThatWaitedOnlyForItsOwnBrokerIsNotHostLimited() {
    // Broker and harness share the host and wait for each other; nothing else ran.
    RunResult r =
        summarise(
            settings(Mode.THROUGHPUT, Optional.empty(), Phases.TOGETHER),
            30_000,
            10.0,
            host(15, 40, 16));

    assertThat(r.harness().runCpuWaitShare()).isEqualTo(40.0 / 55);
    assertThat(r.status()).isEqualTo(RunStatus.OK);
  }

  @Test
  void aStarvedHostDoesNotHideAMissedTarget() {
    RunResult r =
        summarise(
            settings(Mode.RATE, Optional.of(3000.0), Phases.TOGETHER),
            5_120,
            10.0,
            host(3, 12, 18));

    assertThat(r.status()).isEqualTo(RunStatus.TARGET_NOT_MET);
    assertThat(r.harness().hostLimited()).isTrue();
  }

  /**
   * 20 s of sending at 1,000 msgs/s, all received; the given fault, received counts every tenth of
   * a second, and gaps.
   */
  private static RunResult withFault(
      FaultRecord fault,
      List<Long> everyTenth,
      List<DeliveryGap> deliveryGaps,
      List<DeliveryGap> sendGaps) {
    long sent = 20_000;
    Roaring64NavigableMap all = new Roaring64NavigableMap();
    all.addRange(0, sent);
    EncodedHistogram none = EncodedHistogram.empty();
    CellMeasurements report =
        measured(
                List.of(new SenderStats(0, sent, sent, 20 * SECOND, 0)),
                List.of(new ReceiverStats(sent, 0, SECOND / 10, 20 * SECOND, 0)),
                new DeliveryBitmaps(Map.of(0, all), Map.of(0, all)),
                none)
            .build();
    RunOutcome outcome =
        outcomeOf(report)
            .pacing(new Pacing(false, 0, 0, 0, SECOND / 10, sent, 20 * SECOND))
            .faults(List.of(fault))
            .deliveryGaps(deliveryGaps)
            .receivedEveryTenth(everyTenth)
            .sendGaps(sendGaps)
            .build();
    return summarise(
        outcome,
        settings(Mode.THROUGHPUT, Optional.empty(), Phases.TOGETHER)
            .with(r -> r.duration(Optional.of(Duration.ofSeconds(20)))));
  }

  private static FaultRecord restartAt(long at) {
    CatchUp.Window w =
        new CatchUp.Window(
            0,
            at,
            at / SECOND * 1_000,
            at / SECOND * 1_000,
            EncodedHistogram.empty(),
            EncodedHistogram.empty(),
            EncodedHistogram.empty());
    return new FaultRecord(
        "restart-broker",
        "kafka",
        at,
        true,
        at,
        at + SECOND,
        "restarted",
        Optional.empty(),
        w,
        w,
        w);
  }

  /** Received so far every tenth of a second, from per-second rates. */
  private static List<Long> everyTenth(long... perSecond) {
    List<Long> counts = new java.util.ArrayList<>(List.of(0L));
    long received = 0;
    for (long rate : perSecond) {
      for (int t = 1; t <= 10; t++) {
        counts.add(received + rate * t / 10);
      }
      received += rate;
    }
    return counts;
  }

  @Test
  void aRunWhoseFaultNeverRecoveredHasAStatusOfItsOwnAndExitsNonZero() {
    // Restarted at 10 s; a trickle after it, never back to 900 msgs/s before sending ended.
    long[] rates = new long[20];
    java.util.Arrays.fill(rates, 0, 10, 1_000);
    java.util.Arrays.fill(rates, 10, 20, 200);

    RunResult r = withFault(restartAt(10 * SECOND), everyTenth(rates), List.of(), List.of());

    assertThat(r.faults().injected().get(0).notRecovered()).isTrue();
    assertThat(r.status()).isEqualTo(RunStatus.NOT_RECOVERED);
    assertThat(r.status().exitCode()).isNotZero();
  }

  @Test
  void silencesTheClientRodeThroughAreRecordedAsOutagesWithoutAnyClientError() {
    long[] rates = new long[20];
    java.util.Arrays.fill(rates, 1_000);
    List<DeliveryGap> noDelivery =
        List.of(
            new DeliveryGap(0, SECOND / 10), // the wait for the first delivery: not an outage
            new DeliveryGap(10 * SECOND, 16 * SECOND + SECOND / 2),
            new DeliveryGap(17 * SECOND, 17 * SECOND + SECOND / 2)); // shorter than a second
    List<DeliveryGap> noSend = List.of(new DeliveryGap(10 * SECOND, 15 * SECOND));

    RunResult r = withFault(restartAt(10 * SECOND), everyTenth(rates), noDelivery, noSend);

    assertThat(r.faults().clientErrors()).isNull();
    assertThat(r.faults().outages())
        .containsExactly(
            new Outage(Outage.NO_SEND, 10.0, 15.0, 5.0),
            new Outage(Outage.NO_DELIVERY, 10.0, 16.5, 6.5));
    assertThat(r.faults().outages().get(1).describe())
        .isEqualTo("no delivery from 10.00 s to 16.50 s (6.50 s)");
  }

  @Test
  void aRateRunBelowNinetyNinePercentOfItsTargetHasNotMetIt() {
    RunResult r = summarise(settings(Mode.RATE, Optional.of(3000.0), Phases.TOGETHER), 5_120, 10.0);

    assertThat(r.status()).isEqualTo(RunStatus.TARGET_NOT_MET);
    assertThat(r.status().exitCode()).isEqualTo(4);
    assertThat(r.rates().rate().assessment()).startsWith("TARGET MISSED");
  }

  @Test
  void aMissedTargetOutranksAHarnessStallSoTheRunNeverExitsZero() {
    // Issue 22, defect 6: 98.0 % of the target with the harness stalling too exited 0.
    RunSettings rate = settings(Mode.RATE, Optional.of(20_000.0), Phases.TOGETHER);
    Totals totals =
        TotalsBuilder.builder()
            .sent(588_000)
            .received(588_000)
            .distinct(588_000)
            .sendSeconds(30)
            .receiveSeconds(30)
            .sentPerSecond(19_600)
            .receivedPerSecond(19_600)
            .build();
    RateAchieved missedAndStalled =
        new RateAchieved(20_000, 19_600, 600_000, 0, true, false, "TARGET MISSED: ...");

    RunStatus verdict = RunVerdicts.verdict(rate, totals, missedAndStalled, Pacing.NONE);

    assertThat(verdict).isEqualTo(RunStatus.TARGET_NOT_MET);
    assertThat(verdict.exitCode()).isNotZero();
    RateAchieved keptButStalled =
        new RateAchieved(20_000, 19_990, 600_000, 0, true, true, "HARNESS-LIMITED: ...");
    assertThat(RunVerdicts.verdict(rate, totals, keptButStalled, Pacing.NONE))
        .isEqualTo(RunStatus.HARNESS_LIMITED);
  }

  @Test
  void aRateRunThatKeptItsScheduleIsOk() {
    RunResult r =
        summarise(settings(Mode.RATE, Optional.of(3000.0), Phases.TOGETHER), 30_000, 10.0);

    assertThat(r.status()).isEqualTo(RunStatus.OK);
  }

  @Test
  void receiversThatTrailTheSendersAreNamedAsTheLimit() {
    // Sent 3,000/s for 10 s; the receivers needed 24 s for the same messages: 1,250/s.
    RunResult r =
        summarise(settings(Mode.RATE, Optional.of(3000.0), Phases.TOGETHER), 30_000, 24.0);

    assertThat(r.status()).isEqualTo(RunStatus.RECEIVERS_BEHIND);
    assertThat(r.status().exitCode()).isEqualTo(5);
  }

  @Test
  void theLastBatchOfAShortRunArrivingLateIsNotReceiversBehind() {
    RunResult r =
        summarise(settings(Mode.RATE, Optional.of(3000.0), Phases.TOGETHER), 30_000, 10.9);

    assertThat(r.status()).isEqualTo(RunStatus.OK);
  }

  @Test
  void aDrainIsNotReceiversBehind() {
    RunResult r =
        summarise(
            settings(Mode.THROUGHPUT, Optional.empty(), Phases.SEND_THEN_DRAIN), 29_980, 24.0);

    assertThat(r.status()).isEqualTo(RunStatus.OK);
  }

  @Test
  void theWorstStatusOfAMatrixRanksFailuresAboveVerdicts() {
    assertThat(RunStatus.OK.worst(RunStatus.TARGET_NOT_MET)).isEqualTo(RunStatus.TARGET_NOT_MET);
    assertThat(RunStatus.RECEIVERS_BEHIND.worst(RunStatus.LOST_MESSAGES))
        .isEqualTo(RunStatus.LOST_MESSAGES);
    assertThat(RunStatus.INTERRUPTED.worst(RunStatus.FAILED)).isEqualTo(RunStatus.INTERRUPTED);
  }

  @Test
  void deliveryInDoubtRanksAboveAFailureAndProvenLossAboveBoth() {
    assertThat(RunStatus.FAILED.worst(RunStatus.UNSETTLED)).isEqualTo(RunStatus.UNSETTLED);
    assertThat(RunStatus.UNSETTLED.worst(RunStatus.LOST_MESSAGES))
        .isEqualTo(RunStatus.LOST_MESSAGES);
    assertThat(RunStatus.LOST_MESSAGES.worst(RunStatus.INTERRUPTED))
        .isEqualTo(RunStatus.INTERRUPTED);
    assertThat(RunStatus.UNSETTLED.exitCode()).isEqualTo(6);
  }

  /** One sender that sent 1,000 messages, of which the receivers got the first 400. */
  private static RunResult partlyReceived(
      int receivers, Optional<CellFailure> failure, boolean interrupted) {
    return partlyReceived(receivers, failure, interrupted, ClientErrors.NONE);
  }

  private static RunResult partlyReceived(
      int receivers, Optional<CellFailure> failure, boolean interrupted, ClientErrors errors) {
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 1_000);
    Roaring64NavigableMap seen = new Roaring64NavigableMap();
    seen.addRange(0, 400);
    EncodedHistogram none = EncodedHistogram.of(Latencies.newHistogram());
    CellMeasurements report =
        measured(
                List.of(new SenderStats(0, 1_000, 100, 10 * SECOND, 0)),
                receivers == 0 ? List.of() : List.of(new ReceiverStats(400, 0, 1, 5 * SECOND, 0)),
                new DeliveryBitmaps(Map.of(0, sent), receivers == 0 ? Map.of() : Map.of(0, seen)),
                none)
            .failure(failure)
            .clientErrors(errors)
            .build();
    RunSettings run =
        settings(Mode.THROUGHPUT, Optional.empty(), Phases.TOGETHER)
            .with(r -> r.receivers(receivers).messagesPerSender(1_000).duration(Optional.empty()));
    RunOutcome outcome =
        outcomeOf(report)
            .failure(failure)
            .endedIdle(!interrupted && failure.isEmpty())
            .interrupted(interrupted)
            .build();
    return summarise(outcome, run);
  }

  @Test
  void afterAFailureAcknowledgedButUnreceivedMessagesAreUnsettledNotLost() {
    RunResult r =
        partlyReceived(1, Optional.of(new CellFailure("receiver 0", "connection reset")), false);

    assertThat(r.totals().lost()).isZero();
    assertThat(r.totals().unsettled()).isEqualTo(600);
    assertThat(r.status()).isEqualTo(RunStatus.UNSETTLED);
    assertThat(r.statusLine()).isEqualTo("unsettled: receiver 0: connection reset");
  }

  @Test
  void anInterruptedRunsMissingMessagesAreUnsettledNotLost() {
    RunResult r = partlyReceived(1, Optional.empty(), true);

    assertThat(r.totals().lost()).isZero();
    assertThat(r.totals().unsettled()).isEqualTo(600);
    assertThat(r.status()).isEqualTo(RunStatus.INTERRUPTED);
  }

  @Test
  void aRunWhoseReceiversRanToTheirIdleEndProvesTheMissingLost() {
    RunResult r = partlyReceived(1, Optional.empty(), false);

    assertThat(r.totals().lost()).isEqualTo(600);
    assertThat(r.totals().unsettled()).isZero();
    assertThat(r.status()).isEqualTo(RunStatus.LOST_MESSAGES);
  }

  @Test
  void aRunThatRodeThroughClientErrorsHasNotProvenItsMissingMessagesLost() {
    // A broker restart with reconnect: the receivers' idle end came while the messages were still
    // out of reach (a node not back yet, a dead consumer's lease); only a settle drain can prove.
    RunResult r =
        partlyReceived(
            1,
            Optional.empty(),
            false,
            new ClientErrors(2, 20, 3, 4, "redis: connection reset by peer"));

    assertThat(r.totals().lost()).isZero();
    assertThat(r.totals().unsettled()).isEqualTo(600);
    assertThat(r.status()).isEqualTo(RunStatus.UNSETTLED);
    assertThat(r.status().exitCode()).isEqualTo(6);
  }

  @Test
  void aReceiveOnlyDrainReportsAsDuplicatesOnlyWhatItsReceiversGotTwice() {
    EncodedHistogram none = EncodedHistogram.of(Latencies.newHistogram());
    CellMeasurements report =
        measured(
                List.of(),
                List.of(
                    new ReceiverStats(10_000, 0, 1, 5 * SECOND, 0, 0, 0, null, 3),
                    new ReceiverStats(10_000, 0, 1, 5 * SECOND, 0, 0, 0, null, 0)),
                DeliveryBitmaps.empty(),
                none)
            .build();
    RunSettings drain =
        settings(Mode.THROUGHPUT, Optional.empty(), Phases.TOGETHER)
            .with(r -> r.senders(0).receivers(2).duration(Optional.empty()));
    RunOutcome outcome = outcomeOf(report).endedIdle(true).build();

    RunResult r = summarise(outcome, drain);

    assertThat(r.totals().received()).isEqualTo(20_000);
    assertThat(r.totals().duplicates()).isEqualTo(3);
  }

  @Test
  void aSendOnlyRunsBacklogIsUnsettledNotLost() {
    RunResult r = partlyReceived(0, Optional.empty(), false);

    assertThat(r.totals().lost()).isZero();
    assertThat(r.totals().unsettled()).isEqualTo(1_000);
    assertThat(r.status()).isEqualTo(RunStatus.OK);
  }
}
