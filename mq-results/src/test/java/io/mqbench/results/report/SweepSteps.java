package io.mqbench.results.report;

import io.mqbench.results.FixedResults;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RateAchieved;
import io.mqbench.results.RunResult;
import io.mqbench.results.Settings;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** Runs of a rate sweep for tests of the report's sweep charts. */
final class SweepSteps {
  private SweepSteps() {}

  /**
   * A sweep's step outside a matrix: rate mode at this rate, met, with this response time and
   * end-to-end latency.
   */
  static RunResult step(String queue, double rate, Histogram latencyMicros) {
    RunResult base = FixedResults.fixedRateResult();
    Settings settings =
        Settings.of(
            base.setup().settings().run().with(s -> s.rate(Optional.of(rate))), Duration.ZERO, 1L);
    Map<LatencyKind, Latency> latencies = new LinkedHashMap<>(base.latency().byKind());
    latencies.put(LatencyKind.RESPONSE, Latency.of(latencyMicros));
    latencies.put(LatencyKind.END_TO_END, Latency.of(latencyMicros));
    return base.withQueue(queue)
        .withRunId(queue + (long) rate)
        .withSetup(base.setup().withSettings(settings))
        .withRates(
            base.rates()
                .withRate(
                    new RateAchieved(rate, rate * 0.999, (long) rate * 30, 0, false, true, "met")))
        .withLatency(base.latency().withByKind(latencies))
        .inCell(Map.of(), 0);
  }
}
