package io.mqbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.engine.testing.TestSettings;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rate mode against a backend that stalls once, for a known time T, while messages are due at rate
 * r for a run of D seconds. A queue in front of it would have seen r x T sends wait, the first for
 * T and the last for almost nothing: response times spread uniformly from T down to 0 over a
 * fraction T/D of all sends. Above the noise, the share of sends slower than x is (T/D) x (1 -
 * x/T), so the p-th percentile is T x (1 - (1 - p) x D/T).
 *
 * <p>The same holds with a window of batches in flight: the stalled send holds its slot, the window
 * fills within a few periods, and every later send waits for the stall to end.
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

  @ParameterizedTest(name = "in flight {0}")
  @ValueSource(ints = {1, 16})
  void responseTimesIncludeEveryScheduledSendDelayedByAStallWhileServiceTimeHidesIt(int inFlight)
      throws Exception {
    RunSettings settings =
        TestSettings.builder()
            .mode(Mode.RATE)
            .messagesPerSender(Long.MAX_VALUE)
            .duration(Optional.of(RUN))
            .rate(Optional.of(RATE))
            .maxBatch(1)
            .inFlight(inFlight)
            .receiverIdle(Duration.ofSeconds(2))
            .receiveWait(Duration.ofMillis(50))
            .build();
    RunOutcome outcome = TestRuns.run(stallingOnce(TestRuns.memory()), settings);
    Histogram responses = outcome.measurements().responseMicros().decode();
    Histogram service = outcome.measurements().serviceMicros().decode();

    assertThat(outcome.ledger().lost()).isZero();
    assertThat(outcome.ledger().sent()).isEqualTo(5_000);
    // r x T sends waited behind the stall: half of them longer than T/2.
    long waitedOverHalfStall =
        responses.getCountBetweenValues(STALL.toMillis() * 1000 / 2, Long.MAX_VALUE);
    assertThat((double) waitedOverHalfStall).isCloseTo(RATE * STALL.toSeconds() / 2, within(50.0));
    assertThat(ms(responses, 99))
        .isCloseTo(analyticPercentileMs(99), within(0.05 * analyticPercentileMs(99)));
    assertThat(ms(responses, 99.9))
        .isCloseTo(analyticPercentileMs(99.9), within(0.05 * analyticPercentileMs(99.9)));
    assertThat(responses.getMaxValue() / 1e3).isGreaterThanOrEqualTo(STALL.toMillis());
    // Service time saw one slow send among 5,000: even its 99.9th percentile shows nothing.
    assertThat(ms(service, 99.9)).isLessThan(STALL.toMillis() / 20.0);
    assertThat(service.getMaxValue() / 1e3).isGreaterThanOrEqualTo(STALL.toMillis());
    // The stall was the backend's (its send call blocked): the sends it delayed are not the
    // harness's lateness, however free the window was.
    Histogram harnessLag = outcome.measurements().harnessLagMicros().decode();
    assertThat(harnessLag.getCountBetweenValues(10_000, Long.MAX_VALUE))
        .as("sends late by over 10 ms for the harness's reasons")
        .isLessThan(50);
  }

  private static double ms(Histogram h, double percentile) {
    return h.getValueAtPercentile(percentile) / 1e3;
  }
}
