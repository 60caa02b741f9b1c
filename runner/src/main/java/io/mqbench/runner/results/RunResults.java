package io.mqbench.runner.results;

import io.mqbench.config.Durations;
import io.mqbench.runner.config.Mode;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.engine.DeliveryLedger;
import io.mqbench.runner.engine.Latencies;
import io.mqbench.runner.engine.ReceiverTask;
import io.mqbench.runner.engine.RunOutcome;
import io.mqbench.runner.engine.SenderTask;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Turns a run's raw outcome into its {@link RunResult}. */
public final class RunResults {
  private RunResults() {}

  /**
   * @param outcome what the run produced
   * @param config its settings
   * @param queue the backend's name
   * @param target where the backend connected
   * @param backendConfig the backend's effective configuration
   * @param startedAt when the run started
   * @param environment where it ran
   * @return the results
   */
  public static RunResult summarise(
      RunOutcome outcome,
      RunConfig config,
      String queue,
      String target,
      Map<String, String> backendConfig,
      Instant startedAt,
      Environment environment) {
    long start = outcome.startNanos();
    Histogram service = Latencies.newHistogram();
    Histogram response = Latencies.newHistogram();
    Histogram lag = Latencies.newHistogram();
    Histogram harnessLag = Latencies.newHistogram();
    Histogram endToEnd = Latencies.newHistogram();
    List<ThreadRate> senders = new ArrayList<>();
    List<ThreadRate> receivers = new ArrayList<>();
    long lastAck = 0;
    long lastReceive = 0;
    long foreign = 0;
    for (SenderTask s : outcome.senders()) {
      service.add(s.serviceMicros());
      response.add(s.responseMicros());
      lag.add(s.scheduleLagMicros());
      harnessLag.add(s.harnessLagMicros());
      senders.add(ThreadRate.of(s.senderId(), s.sentCount(), start, s.lastAckNanos()));
      lastAck = Math.max(lastAck, s.lastAckNanos() - start);
    }
    int i = 0;
    for (ReceiverTask r : outcome.receivers()) {
      endToEnd.add(r.endToEndMicros());
      receivers.add(ThreadRate.of(i++, r.receivedCount(), start, r.lastReceiveNanos()));
      if (r.lastReceiveNanos() != 0) {
        lastReceive = Math.max(lastReceive, r.lastReceiveNanos() - start);
      }
      foreign += r.foreign();
    }
    DeliveryLedger ledger = outcome.ledger();
    double sendSeconds = Math.max(0, lastAck) / 1e9;
    double receiveSeconds = lastReceive / 1e9;
    double sentPerSecond = sendSeconds > 0 ? ledger.sent() / sendSeconds : 0;
    Totals totals =
        new Totals(
            ledger.sent(),
            ledger.received(),
            ledger.distinct(),
            ledger.lost(),
            ledger.duplicates(),
            foreign,
            ledger.unacknowledgedDelivered(),
            sendSeconds,
            receiveSeconds,
            sentPerSecond,
            receiveSeconds > 0 ? ledger.received() / receiveSeconds : 0,
            outcome.endedIdle());
    Map<String, Latency> latencies = new LinkedHashMap<>();
    latencies.put(RunResult.SEND, Latency.of(service));
    RateReport rate = null;
    if (config.mode() == Mode.RATE) {
      latencies.put(RunResult.RESPONSE, Latency.of(response));
      latencies.put(RunResult.SCHEDULE_LAG, Latency.of(lag));
      double targetRate = config.rate().orElseThrow();
      double scheduledByTime = targetRate * config.duration().orElseThrow().toNanos() / 1e9;
      double scheduledByCount = (double) config.messagesPerSender() * config.senders();
      long scheduled = Math.round(Math.min(scheduledByTime, scheduledByCount));
      double runMicros = Math.max(sendSeconds, 1e-6) * 1e6;
      rate =
          RateReport.assess(
              targetRate,
              sentPerSecond,
              scheduled,
              ledger.sent(),
              config.senders(),
              runMicros,
              harnessLag);
    }
    latencies.put(RunResult.END_TO_END, Latency.of(endToEnd));
    String status =
        outcome
            .failure()
            .map(f -> "failed: " + f.message())
            .orElse(
                outcome.interrupted()
                    ? "interrupted"
                    : ledger.lost() > 0
                        ? "lost messages"
                        : rate != null && rate.harnessLimited() ? "harness-limited" : "ok");
    return new RunResult(
        String.format("%08x", outcome.runId()),
        startedAt.truncatedTo(ChronoUnit.MILLIS).toString(),
        status,
        queue,
        target,
        settings(config, outcome.seed()),
        Map.of(),
        0,
        backendConfig,
        environment,
        totals,
        rate,
        senders,
        receivers,
        outcome.timeline(),
        latencies);
  }

  /** The run's settings under the option names a scenario file uses. */
  static Map<String, Object> settings(RunConfig c, long seed) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mode", c.mode().label());
    m.put("senders", c.senders());
    m.put("receivers", c.receivers());
    c.rate().ifPresent(r -> m.put("rate", r));
    c.duration().ifPresent(d -> m.put("duration", Durations.format(d)));
    if (c.messagesPerSender() != Long.MAX_VALUE) {
      m.put("messages", c.messagesPerSender());
    }
    m.put("batch", c.maxBatch());
    m.put("size", c.messageSizeBytes());
    m.put("receiverIdle", Durations.format(c.receiverIdle()));
    m.put("receiveWait", Durations.format(c.receiveWait()));
    m.put("warmup", Durations.format(c.warmup()));
    m.put("seed", seed);
    return m;
  }
}
