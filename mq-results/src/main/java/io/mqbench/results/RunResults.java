package io.mqbench.results;

import io.mqbench.engine.Pacing;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.report.CellReport;
import io.mqbench.engine.report.DeliveryLedger;
import io.mqbench.engine.report.ReceiverStats;
import io.mqbench.engine.report.SenderStats;
import io.mqbench.runner.config.RunConfig;
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
   * @param config its settings
   * @param target where the backend connected
   * @param backendConfig the backend's effective configuration
   * @param startedAt when the run started
   * @param environment where it ran
   * @return the results
   */
  public static RunResult summarise(
      RunOutcome outcome,
      RunConfig config,
      String target,
      Map<String, String> backendConfig,
      Instant startedAt,
      Environment environment) {
    return summarise(
        outcome,
        Accounting.of(outcome, config.run()),
        List.of(),
        config,
        target,
        backendConfig,
        startedAt,
        environment);
  }

  /**
   * @param outcome what the run produced
   * @param accounting where its acknowledged messages stand, a settle drain included
   * @param warnings the backend's warnings about its settings
   * @param config its settings
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
      RunConfig config,
      String target,
      Map<String, String> backendConfig,
      Instant startedAt,
      Environment environment) {
    RunSettings run = config.run();
    CellReport report = outcome.report();
    List<ThreadRate> senders = new ArrayList<>();
    List<ThreadRate> receivers = new ArrayList<>();
    long lastAck = 0;
    for (SenderStats s : report.senders()) {
      senders.add(ThreadRate.of(s.senderId(), s.sent(), 0, s.lastAckNanos()));
      lastAck = Math.max(lastAck, s.lastAckNanos());
    }
    // Receivers are timed from when they started: the run's start; or, draining a backlog, from
    // the first delivery, as ConsumerPerformance times its fetching apart from its group join (the
    // wait for the first message is reported beside it).
    long drainStart = outcome.drainStartNanos();
    long firstDelivery =
        report.receivers().stream()
            .mapToLong(ReceiverStats::firstReceiveNanos)
            .filter(t -> t > 0)
            .min()
            .orElse(drainStart);
    long receiversStart = drainStart > 0 ? Math.max(drainStart, firstDelivery) : 0;
    long lastReceive = 0;
    int i = 0;
    for (ReceiverStats r : report.receivers()) {
      receivers.add(ThreadRate.of(i++, r.received(), receiversStart, r.lastReceiveNanos()));
      if (r.lastReceiveNanos() != 0) {
        lastReceive = Math.max(lastReceive, r.lastReceiveNanos() - receiversStart);
      }
    }
    DeliveryLedger ledger = accounting.ledger();
    long received = run.senders() == 0 ? report.received() : ledger.received();
    double sendSeconds = lastAck / 1e9;
    double receiveSeconds = Math.max(0, lastReceive) / 1e9;
    double sentPerSecond = sendSeconds > 0 ? ledger.sent() / sendSeconds : 0;
    Totals totals =
        new Totals(
            ledger.sent(),
            received,
            ledger.distinct(),
            accounting.lost(),
            accounting.unsettled(),
            accounting.settled(),
            ledger.duplicates(),
            report.foreign(),
            ledger.unacknowledgedDelivered(),
            sendSeconds,
            receiveSeconds,
            sentPerSecond,
            receiveSeconds > 0 ? received / receiveSeconds : 0,
            drainStart / 1e9,
            (receiversStart - drainStart) / 1e9,
            outcome.endedIdle(),
            run.phases() == Phases.TOGETHER && run.senders() > 0 && run.receivers() > 0
                ? outcome.pacing().endToEndPerSecond()
                : 0,
            outcome.pacing().heldShare());
    Map<String, Latency> latencies = new LinkedHashMap<>();
    latencies.put(RunResult.SEND, Latency.of(report.serviceMicros().decode()));
    RateReport rate = null;
    if (run.rateMode()) {
      latencies.put(RunResult.RESPONSE, Latency.of(report.responseMicros().decode()));
      latencies.put(RunResult.SCHEDULE_LAG, Latency.of(report.scheduleLagMicros().decode()));
      double targetRate = run.rate().orElseThrow();
      double scheduledByTime = targetRate * run.duration().orElseThrow().toNanos() / 1e9;
      double scheduledByCount = (double) run.messagesPerSender() * run.senders();
      long scheduled = Math.round(Math.min(scheduledByTime, scheduledByCount));
      double runMicros = Math.max(sendSeconds, 1e-6) * 1e6;
      Histogram harnessLag = report.harnessLagMicros().decode();
      rate =
          RateReport.assess(
              targetRate,
              sentPerSecond,
              scheduled,
              ledger.sent(),
              run.senders(),
              runMicros,
              harnessLag);
    }
    latencies.put(RunResult.END_TO_END, Latency.of(report.endToEndMicros().decode()));
    RunStatus status = status(outcome, totals, verdict(run, totals, rate, outcome.pacing()));
    return new RunResult(
        String.format("%08x", outcome.runId()),
        startedAt.truncatedTo(ChronoUnit.MILLIS).toString(),
        status,
        outcome.failure().map(f -> f.line()).orElse(null),
        config.queue(),
        target,
        Settings.of(config, outcome.seed()),
        Map.of(),
        0,
        backendConfig,
        environment,
        totals,
        rate,
        senders,
        receivers,
        outcome.timeline(),
        latencies,
        warnings,
        accounting.bitmaps(),
        null,
        null);
  }

  /**
   * The worst status that applies ({@link RunStatus}'s order): an interrupt; loss, only where
   * proven; acknowledged messages in doubt after a failure; the failure; else the verdict on the
   * numbers. A run without failure or interrupt whose messages are unsettled (a send-only run's
   * backlog) gets the verdict on its numbers: its backlog was asked for.
   */
  static RunStatus status(RunOutcome outcome, Totals totals, RunStatus verdict) {
    return status(
        outcome.interrupted(),
        outcome.failure().isPresent(),
        totals.lost(),
        totals.unsettled(),
        verdict);
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
   * first (a rate run below {@value RateReport#TARGET_SHARE} of its target never passes, whoever
   * stalled), then a harness that could not keep the schedule, then receivers that trailed the
   * senders.
   */
  static RunStatus verdict(RunSettings run, Totals totals, RateReport rate, Pacing pacing) {
    if (rate != null && !rate.targetMet()) {
      return RunStatus.TARGET_NOT_MET;
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
        && totals.receivedPerSecond() < RECEIVERS_BEHIND_SHARE * totals.sentPerSecond()
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
   * @param config the run's settings
   * @param backendConfig the backend's effective configuration (secrets hidden)
   * @param status {@link RunStatus#FAILED} or {@link RunStatus#INTERRUPTED}
   * @param reason why, in one line
   * @param startedAt when the run was to start
   * @return the result, with no messages and empty histograms
   */
  public static RunResult notRun(
      RunConfig config,
      Map<String, String> backendConfig,
      RunStatus status,
      String reason,
      Instant startedAt) {
    RunSettings run = config.run();
    Map<String, Latency> latencies = new LinkedHashMap<>();
    latencies.put(RunResult.SEND, Latency.of(io.mqbench.engine.report.Latencies.newHistogram()));
    if (run.rateMode()) {
      latencies.put(
          RunResult.RESPONSE, Latency.of(io.mqbench.engine.report.Latencies.newHistogram()));
      latencies.put(
          RunResult.SCHEDULE_LAG, Latency.of(io.mqbench.engine.report.Latencies.newHistogram()));
    }
    latencies.put(
        RunResult.END_TO_END, Latency.of(io.mqbench.engine.report.Latencies.newHistogram()));
    return new RunResult(
        "--------",
        startedAt.truncatedTo(ChronoUnit.MILLIS).toString(),
        status,
        reason,
        config.queue(),
        "(not connected)",
        Settings.of(config, config.seed().orElse(0L)),
        Map.of(),
        0,
        backendConfig,
        Environment.current(Map.of()),
        new Totals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false),
        null,
        List.of(),
        List.of(),
        List.of(),
        latencies);
  }
}
