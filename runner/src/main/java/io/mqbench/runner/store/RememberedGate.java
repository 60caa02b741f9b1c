package io.mqbench.runner.store;

import io.mqbench.history.BatchPoint;
import io.mqbench.history.Gate;
import io.mqbench.history.GateOptions;
import io.mqbench.history.GateResult;
import io.mqbench.history.History;
import io.mqbench.history.HistoryOptions;
import io.mqbench.history.Series;
import io.mqbench.history.SeriesGate;
import io.mqbench.store.ResultsStore;
import io.mqbench.store.StoredRun;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The regression gate with a memory: each verdict is kept in the store, and a batch once judged a
 * regression is left out of the baselines of the batches after it, so that a slow build does not
 * become the yardstick its own fix is measured by. A batch accepted on purpose ({@code --accept})
 * starts the baseline afresh: the batches before it no longer judge the ones after.
 */
public final class RememberedGate {
  private RememberedGate() {}

  /**
   * Judges each series' newest batch and records the verdicts.
   *
   * @param store the store the runs came from, which keeps the verdicts
   * @param shown the series to judge
   * @param options how series were made
   * @param gate the gate's terms
   * @param accept record the newest batches as accepted, whatever the verdict: an intended change
   * @return the gate's result, judged without the batches earlier regressions left out
   */
  public static GateResult check(
      ResultsStore store,
      List<Series> shown,
      HistoryOptions options,
      GateOptions gate,
      boolean accept) {
    Map<String, Map<String, String>> verdicts = store.verdicts();
    // The runs kept belong to the series shown, so grouping them again makes only those series.
    List<StoredRun> judged =
        shown.stream()
            .flatMap(s -> withoutRegressions(s, verdicts.getOrDefault(s.key(), Map.of())).stream())
            .toList();
    GateResult result = Gate.check(History.of(judged, options), options, gate);
    for (SeriesGate g : result.series()) {
      String outcome =
          accept
              ? ResultsStore.ACCEPTED
              : g.regressed()
                  ? ResultsStore.REGRESSED
                  : g.inconclusive() ? "inconclusive" : "passed";
      store.recordVerdict(g.series().key(), g.candidate().batch().id(), outcome);
    }
    return result;
  }

  /**
   * The series' runs that may judge or be judged: the newest batch, and before it the batches since
   * the last one accepted on purpose (an accepted slowdown starts a new baseline), but those the
   * gate found regressed.
   */
  private static List<StoredRun> withoutRegressions(Series s, Map<String, String> verdicts) {
    List<BatchPoint> batches = s.batches();
    String newest = batches.get(batches.size() - 1).batch().id();
    int from = 0;
    for (int i = 0; i < batches.size() - 1; i++) {
      if (ResultsStore.ACCEPTED.equals(verdicts.get(batches.get(i).batch().id()))) {
        from = i;
      }
    }
    Set<String> kept = new HashSet<>();
    for (BatchPoint b : batches.subList(from, batches.size())) {
      String id = b.batch().id();
      if (id.equals(newest) || !ResultsStore.REGRESSED.equals(verdicts.get(id))) {
        kept.add(id);
      }
    }
    return s.runs().stream().filter(r -> kept.contains(r.batch().id())).toList();
  }
}
