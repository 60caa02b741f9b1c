package io.mqbench.results;

import io.mqbench.engine.Pacing;
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
  /**
   * Receivers are behind when, with senders and receivers running together, they received less than
   * this share of what was sent per second.
   */
  public static final double RECEIVERS_BEHIND_SHARE = 0.95;

  /**
   * Receivers are behind only if they went on receiving after the last send for longer than this
   * and a tenth of the sending time: a short run's last batch in flight is not a verdict.
   */
  public static final double RECEIVERS_BEHIND_TAIL_SECONDS = 1.0;

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
    Map<LatencyKind, Latency> latencies = latencies(report, run.rateMode());
    CatchUpResult catchUp = outcome.catchUp().map(c -> CatchUpResult.of(c, run)).orElse(null);
    List<FaultResult> faults =
        outcome.faults().stream()
            .map(
                f ->
                    FaultResult.of(
                        f,
                        outcome.receivedEveryTenth(),
                        outcome.deliveryGaps(),
                        outcome.sendGaps(),
                        sendingEndSeconds(outcome)))
            .toList();
    return RunResultBuilder.builder()
        .runId(String.format("%08x", outcome.runId()))
        .startedAt(startedAt.truncatedTo(ChronoUnit.MILLIS).toString())
        .status(
            status(
                outcome,
                totals,
                verdict(run, totals, rate, outcome.pacing(), catchUp)
                    .worst(hostVerdict(harness))
                    .worst(recoveryVerdict(faults))))
        .failure(outcome.failure().map(f -> f.line()).orElse(null))
        .queue(queue)
        .target(target)
        .settings(Settings.of(run, warmup, outcome.seed()))
        .cell(Map.of())
        .backendConfig(backendConfig)
        .environment(environment)
        .totals(totals)
        .rate(rate)
        .senders(timing.senders())
        .receivers(timing.receivers())
        .timeline(outcome.timeline())
        .latencies(latencies)
        .warnings(warnings)
        .partial(report.partial())
        .harness(harness)
        .delivery(accounting.bitmaps())
        .endToEndClock(
            EndToEndClock.of(
                report.negativeEndToEnd(),
                latencies.get(LatencyKind.END_TO_END),
                report.clockBoundNanos(),
                report.clockDriftNanos()))
        .byQueue(byQueue(report, run, totals))
        .bySubscription(bySubscription(report, run, totals))
        .catchUp(catchUp)
        .faults(faults)
        .clientErrors(report.clientErrors().none() ? null : report.clientErrors())
        .outages(Outage.of(outcome, run))
        .build();
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

  /** The latency histograms by name, in {@link RunResult#latencies()}' order. */
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
   * The worst status that applies ({@link RunStatus}'s order): an interrupt; loss, only where
   * proven; acknowledged messages in doubt after a failure; the failure; else the verdict on the
   * numbers. A run without failure or interrupt whose messages are unsettled (a send-only run's
   * backlog) gets the verdict on its numbers: its backlog was asked for.
   */
  static RunStatus status(RunOutcome outcome, Totals totals, RunStatus verdict) {
    RunStatus status =
        status(
            outcome.interrupted(),
            outcome.failure().isPresent(),
            totals.lost(),
            totals.unsettled(),
            verdict);
    // Receivers ran, yet acknowledged messages are neither received nor proven lost: an outage
    // whose leases the settle drain could not outwait. Unlike a send-only run's backlog, not asked.
    boolean received = outcome.measurements().receivers().size() > 0;
    if (status == verdict && received && totals.unsettled() > 0) {
      return RunStatus.UNSETTLED.worst(verdict);
    }
    return status;
  }

  /**
   * The same rule from its parts, also for a run settled later ({@code mqbench drain}).
   *
   * @param interrupted whether the run was stopped early
   * @param failed whether the backend failed
   * @param lost acknowledged messages proven lost
   * @param unsettled acknowledged messages neither received nor proven lost
   * @param verdict the verdict on the run's numbers
   * @return the run's status
   */
  public static RunStatus status(
      boolean interrupted, boolean failed, long lost, long unsettled, RunStatus verdict) {
    if (interrupted) {
      return RunStatus.INTERRUPTED;
    }
    if (lost > 0) {
      return RunStatus.LOST_MESSAGES;
    }
    if (failed) {
      return unsettled > 0 ? RunStatus.UNSETTLED : RunStatus.FAILED;
    }
    return verdict;
  }

  /**
   * The verdict of a run that completed without failure, interruption or loss: a missed target
   * first (a rate run below {@value RateAchieved#TARGET_SHARE} of its target never passes, whoever
   * stalled), then a harness that could not keep the schedule, then receivers that trailed the
   * senders; a catch-up run whose receivers did not catch up before the end of sending is {@link
   * RunStatus#RECEIVERS_BEHIND}, ranked ahead of a harness that stalled (which exits 0).
   */
  /**
   * {@link RunStatus#HOST_LIMITED} when the host set the pace, in every mode; else {@link
   * RunStatus#OK}.
   */
  static RunStatus hostVerdict(HarnessUse harness) {
    return harness != null && harness.hostLimited() ? RunStatus.HOST_LIMITED : RunStatus.OK;
  }

  /**
   * {@link RunStatus#NOT_RECOVERED} when a fault's run never recovered; else {@link RunStatus#OK}.
   */
  static RunStatus recoveryVerdict(List<FaultResult> faults) {
    return faults.stream().anyMatch(FaultResult::notRecovered)
        ? RunStatus.NOT_RECOVERED
        : RunStatus.OK;
  }

  static RunStatus verdict(RunSettings run, Totals totals, RateAchieved rate, Pacing pacing) {
    return verdict(run, totals, rate, pacing, null);
  }

  static RunStatus verdict(
      RunSettings run, Totals totals, RateAchieved rate, Pacing pacing, CatchUpResult catchUp) {
    if (rate != null && !rate.targetMet()) {
      return RunStatus.TARGET_NOT_MET;
    }
    if (catchUp != null && !catchUp.caughtUp()) {
      // Worse than a harness that stalled (which exits 0): the backlog was still there at the end.
      return RunStatus.RECEIVERS_BEHIND;
    }
    if (rate != null && rate.harnessLimited()) {
      return RunStatus.HARNESS_LIMITED;
    }
    boolean together = run.phases() == Phases.TOGETHER;
    // Senders held back by the backlog limit kept the backlog bounded: receivers that set the
    // pace are then the limit (which the result's Limit names), not behind; that the last of the
    // allowed backlog arrives after the last send is the limit working.
    boolean bounded = pacing.applied() && pacing.holds() > 0;
    if (together
        && !bounded
        && run.senders() > 0
        && run.receivers() > 0
        // each subscription receives every message: its share of the deliveries is what to compare
        && totals.receivedPerSecond() / run.subscriptions()
            < RECEIVERS_BEHIND_SHARE * totals.sentPerSecond()
        && totals.receiveSeconds() - totals.sendSeconds()
            > Math.max(RECEIVERS_BEHIND_TAIL_SECONDS, totals.sendSeconds() / 10)) {
      return RunStatus.RECEIVERS_BEHIND;
    }
    return RunStatus.OK;
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
        .settings(Settings.of(run, warmup, seed))
        .cell(Map.of())
        .backendConfig(backendConfig)
        .environment(Environment.current(Map.of()))
        .totals(Totals.NONE)
        .senders(List.of())
        .receivers(List.of())
        .timeline(List.of())
        .latencies(latencies)
        .build();
  }
}
