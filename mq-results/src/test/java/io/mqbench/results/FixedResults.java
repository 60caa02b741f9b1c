package io.mqbench.results;

import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.Mode;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.Tick;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Durability;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        Settings.of(
            TestSettings.builder()
                .senders(4)
                .receivers(2)
                .messagesPerSender(25_000L)
                .inFlight(8)
                .receiverIdle(Duration.ofSeconds(10))
                .receiveWait(Duration.ofMillis(200))
                .connectTimeout(RunSettings.DEFAULT_CONNECT_TIMEOUT)
                .maxBacklog(BacklogLimit.AUTO)
                .build(),
            Duration.ZERO,
            1L);
    Environment env =
        new Environment(
            "dev",
            "17",
            "vendor",
            "vm",
            "",
            "Linux",
            "host",
            2,
            1L << 30,
            1L << 28,
            Map.of(),
            "abc1234",
            new HostFacts("Test CPU", 8L << 30, "6.1.0", "vda solid state"));
    Totals totals =
        TotalsBuilder.builder()
            .sent(100_000)
            .received(100_003)
            .distinct(100_000 - lost)
            .lost(lost)
            .duplicates(3 + lost)
            .sendSeconds(2.0)
            .receiveSeconds(2.5)
            .sentPerSecond(50_000)
            .receivedPerSecond(40_001.2)
            .endedIdle(lost > 0)
            .build();
    return RunResultBuilder.builder()
        .runId("0000002a")
        .startedAt("2026-11-22T08:00:00Z")
        .status(lost > 0 ? RunStatus.LOST_MESSAGES : RunStatus.OK)
        .queue("memory")
        .target("in-process, \"quoted\"")
        .setup(
            new RunSetup(
                settings, Map.of(), 0, Map.of("memory.maxDepth", "100000"), env, List.of()))
        .totals(totals)
        .rates(
            new RunRates(
                null,
                List.of(ThreadRate.of(0, 100_000, 0, 2_000_000_000L)),
                List.of(ThreadRate.of(0, 100_003, 0, 2_500_000_000L)),
                List.of(
                    new Tick(1, 1, 50_000, 40_000, 50_000, 40_000),
                    new Tick(2, 1, 100_000, 90_000, 50_000, 50_000),
                    new Tick(3, 0.5, 100_000, 100_003, 0, 10_003)),
                null))
        .latency(
            new RunLatency(
                Map.of(LatencyKind.SEND, Latency.of(send), LatencyKind.END_TO_END, Latency.of(e2e)),
                EndToEndClock.of(0, Latency.of(e2e), 0, 0)))
        .delivery(RunDelivery.NONE.withDurability(new MemoryMqProvider().durability(null)))
        .build();
  }

  /** The same numbers as a rate-mode run: response time and schedule lag filled in. */
  public static RunResult fixedRateResult() {
    RunResult t = fixedResult(0);
    Settings settings =
        Settings.of(
            t.setup()
                .settings()
                .run()
                .with(
                    s ->
                        s.mode(Mode.RATE)
                            .messagesPerSender(Long.MAX_VALUE)
                            .duration(Optional.of(Duration.ofSeconds(30)))
                            .rate(Optional.of(3000.0))
                            .maxBatch(1)),
            Duration.ZERO,
            1L);
    Map<LatencyKind, Latency> latencies = new LinkedHashMap<>();
    latencies.put(LatencyKind.SEND, t.latency().byKind().get(LatencyKind.SEND));
    latencies.put(LatencyKind.RESPONSE, t.latency().byKind().get(LatencyKind.END_TO_END));
    latencies.put(LatencyKind.SCHEDULE_LAG, t.latency().byKind().get(LatencyKind.SEND));
    latencies.put(LatencyKind.END_TO_END, t.latency().byKind().get(LatencyKind.END_TO_END));
    return t.with(
            r ->
                r.runId("0000002b")
                    .status(RunStatus.HARNESS_LIMITED)
                    .target("in-process")
                    .setup(t.setup().withSettings(settings))
                    .rates(
                        t.rates()
                            .withRate(
                                new RateAchieved(
                                    3000, 2999.5, 90_000, 0, true, true, "HARNESS-LIMITED: test")))
                    .latency(t.latency().withByKind(latencies))
                    .harness(
                        new HarnessUse(
                            4.5, 3.25, 1.25, 1.5, 0.75, 2.25, 50.0, 16.75, 8.5, 0.0625, 0.03125,
                            0.5, 0.25, 0.125, 7, 312.5, 1, null, null, false)))
        .inCell(Map.of("senders", "4"), 2);
  }

  /** The result with other settings: tests change one setting of a run. */
  public static RunResult withSettings(RunResult r, Settings settings) {
    return r.withSetup(r.setup().withSettings(settings));
  }

  /** The result with other latencies. */
  public static RunResult withLatencies(RunResult r, Map<LatencyKind, Latency> latencies) {
    return r.withLatency(r.latency().withByKind(latencies));
  }

  /** The result with another durability, as the run found it. */
  public static RunResult withDurability(RunResult r, Durability durability) {
    return r.withDelivery(r.delivery().withDurability(durability));
  }
}
