package io.mqbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.compare.Verdict;
import io.mqbench.store.StoredRun;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateTest {
  private static GateResult gate(List<StoredRun> runs) {
    HistoryOptions o = HistoryOptions.defaults();
    return Gate.check(History.of(runs, o), o, GateOptions.of(10));
  }

  @Test
  void aSlowdownOfTwentyPercentWithThreeRunsASideRegresses() {
    GateResult r =
        gate(new Runs(4).batches(1, 3, 10_000).mqbench("1.0.0").batches(1, 3, 8_000).list());

    assertThat(r.outcome()).isEqualTo(GateResult.Outcome.REGRESSED);
    FigureGate sent = r.series().get(0).figures().get(0);
    assertThat(sent.figure().name()).isEqualTo(Runs.SENT);
    assertThat(sent.verdict()).isEqualTo(Verdict.WORSE);
    assertThat(sent.regression()).isTrue();
    assertThat(sent.baseline()).hasSize(3);
    assertThat(sent.candidate()).hasSize(3);
    assertThat(sent.comparison().percent()).isBetween(-25.0, -15.0);
    assertThat(Moved.describe(sent.moved())).contains("mqbench 0.9.0 → 1.0.0");
  }

  @Test
  void anUnchangedRerunPasses() {
    GateResult r = gate(new Runs(9).batches(4, 3, 10_000).list());

    assertThat(r.outcome()).isEqualTo(GateResult.Outcome.PASSED);
    assertThat(r.series().get(0).figures())
        .allSatisfy(f -> assertThat(f.verdict()).isIn(Verdict.NO_CHANGE, Verdict.BETTER));
    assertThat(r.series().get(0).figures().get(0).moved()).isEmpty();
  }

  @Test
  void oneRunASideIsInconclusive() {
    GateResult r = gate(new Runs(4).batches(1, 1, 10_000).batches(1, 1, 10_000).list());

    assertThat(r.outcome()).isEqualTo(GateResult.Outcome.INCONCLUSIVE);
    assertThat(r.regressed()).isFalse();
    assertThat(r.inconclusive()).isTrue();
    assertThat(r.series().get(0).figures())
        .allSatisfy(f -> assertThat(f.verdict()).isEqualTo(Verdict.CANNOT_JUDGE));
  }

  @Test
  void theBaselineStartsAtTheLastChangeAndHoldsAtMostTenRuns() {
    GateResult r =
        gate(
            new Runs(6)
                .batches(6, 3, 6_000)
                .mqbench("1.0.0")
                .batches(6, 3, 10_000)
                .batches(1, 3, 10_000)
                .list());

    FigureGate sent = r.series().get(0).figures().get(0);
    assertThat(sent.baseline()).hasSize(10);
    assertThat(sent.baseline()).allSatisfy(x -> assertThat(x.mqbenchVersion()).isEqualTo("1.0.0"));
    assertThat(r.outcome()).isEqualTo(GateResult.Outcome.PASSED);
  }

  @Test
  void aFailedCandidateWhereTheBaselinePassedRegresses() {
    GateResult r =
        gate(
            new Runs(2).batches(2, 3, 10_000).status("lost messages").batches(1, 3, 10_000).list());

    assertThat(r.series().get(0).statusRegressed()).isTrue();
    assertThat(r.outcome()).isEqualTo(GateResult.Outcome.REGRESSED);
  }

  @Test
  void aBaselineThatMixesSettingsSaysSoRatherThanNothingMoved() {
    GateResult r =
        gate(
            new Runs(4)
                .batches(2, 3, 10_000)
                .mqbench("1.0.0")
                .batches(1, 3, 10_000)
                .mqbench("0.9.0")
                .batches(1, 3, 10_000)
                .list());

    FigureGate sent = r.series().get(0).figures().get(0);
    assertThat(sent.baseline()).hasSize(9);
    assertThat(Moved.describe(sent.moved()))
        .startsWith("mqbench 0.9.0 ×6, 1.0.0 ×3 → 0.9.0; commit");
  }
}
