package io.mqbench.results;

import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryLedger;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Turns a run's merged outcome into its {@link RunResult}. */
public final class RunResults {
  private RunResults() {}

  /**
   * @param outcome what the run produced
   * @param accounting where its acknowledged messages stand, a settle drain included
   * @param warnings the backend's warnings about its settings
   * @param queue the backend's name
   * @param run what the engine ran
   * @param warmup the unmeasured warm-up before the run
   * @param target where the backend connected
   * @param backendConfig the backend's effective configuration
   * @param startedAt when the run started
   * @param environment where it ran
   * @return the results
   */
  public static RunResult summarise(
      RunOutcome outcome,
      Accounting accounting,
      List<String> warnings,
      String queue,
      RunSettings run,
      Duration warmup,
      String target,
      Map<String, String> backendConfig,
      Instant startedAt,
      Environment environment) {
    Timing timing = Timing.of(outcome);
    Totals totals = totals(outcome, accounting, run, timing);
    CellMeasurements report = outcome.measurements();
    HarnessUse harness = HarnessUse.of(report, totals.sendSeconds(), totals.receiveSeconds());
    RateAchieved rate = run.rateMode() ? rateAchieved(report, run, totals, harness) : null;
    CatchUpResult catchUp = outcome.catchUp().map(c -> CatchUpResult.of(c, run)).orElse(null);
    RunFaults faults =
        new RunFaults(
            faults(outcome),
            report.clientErrors().none() ? null : report.clientErrors(),
            Outage.of(outcome, run));
    return RunResultBuilder.builder()
        .runId(String.format("%08x", outcome.runId()))
        .startedAt(startedAt.truncatedTo(ChronoUnit.MILLIS).toString())
        .status(
            RunVerdicts.status(
                outcome,
                totals,
                RunVerdicts.verdict(run, totals, rate, outcome.pacing(), catchUp)
                    .worst(RunVerdicts.hostVerdict(harness))
                    .worst(RunVerdicts.recoveryVerdict(faults.injected()))))
        .failure(outcome.failure().map(f -> f.line()).orElse(null))
        .queue(queue)
        .target(target)
        .setup(
            new RunSetup(
                Settings.of(run, warmup, outcome.seed()),
                Map.of(),
                0,
                backendConfig,
                environment,
                warnings))
        .totals(totals)
        .rates(new RunRates(rate, timing.senders(), timing.receivers(), outcome.timeline(), null))
        .latency(latency(report, run.rateMode()))
        .delivery(
            RunDelivery.NONE.with(
                b ->
                    b.partial(report.partial())
                        .byQueue(byQueue(report, run, totals))
                        .bySubscription(bySubscription(report, run, totals))
                        .bitmaps(accounting.bitmaps())))
        .harness(harness)
        .catchUp(catchUp)
        .faults(faults)
        .build();
  }

  /** The latencies, and how far the clocks let the end-to-end ones be trusted. */
  private static RunLatency latency(CellMeasurements report, boolean rateMode) {
    Map<LatencyKind, Latency> latencies = latencies(report, rateMode);
    return new RunLatency(
        latencies,
        EndToEndClock.of(
            report.negativeEndToEnd(),
            latencies.get(LatencyKind.END_TO_END),
            report.clockBoundNanos(),
            report.clockDriftNanos()));
  }

  /** What each fault did to the run, in the order they were due. */
  private static List<FaultResult> faults(RunOutcome outcome) {
    return outcome.faults().stream()
        .map(
            f ->
                FaultResult.of(
                    f,
                    outcome.receivedEveryTenth(),
                    outcome.deliveryGaps(),
                    outcome.sendGaps(),
                    sendingEndSeconds(outcome)))
        .toList();
  }

  /** When the senders stopped, from the run's start; the run's end when unknown. */
  private static double sendingEndSeconds(RunOutcome outcome) {
    long sending = outcome.pacing().sendingNanos();
    return sending > 0 ? sending / 1e9 : Double.MAX_VALUE;
  }

  /** Each queue's figures, when there are several. */
  private static List<PartTotals> byQueue(CellMeasurements report, RunSettings run, Totals t) {
    List<PartTotals> parts = new ArrayList<>();
    for (int q = 0; run.queues() > 1 && q < run.queues(); q++) {
      parts.add(
          PartTotals.of(
              q, report.ledgerOfQueue(q, run.queues()), t.sendSeconds(), t.receiveSeconds()));
    }
    return parts;
  }

  /** Each subscription's figures, when there are several. */
  private static List<PartTotals> bySubscription(
      CellMeasurements report, RunSettings run, Totals t) {
    List<PartTotals> parts = new ArrayList<>();
    for (int s = 0; run.subscriptions() > 1 && s < run.subscriptions(); s++) {
      parts.add(
          PartTotals.of(s, report.ledgerOfSubscription(s), t.sendSeconds(), t.receiveSeconds()));
    }
    return parts;
  }

  /**
   * When senders and receivers were done, from the run's start.
   *
   * @param senders each sender's rate, timed from the run's start
   * @param receivers each receiver's rate, timed from {@code receiversStartNanos}
   * @param lastAckNanos the last acknowledged send
   * @param drainStartNanos send-then-drain: when the drain started; backlog-then-catch-up: when
   *     receivers started; 0 otherwise
   * @param receiversStartNanos when receivers are timed from: the run's start (0); or, draining a
   *     backlog, the drain's first delivery
   * @param lastReceiveNanos the last delivery, from {@code receiversStartNanos}
   */
  private record Timing(
      List<ThreadRate> senders,
      List<ThreadRate> receivers,
      long lastAckNanos,
      long drainStartNanos,
      long receiversStartNanos,
      long lastReceiveNanos) {

    static Timing of(RunOutcome outcome) {
      CellMeasurements report = outcome.measurements();
      List<ThreadRate> senders =
          report.senders().stream()
              .map(s -> ThreadRate.of(s.senderId(), s.sent(), 0, s.lastAckNanos()))
              .toList();
      long lastAck = report.senders().stream().mapToLong(SenderStats::lastAckNanos).max().orElse(0);
      // Receivers are timed from when they started: the run's start; or, draining a backlog, from
      // the first delivery, as ConsumerPerformance times its fetching apart from its group join
      // (the wait for the first message is reported beside it).
      long drainStart = outcome.drainStartNanos();
      long firstDelivery =
          report.receivers().stream()
              .mapToLong(ReceiverStats::firstReceiveNanos)
              .filter(t -> t > 0)
              .min()
              .orElse(drainStart);
      long receiversStart = drainStart > 0 ? Math.max(drainStart, firstDelivery) : 0;
      List<ThreadRate> receivers = new ArrayList<>();
      for (ReceiverStats r : report.receivers()) {
        receivers.add(
            ThreadRate.of(receivers.size(), r.received(), receiversStart, r.lastReceiveNanos()));
      }
      long lastReceive =
          report.receivers().stream()
              .mapToLong(ReceiverStats::lastReceiveNanos)
              .filter(t -> t != 0)
              .map(t -> t - receiversStart)
              .max()
              .orElse(0);
      return new Timing(senders, receivers, lastAck, drainStart, receiversStart, lastReceive);
    }

    double sendSeconds() {
      return lastAckNanos / 1e9;
    }

    double receiveSeconds() {
      return Math.max(0, lastReceiveNanos) / 1e9;
    }
  }

  /** Counts from the accounting (a settle drain included), rates from the timing. */
  private static Totals totals(
      RunOutcome outcome, Accounting accounting, RunSettings run, Timing timing) {
    DeliveryLedger ledger = accounting.ledger();
    long received = run.senders() == 0 ? outcome.measurements().received() : ledger.received();
    double sendSeconds = timing.sendSeconds();
    double receiveSeconds = timing.receiveSeconds();
    boolean together = run.phases() == Phases.TOGETHER && run.senders() > 0 && run.receivers() > 0;
    List<SenderStats> senders = outcome.measurements().senders();
    long sentBytes = senders.stream().mapToLong(SenderStats::sentBytes).sum();
    return TotalsBuilder.builder()
        .sent(ledger.sent())
        .received(received)
        .distinct(ledger.distinct())
        .lost(accounting.lost())
        .unsettled(accounting.unsettled())
        .settled(accounting.settled())
        // Receive-only: the ledger knows no run's messages, so every delivery would read as a
        // duplicate; each receiver told its own apart by run, sender and sequence.
        .duplicates(
            run.senders() == 0
                ? outcome.measurements().receivers().stream()
                    .mapToLong(ReceiverStats::receiveOnlyDuplicates)
                    .sum()
                : ledger.duplicates())
        .foreign(outcome.measurements().foreign())
        .unacknowledgedDelivered(ledger.unacknowledgedDelivered())
        .sendSeconds(sendSeconds)
        .receiveSeconds(receiveSeconds)
        .sentPerSecond(sendSeconds > 0 ? ledger.sent() / sendSeconds : 0)
        .receivedPerSecond(receiveSeconds > 0 ? received / receiveSeconds : 0)
        .drainStartSeconds(timing.drainStartNanos() / 1e9)
        .drainWaitSeconds((timing.receiversStartNanos() - timing.drainStartNanos()) / 1e9)
        .endedIdle(outcome.endedIdle())
        .endToEndPerSecond(together ? outcome.pacing().endToEndPerSecond() : 0)
        .sendersHeldShare(outcome.pacing().heldShare())
        .sentBytes(sentBytes)
        .sentBytesPerSecond(sendSeconds > 0 ? sentBytes / sendSeconds : 0)
        .minMessageBytes(
            senders.stream()
                .mapToInt(SenderStats::minMessageBytes)
                .filter(b -> b > 0)
                .min()
                .orElse(0))
        .maxMessageBytes(senders.stream().mapToInt(SenderStats::maxMessageBytes).max().orElse(0))
        .build();
  }

  /** The latency histograms by name, in {@link RunLatency#byKind()}' order. */
  private static Map<LatencyKind, Latency> latencies(CellMeasurements report, boolean rateMode) {
    Map<LatencyKind, Latency> latencies = new LinkedHashMap<>();
    latencies.put(LatencyKind.SEND, Latency.of(report.serviceMicros().decode()));
    if (rateMode) {
      latencies.put(LatencyKind.RESPONSE, Latency.of(report.responseMicros().decode()));
      latencies.put(LatencyKind.SCHEDULE_LAG, Latency.of(report.scheduleLagMicros().decode()));
    }
    latencies.put(LatencyKind.END_TO_END, Latency.of(report.endToEndMicros().decode()));
    return latencies;
  }

  /** Rate mode: how the schedule was kept, against what it called for. */
  private static RateAchieved rateAchieved(
      CellMeasurements report, RunSettings run, Totals totals, HarnessUse harness) {
    double targetRate = run.rate().orElseThrow();
    double scheduledByTime = targetRate * run.duration().orElseThrow().toNanos() / 1e9;
    double scheduledByCount = (double) run.messagesPerSender() * run.senders();
    long scheduled = Math.round(Math.min(scheduledByTime, scheduledByCount));
    double runMicros = Math.max(totals.sendSeconds(), 1e-6) * 1e6;
    Histogram harnessLag = report.harnessLagMicros().decode();
    return RateAchieved.assess(
        targetRate,
        totals.sentPerSecond(),
        scheduled,
        totals.sent(),
        run.senders(),
        runMicros,
        harnessLag,
        harness);
  }

  /**
   * The result of a run that never measured anything: it failed or was stopped before it started
   * (an unreachable broker, a stop while connecting). Its folder still says what was asked and why
   * nothing came of it, and a matrix keeps its row.
   *
   * @param queue the backend's name
   * @param run what the engine was to run
   * @param warmup the warm-up that was to come before it
   * @param seed the seed that was given, or 0
   * @param backendConfig the backend's effective configuration (secrets hidden)
   * @param status {@link RunStatus#FAILED} or {@link RunStatus#INTERRUPTED}
   * @param reason why, in one line
   * @param startedAt when the run was to start
   * @return the result, with no messages and empty histograms
   */
  public static RunResult notRun(
      String queue,
      RunSettings run,
      Duration warmup,
      long seed,
      Map<String, String> backendConfig,
      RunStatus status,
      String reason,
      Instant startedAt) {
    Map<LatencyKind, Latency> latencies = new LinkedHashMap<>();
    latencies.put(LatencyKind.SEND, Latency.of(Latencies.newHistogram()));
    if (run.rateMode()) {
      latencies.put(LatencyKind.RESPONSE, Latency.of(Latencies.newHistogram()));
      latencies.put(LatencyKind.SCHEDULE_LAG, Latency.of(Latencies.newHistogram()));
    }
    latencies.put(LatencyKind.END_TO_END, Latency.of(Latencies.newHistogram()));
    return RunResultBuilder.builder()
        .runId("--------")
        .startedAt(startedAt.truncatedTo(ChronoUnit.MILLIS).toString())
        .status(status)
        .failure(reason)
        .queue(queue)
        .target("(not connected)")
        .setup(
            new RunSetup(
                Settings.of(run, warmup, seed),
                Map.of(),
                0,
                backendConfig,
                Environment.current(Map.of()),
                List.of()))
        .latency(new RunLatency(latencies, null))
        .build();
  }
}
