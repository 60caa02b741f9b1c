package io.mqbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryTest {
  @Test
  void aStepChangeInALongSeriesIsFoundAtTheRightBatchAndNamesTheVersionThatMoved() {
    List<io.mqbench.store.StoredRun> runs =
        new Runs(7).batches(8, 3, 10_000).mqbench("1.0.0").batches(7, 3, 8_000).list();

    List<Series> series = History.of(runs, HistoryOptions.defaults());

    assertThat(series).hasSize(1);
    List<ChangePoint> sent = series.get(0).changes(HistoryOptions.DEFAULT_FIGURES.get(0));
    assertThat(sent).hasSize(1);
    ChangePoint c = sent.get(0);
    assertThat(c.index()).isEqualTo(8);
    assertThat(c.first().batch().id()).isEqualTo("b009-x");
    assertThat(c.better()).isFalse();
    assertThat(c.percent()).isBetween(-23.0, -17.0);
    assertThat(c.percentLow()).isLessThan(c.percent());
    assertThat(c.percentHigh()).isGreaterThan(c.percent()).isLessThan(0);
    assertThat(c.pValue()).isLessThanOrEqualTo(0.05);
    assertThat(c.medianBefore()).isBetween(9_700.0, 10_300.0);
    assertThat(c.medianAfter()).isBetween(7_700.0, 8_300.0);
    assertThat(c.moved()).extracting(Moved::what).contains("mqbench", "commit");
    assertThat(Moved.describe(c.moved())).contains("mqbench 0.9.0 → 1.0.0");
    assertThat(series.get(0).changes()).extracting(x -> x.figure().name()).contains(Runs.E2E_P99);
  }

  @Test
  void noiseAloneFindsNoChange() {
    for (long seed = 1; seed <= 10; seed++) {
      List<Series> series =
          History.of(new Runs(seed).batches(15, 3, 10_000).list(), HistoryOptions.defaults());

      assertThat(series.get(0).changes()).as("seed %d", seed).isEmpty();
    }
  }

  @Test
  void aShiftBelowTheMinimumEffectIsNotNamedHoweverClear() {
    List<io.mqbench.store.StoredRun> runs =
        new Runs(3).batches(10, 5, 10_000).broker("3.8.0").batches(10, 5, 9_700).list();

    List<Series> series = History.of(runs, HistoryOptions.defaults());

    assertThat(series.get(0).changes(HistoryOptions.DEFAULT_FIGURES.get(0))).isEmpty();
  }

  @Test
  void aChangeWithNoRecordedCauseSaysNothingMoved() {
    List<io.mqbench.store.StoredRun> runs =
        new Runs(11).batches(6, 3, 10_000).batches(6, 3, 7_000).list();

    ChangePoint c =
        History.of(runs, HistoryOptions.defaults())
            .get(0)
            .changes(HistoryOptions.DEFAULT_FIGURES.get(0))
            .get(0);

    assertThat(c.moved()).isEmpty();
    assertThat(Moved.describe(c.moved())).isEqualTo("nothing recorded moved");
  }

  @Test
  void runsOfTwoHostsMakeTwoSeriesUnlessAllHostsAreAsked() {
    List<io.mqbench.store.StoredRun> runs = new ArrayList<>();
    runs.addAll(new Runs(1).batches(3, 2, 10_000).list());
    runs.addAll(new Runs(2).host("ffee0011", Runs.HOST_B).batches(3, 2, 20_000).list());

    List<Series> perHost = History.of(runs, HistoryOptions.defaults());
    List<Series> all = History.of(runs, HistoryOptions.defaults().withAllHosts(true));

    assertThat(perHost).hasSize(2);
    assertThat(perHost)
        .extracting(Series::hostLabel)
        .containsExactlyInAnyOrder("bench-a (a1b2c3d4)", "bench-b (ffee0011)");
    assertThat(all).hasSize(1);
    assertThat(all.get(0).hosts()).hasSize(2);
    assertThat(all.get(0).runs()).hasSize(12);
  }

  @Test
  void aBatchIsOnePointHoldingItsRunsWithTheirMedian() {
    Series s =
        History.of(new Runs(5).batches(4, 3, 10_000).list(), HistoryOptions.defaults()).get(0);

    assertThat(s.batches()).hasSize(4);
    assertThat(s.batches()).allSatisfy(b -> assertThat(b.runs()).hasSize(3));
    BatchPoint b = s.batches().get(0);
    List<Double> v = new ArrayList<>(b.values(Runs.SENT));
    v.sort(null);
    assertThat(b.median(Runs.SENT)).isEqualTo(v.get(1));
  }

  @Test
  void withAllHostsAChangeOfHostIsNamedAsWhatMoved() {
    List<io.mqbench.store.StoredRun> runs = new ArrayList<>();
    runs.addAll(
        new Runs(12)
            .batches(6, 3, 10_000)
            .host("ffee0011", Runs.HOST_B)
            .batches(6, 3, 14_000)
            .list());

    List<Series> perHost = History.of(runs, HistoryOptions.defaults());
    List<Series> all = History.of(runs, HistoryOptions.defaults().withAllHosts(true));

    assertThat(perHost).hasSize(2).allSatisfy(s -> assertThat(s.changes()).isEmpty());
    ChangePoint c = all.get(0).changes(HistoryOptions.DEFAULT_FIGURES.get(0)).get(0);
    assertThat(c.index()).isEqualTo(6);
    assertThat(c.better()).isTrue();
    assertThat(c.moved()).containsExactly(new Moved("host", "bench-a", "bench-b"));
  }

  @Test
  void whatMovedIsTheValueMostRunsHadOnEachSideSoAStrayValueIsNoMove() {
    List<io.mqbench.store.StoredRun> before = new Runs(1).batches(4, 2, 100).list();
    List<io.mqbench.store.StoredRun> mixed = new ArrayList<>(new Runs(1).batches(3, 2, 100).list());
    mixed.addAll(new Runs(2).broker("3.8.0").batches(1, 2, 100).list());

    assertThat(Moved.between(before, mixed, false)).isEmpty();
    assertThat(Moved.between(before, new Runs(3).broker("3.8.0").batches(2, 2, 100).list(), false))
        .containsExactly(
            new Moved("broker", "3.7.0", "3.8.0"), new Moved("kafka-clients", "3.7.0", "3.8.0"));
  }

  @Test
  void runsWithoutMapsOrABatchStillMakeASeries() {
    io.mqbench.store.StoredRun r = new Runs(1).batches(1, 1, 100).list().get(0);
    io.mqbench.store.StoredRun bare =
        new io.mqbench.store.StoredRun(
            r.runId(),
            null,
            r.startedAt(),
            r.queue(),
            r.workloadId(),
            r.workload(),
            r.hostId(),
            r.host(),
            r.mqbenchVersion(),
            r.mqbenchCommit(),
            null,
            r.cluster(),
            r.durability(),
            r.status(),
            null,
            null);

    List<Series> series = History.of(List.of(bare), HistoryOptions.defaults());

    assertThat(series.get(0).batches()).hasSize(1);
    assertThat(series.get(0).figures()).isEmpty();
  }
}
