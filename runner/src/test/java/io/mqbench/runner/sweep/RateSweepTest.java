package io.mqbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.results.LatencyKind;
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
    public Optional<RateSweep.Step> measure(double rate, int hold) {
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

  /** A step as a probe returns it: passed as far as the run's verdict and objective go. */
  static RateSweep.Step step(double rate, double achieved, String verdict, boolean passed) {
    return new RateSweep.Step(rate, achieved, verdict, 5.0, passed, passed ? "" : "over");
  }

  @Test
  void aCandidateIsVerifiedOnlyWhenEveryHoldMeetsTheTarget() {
    SimulatedBackend backend = new SimulatedBackend(3_000, Objective.parse("p99=50ms"));
    List<Integer> holds = new ArrayList<>();

    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0, 2_000.0, 4_000.0), 1_000, false, 0.05, 16, 3, 16)
            .run(
                (rate, hold) -> {
                  holds.add(hold);
                  return backend.measure(rate, hold);
                });

    assertThat(holds).containsExactly(0, 0, 0, 1, 2, 3);
    assertThat(f.verified()).isEqualTo(2_000.0);
    assertThat(f.holdsAt(2_000.0)).hasSize(3).allMatch(RateSweep.Step::passed);
    assertThat(f.complete()).isTrue();
    assertThat(f.describe(Optional.empty()))
        .startsWith(
            "verified maximum rate with verdict ok: 2,000 msgs/s, held 3 times (achieved 2,000 to"
                + " 2,000 msgs/s, spread 0.0 %); search: highest rate with verdict ok: 2,000");
  }

  @Test
  void aCandidateWithOneFailedHoldIsNotVerified() {
    // passes its search step and its first hold, fails the second: not a rate a user can hold
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0), 1_000, false, 0.05, 16, 2, 1)
            .run((rate, hold) -> Optional.of(step(rate, rate, "ok", hold < 2)));

    assertThat(f.steps())
        .extracting(RateSweep.Step::phase)
        .containsExactly("search", "hold 1", "hold 2");
    assertThat(f.verified()).isNull();
    assertThat(f.highestPassing()).isEqualTo(1_000.0);
    assertThat(f.complete()).isFalse();
    assertThat(f.describe(Optional.empty()))
        .startsWith("no rate verified: a hold failed at 1,000 msgs/s; search:");
  }

  @Test
  void aFailedHoldStepsDownByThePrecisionAndHoldsAgain() {
    // the search sees a knee at 7,300; held for longer, only 7,000 and below are kept
    RateSweep.Finding f =
        new RateSweep(List.of(), 1_000, true, 0.05, 16, 2, 16)
            .run(
                (rate, hold) ->
                    Optional.of(step(rate, rate, "ok", rate <= (hold == 0 ? 7_300 : 7_000))));

    double candidate = f.highestPassing();
    List<Double> held =
        f.steps().stream().filter(s -> s.hold() > 0).map(RateSweep.Step::rate).distinct().toList();
    assertThat(held.get(0)).isEqualTo(candidate);
    for (int i = 1; i < held.size(); i++) {
      assertThat(held.get(i)).isEqualTo(Math.rint(held.get(i - 1) * 0.95));
    }
    assertThat(f.verified()).isEqualTo(held.get(held.size() - 1)).isLessThanOrEqualTo(7_000.0);
    assertThat(f.verified()).isGreaterThan(7_000 * 0.95);
    assertThat(f.holdsAt(f.verified())).hasSize(2);
    // a failed hold stops that candidate's holds at once
    assertThat(f.holdsAt(candidate)).hasSize(1);
  }

  @Test
  void stepsDownAreBoundedByTheHoldRounds() {
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0), 1_000, false, 0.05, 16, 2, 3)
            .run((rate, hold) -> Optional.of(step(rate, rate, "ok", hold == 0)));

    assertThat(f.steps().stream().filter(s -> s.hold() > 0).map(RateSweep.Step::rate))
        .containsExactly(1_000.0, 950.0, 902.0);
    assertThat(f.verified()).isNull();
    assertThat(f.complete()).isFalse();
    assertThat(f.describe(Optional.empty())).endsWith("the sweep did not finish");
  }

  @Test
  void aHarnessLimitedStepIsNotAPass() {
    // the memory queue at 1,000 / 10,000 / 50,000 msgs/s: every run harness-limited
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0, 10_000.0, 50_000.0), 1_000, false, 0.05, 16, 2, 16)
            .run((rate, hold) -> Optional.of(step(rate, rate, "harness-limited", true)));

    assertThat(f.steps()).hasSize(3).noneMatch(RateSweep.Step::passed);
    assertThat(f.steps())
        .extracting(RateSweep.Step::why)
        .containsOnly("harness-limited: the harness, not the queue, set the pace");
    assertThat(f.highestPassing()).isNull();
    assertThat(f.verified()).isNull();
    assertThat(f.describe(Optional.empty())).startsWith("no rate tried met the target");
  }

  @Test
  void aHarnessLimitedHoldIsNotAPass() {
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0), 1_000, false, 0.05, 16, 2, 1)
            .run(
                (rate, hold) ->
                    Optional.of(step(rate, rate, hold == 0 ? "ok" : "harness-limited", true)));

    assertThat(f.holdsAt(1_000.0)).hasSize(1).noneMatch(RateSweep.Step::passed);
    assertThat(f.verified()).isNull();
  }

  @Test
  void aStepThatAchievesLessThanNinetyNinePercentOfItsRateIsNotAPass() {
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0, 2_000.0), 1_000, false, 0.05, 16)
            .run((rate, hold) -> Optional.of(step(rate, rate == 1_000 ? 990 : 1_970, "ok", true)));

    assertThat(f.steps()).extracting(RateSweep.Step::passed).containsExactly(true, false);
    assertThat(f.steps().get(1).why()).isEqualTo("achieved 1,970 msgs/s, below 99 % of 2,000");
  }

  @Test
  void aFailingRateBelowAPassingOneIsFlaggedNonMonotonic() {
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0, 2_000.0, 3_000.0, 4_000.0), 1_000, false, 0.05, 16)
            .run(
                (rate, hold) -> Optional.of(step(rate, rate, "ok", rate != 2_000 && rate < 4_000)));

    assertThat(f.nonMonotonic()).extracting(RateSweep.Step::rate).containsExactly(2_000.0);
    assertThat(f.isNonMonotonic(f.steps().get(3))).isFalse();
    // the knee is where failing starts, not the noisy pass above it
    assertThat(f.highestPassing()).isEqualTo(1_000.0);
    assertThat(f.describe(Optional.empty()))
        .contains("; non-monotonic: 2,000 msgs/s failed below a passing rate");
  }

  @Test
  void theSpreadOfAchievedRateAcrossHoldsIsStated() {
    double[] achieved = {1_000, 1_000, 995, 1_010};
    RateSweep.Finding f =
        new RateSweep(List.of(1_000.0, 2_000.0), 1_000, false, 0.05, 16, 3, 4)
            .run(
                (rate, hold) ->
                    Optional.of(
                        step(rate, rate == 1_000 ? achieved[hold] : 0, "ok", rate == 1_000)));

    assertThat(f.verified()).isEqualTo(1_000.0);
    assertThat(f.holdSpread()).isCloseTo(15.0 / 995, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(f.describe(Optional.empty()))
        .contains("held 3 times (achieved 995 to 1,010 msgs/s, spread 1.5 %)");
  }

  @Test
  void objectivesNameAPercentileOfResponseTimeByDefault() {
    Objective o = Objective.parse("p99.9=2.5ms");
    assertThat(o.latency()).isEqualTo(LatencyKind.RESPONSE);
    assertThat(o.suffix()).isEqualTo("p99_9");
    assertThat(o.limitMs()).isEqualTo(2.5);
    assertThat(Objective.parse("e2e.p99=1s").latency()).isEqualTo(LatencyKind.END_TO_END);
    assertThat(Objective.parse("e2e.p99=1s").limitMs()).isEqualTo(1000.0);
    assertThatThrownBy(() -> Objective.parse("p98=5ms"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--slo p98=5ms: 'p98' is not p50");
    assertThatThrownBy(() -> Objective.parse("p99"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--slo p99:");
  }
}
