package io.mqbench.results.files;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import io.mqbench.engine.Tick;
import io.mqbench.engine.measure.ClientErrors;
import io.mqbench.mq.Durability;
import io.mqbench.results.CatchUpResult;
import io.mqbench.results.DurabilityCheck;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.Environment;
import io.mqbench.results.FaultResult;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.Limit;
import io.mqbench.results.MachineCost;
import io.mqbench.results.Outage;
import io.mqbench.results.PartTotals;
import io.mqbench.results.RateAchieved;
import io.mqbench.results.RequestCost;
import io.mqbench.results.RunCost;
import io.mqbench.results.RunDelivery;
import io.mqbench.results.RunFaults;
import io.mqbench.results.RunLatency;
import io.mqbench.results.RunRates;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunSetup;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Settings;
import io.mqbench.results.ThreadRate;
import io.mqbench.results.Totals;
import java.util.List;
import java.util.Map;

/**
 * The layout of {@code run.json}: a {@link RunResult}'s fields side by side, in the order and under
 * the names every version of the file has used, so that files written before the result was grouped
 * by concern read as they did and new files are written as they were. What each field means is said
 * on the group that holds it ({@link RunSetup}, {@link RunRates}, {@link RunLatency}, {@link
 * RunDelivery}, {@link RunFaults}, {@link RunCost}). A field absent from an older file reads as
 * null or empty; see {@link RunResult#FORMAT_VERSION}.
 */
record RunFile(
    int formatVersion,
    String runId,
    String startedAt,
    RunStatus status,
    @JsonInclude(Include.NON_NULL) String failure,
    String queue,
    String target,
    Settings settings,
    Map<String, String> cell,
    int repetition,
    Map<String, String> backendConfig,
    Environment environment,
    Totals totals,
    @JsonInclude(Include.NON_NULL) RateAchieved rate,
    List<ThreadRate> senders,
    List<ThreadRate> receivers,
    List<Tick> timeline,
    Map<LatencyKind, Latency> latencies,
    @JsonInclude(Include.NON_EMPTY) List<String> warnings,
    @JsonInclude(Include.NON_EMPTY) List<String> partial,
    @JsonInclude(Include.NON_NULL) HarnessUse harness,
    @JsonInclude(Include.NON_NULL) RequestCost requests,
    @JsonInclude(Include.NON_NULL) MachineCost machineCost,
    @JsonInclude(Include.NON_NULL) Limit limit,
    @JsonInclude(Include.NON_NULL) Durability durability,
    @JsonInclude(Include.NON_NULL) EndToEndClock endToEndClock,
    @JsonInclude(Include.NON_EMPTY) List<PartTotals> byQueue,
    @JsonInclude(Include.NON_EMPTY) List<PartTotals> bySubscription,
    @JsonInclude(Include.NON_NULL) CatchUpResult catchUp,
    @JsonInclude(Include.NON_EMPTY) List<FaultResult> faults,
    @JsonInclude(Include.NON_NULL) ClientErrors clientErrors,
    @JsonInclude(Include.NON_EMPTY) List<Outage> outages,
    @JsonInclude(Include.NON_NULL) DurabilityCheck durabilityCheck) {

  /**
   * @param r a result
   * @return its fields laid out as {@code run.json} holds them (the delivery bitmaps are not)
   */
  static RunFile of(RunResult r) {
    RunSetup s = r.setup();
    RunRates rates = r.rates();
    RunDelivery d = r.delivery();
    RunFaults f = r.faults();
    return new RunFile(
        r.formatVersion(),
        r.runId(),
        r.startedAt(),
        r.status(),
        r.failure(),
        r.queue(),
        r.target(),
        s.settings(),
        s.cell(),
        s.repetition(),
        s.backendConfig(),
        s.environment(),
        r.totals(),
        rates.rate(),
        rates.senders(),
        rates.receivers(),
        rates.timeline(),
        r.latency().byKind(),
        s.warnings(),
        d.partial(),
        r.harness(),
        r.cost().requests(),
        r.cost().machines(),
        rates.limit(),
        d.durability(),
        r.latency().endToEndClock(),
        d.byQueue(),
        d.bySubscription(),
        r.catchUp(),
        f.injected(),
        f.clientErrors(),
        f.outages(),
        d.durabilityCheck());
  }

  /**
   * @return the result these fields describe, grouped by concern, with no delivery bitmaps
   */
  RunResult toResult() {
    return new RunResult(
        formatVersion,
        runId,
        startedAt,
        status,
        failure,
        queue,
        target,
        new RunSetup(settings, cell, repetition, backendConfig, environment, warnings),
        totals,
        new RunRates(rate, senders, receivers, timeline, limit),
        new RunLatency(latencies, endToEndClock),
        new RunDelivery(durability, durabilityCheck, partial, byQueue, bySubscription, null),
        harness,
        new RunFaults(faults, clientErrors, outages),
        catchUp,
        new RunCost(requests, machineCost));
  }
}
