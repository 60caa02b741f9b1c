package io.mqbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RateSweepTest {
  /**
   * A simulated backend: below its knee it keeps any rate with a p99 of 5 ms; past it its queue
   * grows and the p99 jumps to 400 ms; past twice the knee it no longer keeps the rate at all.
   */
  static final class SimulatedBackend implements RateSweep.Probe {
    final double knee;
    final Objective objective;
    final List<Double> tried = new ArrayList<>();

    SimulatedBackend(double knee, Objective objective) {
      this.knee = knee;
      this.objective = objective;
    }

    @Override
    public Optional<RateSweep.Step> measure(double rate) {
      tried.add(rate);
      double p99 = rate <= knee ? 5 : 400;
      boolean kept = rate <= 2 * knee;
      boolean passed = kept && p99 <= objective.limitMs();
      return Optional.of(
          new RateSweep.Step(
              rate,
              kept ? rate : 2 * knee,
              kept ? "ok" : "target not met",
              p99,
              passed,
              passed ? "" : "over"));
    }
  }

  @Test
  void bisectionFindsTheRateWhereLatencyRisesWithinOneStep() {
    Objective p99 = Objective.parse("p99=50ms");
    SimulatedBackend backend = new SimulatedBackend(7_300, p99);

    RateSweep.Finding f = new RateSweep(List.of(), 1_000, true, 0.05, 16).run(backend);

    assertThat(backend.tried.subList(0, 4)).containsExactly(1_000.0, 2_000.0, 4_000.0, 8_000.0);
    assertThat(f.highestPassing()).isLessThanOrEqualTo(7_300.0);
    assertThat(f.lowestFailing()).isGreaterThan(7_300.0);
    // within one step: the precision, 5 % of the passing rate
    assertThat(f.lowestFailing() - f.highestPassing())
        .isLessThanOrEqualTo(0.05 * f.highestPassing());
    assertThat(7_300.0 - f.highestPassing()).isLessThanOrEqualTo(0.05 * f.highestPassing());
    assertThat(f.complete()).isTrue();
    assertThat(f.describe(Optional.of(p99)))
        .startsWith("highest rate with verdict ok and response time p99 <= 50 ms: 7,");
  }

  @Test
  void withoutAnObjectiveRatesDoubleUntilTheTargetIsNotMetAndNothingIsBisected() {
    Objective lax = Objective.parse("p99=1s");
    SimulatedBackend backend = new SimulatedBackend(3_000, lax);

    RateSweep.Finding f = new RateSweep(List.of(), 1_000, false, 0.05, 16).run(backend);

    assertThat(backend.tried).containsExactly(1_000.0, 2_000.0, 4_000.0, 8_000.0);
    assertThat(f.highestPassing()).isEqualTo(4_000.0);
    assertThat(f.lowestFailing()).isEqualTo(8_000.0);
  }

  @Test
  void aStartRateThatFailsIsHalvedUntilOnePasses() {
    SimulatedBackend backend = new SimulatedBackend(300, Objective.parse("p99=50ms"));

    RateSweep.Finding f = new RateSweep(List.of(), 1_000, true, 0.05, 16).run(backend);

    assertThat(backend.tried.subList(0, 3)).containsExactly(1_000.0, 500.0, 250.0);
    assertThat(f.highestPassing()).isBetween(300 * 0.95, 300.0);
  }

  @Test
  void givenRatesAreAllRunThenBisectedWithAnObjective() {
    SimulatedBackend backend = new SimulatedBackend(2_500, Objective.parse("p99=50ms"));

    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0, 2_000.0, 3_000.0, 4_000.0), 1_000, true, 0.05, 16)
            .run(backend);

    assertThat(backend.tried.subList(0, 4)).containsExactly(1_000.0, 2_000.0, 3_000.0, 4_000.0);
    assertThat(f.highestPassing()).isBetween(2_500 * 0.95, 2_500.0);
  }

  @Test
  void theStepLimitEndsTheSweepAndSaysItDidNotFinish() {
    SimulatedBackend backend = new SimulatedBackend(7_300, Objective.parse("p99=50ms"));

    RateSweep.Finding f = new RateSweep(List.of(), 1_000, true, 0.05, 5).run(backend);

    assertThat(backend.tried).hasSize(5);
    assertThat(f.complete()).isFalse();
    assertThat(f.describe(Optional.empty())).endsWith("the sweep did not finish");
  }

  @Test
  void objectivesNameAPercentileOfResponseTimeByDefault() {
    Objective o = Objective.parse("p99.9=2.5ms");
    assertThat(o.latency()).isEqualTo(RunResult.RESPONSE);
    assertThat(o.suffix()).isEqualTo("p99_9");
    assertThat(o.limitMs()).isEqualTo(2.5);
    assertThat(Objective.parse("e2e.p99=1s").latency()).isEqualTo(RunResult.END_TO_END);
    assertThat(Objective.parse("e2e.p99=1s").limitMs()).isEqualTo(1000.0);
    assertThatThrownBy(() -> Objective.parse("p98=5ms"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--slo p98=5ms: 'p98' is not p50");
    assertThatThrownBy(() -> Objective.parse("p99"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--slo p99:");
  }
}
