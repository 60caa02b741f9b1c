package io.mqbench.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.runner.config.Mode;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.results.Environment;
import io.mqbench.runner.results.Latency;
import io.mqbench.runner.results.RunResult;
import io.mqbench.runner.results.RunResults;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Rate mode against a backend that stalls once, for a known time T, while messages are due at rate
 * r for a run of D seconds. A queue in front of it would have seen r x T sends wait, the first for
 * T and the last for almost nothing: response times spread uniformly from T down to 0 over a
 * fraction T/D of all sends. Above the noise, the share of sends slower than x is (T/D) x (1 -
 * x/T), so the p-th percentile is T x (1 - (1 - p) x D/T).
 */
class CoordinatedOmissionTest {
  private static final double RATE = 1_000;
  private static final Duration RUN = Duration.ofSeconds(5);
  private static final Duration STALL = Duration.ofSeconds(1);
  private static final Duration STALL_AFTER = Duration.ofSeconds(1);

  /** The memory backend, whose sender blocks for {@link #STALL} once, a second into the run. */
  private static Mq stallingOnce(Mq memory) {
    long[] firstSend = new long[1];
    boolean[] stalled = new boolean[1];
    return new SenderWrappingMq(
        memory,
        (batch, next) -> {
          long now = System.nanoTime();
          if (firstSend[0] == 0) {
            firstSend[0] = now;
          }
          if (!stalled[0] && now - firstSend[0] >= STALL_AFTER.toNanos()) {
            stalled[0] = true;
            Thread.sleep(STALL.toMillis());
          }
          next.send(batch);
        });
  }

  private static double analyticPercentileMs(double percentile) {
    double t = STALL.toMillis();
    double d = RUN.toMillis();
    return t * (1 - (1 - percentile / 100) * d / t);
  }

  @Test
  void responseTimesIncludeEveryScheduledSendDelayedByAStallWhileServiceTimeHidesIt()
      throws Exception {
    RunConfig config =
        new RunConfig(
            "memory",
            Mode.RATE,
            1,
            1,
            Long.MAX_VALUE,
            Optional.of(RUN),
            Optional.of(RATE),
            1,
            100,
            Duration.ofSeconds(2),
            Duration.ofMillis(50),
            Duration.ofSeconds(10),
            Duration.ZERO,
            Optional.of(1L),
            Path.of("unused"),
            Map.of());
    MemoryMqProvider provider = new MemoryMqProvider();
    RunResult result;
    try (Mq mq = stallingOnce(provider.open(provider.configure(Map.of())))) {
      RunOutcome outcome = new LoadRun(mq, config, 9, 1, t -> {}).execute();
      result =
          RunResults.summarise(
              outcome,
              config,
              "memory",
              "test",
              Map.of(),
              Instant.now(),
              Environment.current(Map.of()));
    }
    Latency response = result.latencies().get(RunResult.RESPONSE);
    Latency service = result.latencies().get(RunResult.SEND);
    Histogram responses = response.histogram();

    assertThat(result.totals().lost()).isZero();
    assertThat(result.totals().sent()).isEqualTo(5_000);
    // r x T sends waited behind the stall: half of them longer than T/2.
    long waitedOverHalfStall =
        responses.getCountBetweenValues(STALL.toMillis() * 1000 / 2, Long.MAX_VALUE);
    assertThat((double) waitedOverHalfStall).isCloseTo(RATE * STALL.toSeconds() / 2, within(50.0));
    assertThat(response.p99Ms())
        .isCloseTo(analyticPercentileMs(99), within(0.05 * analyticPercentileMs(99)));
    assertThat(response.p999Ms())
        .isCloseTo(analyticPercentileMs(99.9), within(0.05 * analyticPercentileMs(99.9)));
    assertThat(response.maxMs()).isGreaterThanOrEqualTo(STALL.toMillis());
    // Service time saw one slow send among 5,000: even its 99.9th percentile shows nothing.
    assertThat(service.p999Ms()).isLessThan(STALL.toMillis() / 20.0);
    assertThat(service.maxMs()).isGreaterThanOrEqualTo(STALL.toMillis());
  }
}
