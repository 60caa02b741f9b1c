package io.mqbench.results;

import io.mqbench.engine.Tick;
import io.mqbench.engine.report.Latencies;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Results with fixed numbers for tests of the files and the terminal report. */
public final class FixedResults {
  private FixedResults() {}

  /** A result with fixed numbers: the golden files depend on every one of them. */
  public static RunResult fixedResult(long lost) {
    return fixedResult(lost, histogram(1000, 10), histogram(1000, 100));
  }

  /**
   * @param values how many values to record
   * @param stepMicros the values are 1, 2, ... times this
   * @return a histogram of microseconds
   */
  public static Histogram histogram(int values, long stepMicros) {
    Histogram h = Latencies.newHistogram();
    for (long v = 1; v <= values; v++) {
      h.recordValue(v * stepMicros);
    }
    return h;
  }

  /**
   * @param lost lost messages
   * @param send the send-latency histogram, microseconds: 10 µs .. 10 ms in {@link #fixedResult}
   * @param e2e the end-to-end histogram, microseconds: 0.1 ms .. 100 ms in {@link #fixedResult}
   * @return a result with these histograms and otherwise fixed numbers
   */
  public static RunResult fixedResult(long lost, Histogram send, Histogram e2e) {
    Settings settings =
        new Settings(
            "throughput",
            4,
            2,
            25_000L,
            null,
            null,
            10,
            100,
            8,
            "together",
            "10s",
            "200ms",
            "0s",
            1L,
            "auto");
    Environment env =
        new Environment(
            "dev", "17", "vendor", "vm", "", "Linux", "host", 2, 1L << 30, 1L << 28, Map.of());
    Totals totals =
        new Totals(
            100_000,
            100_003,
            100_000 - lost,
            lost,
            3 + lost,
            0,
            0,
            2.0,
            2.5,
            50_000,
            40_001.2,
            0,
            0,
            lost > 0);
    return new RunResult(
        "0000002a",
        "2026-11-22T08:00:00Z",
        lost > 0 ? RunStatus.LOST_MESSAGES : RunStatus.OK,
        null,
        "memory",
        "in-process, \"quoted\"",
        settings,
        Map.of(),
        0,
        Map.of("memory.maxDepth", "100000"),
        env,
        totals,
        null,
        List.of(ThreadRate.of(0, 100_000, 0, 2_000_000_000L)),
        List.of(ThreadRate.of(0, 100_003, 0, 2_500_000_000L)),
        List.of(
            new Tick(1, 1, 50_000, 40_000, 50_000, 40_000),
            new Tick(2, 1, 100_000, 90_000, 50_000, 50_000),
            new Tick(3, 0.5, 100_000, 100_003, 0, 10_003)),
        java.util.Map.of(RunResult.SEND, Latency.of(send), RunResult.END_TO_END, Latency.of(e2e)));
  }

  /** The same numbers as a rate-mode run: response time and schedule lag filled in. */
  public static RunResult fixedRateResult() {
    RunResult t = fixedResult(0);
    Settings s = t.settings();
    Settings settings =
        new Settings(
            "rate",
            s.senders(),
            s.receivers(),
            null,
            "30s",
            3000.0,
            1,
            s.size(),
            s.inFlight(),
            s.phases(),
            s.receiverIdle(),
            s.receiveWait(),
            s.warmup(),
            s.seed(),
            "auto");
    Map<String, Latency> latencies = new LinkedHashMap<>();
    latencies.put(RunResult.SEND, t.latencies().get(RunResult.SEND));
    latencies.put(RunResult.RESPONSE, t.latencies().get(RunResult.END_TO_END));
    latencies.put(RunResult.SCHEDULE_LAG, t.latencies().get(RunResult.SEND));
    latencies.put(RunResult.END_TO_END, t.latencies().get(RunResult.END_TO_END));
    RunResult rate =
        new RunResult(
            "0000002b",
            t.startedAt(),
            RunStatus.HARNESS_LIMITED,
            null,
            t.queue(),
            "in-process",
            settings,
            Map.of(),
            0,
            t.backendConfig(),
            t.environment(),
            t.totals(),
            new RateReport(3000, 2999.5, 90_000, 0, true, true, "HARNESS-LIMITED: test"),
            t.senders(),
            t.receivers(),
            t.timeline(),
            latencies);
    return rate.inCell(Map.of("senders", "4"), 2);
  }
}
