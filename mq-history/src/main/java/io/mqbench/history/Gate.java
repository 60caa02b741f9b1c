package io.mqbench.history;

import io.mqbench.results.RunStatus;
import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.FigureComparison;
import io.mqbench.results.compare.Verdict;
import io.mqbench.results.report.Estimate;
import io.mqbench.store.StoredRun;
import java.util.ArrayList;
import java.util.List;

/**
 * The regression gate: each series' newest batch (the candidate) against the runs before it (the
 * baseline) since the last change point among those earlier runs, at most {@link
 * GateOptions#maxBaselineRuns()} of the newest, figure by figure, judged as {@code mqbench compare}
 * judges ({@link FigureComparison}). A change point that the candidate itself makes is what the
 * gate is there to catch, so changes are looked for among the earlier batches only.
 */
public final class Gate {
  private Gate() {}

  /**
   * @param series the series to check (filter them first, e.g. with {@link Series#matches})
   * @param history the options the series were made with (for the change points)
   * @param gate the threshold, the baseline's size and the figures
   * @return each series' judgement and the outcome
   */
  public static GateResult check(List<Series> series, HistoryOptions history, GateOptions gate) {
    List<SeriesGate> judged = new ArrayList<>();
    for (Series s : series) {
      judged.add(check(s, history, gate));
    }
    return new GateResult(gate.thresholdPercent(), judged);
  }

  private static SeriesGate check(Series s, HistoryOptions history, GateOptions gate) {
    List<BatchPoint> batches = s.batches();
    BatchPoint candidate = batches.get(batches.size() - 1);
    List<BatchPoint> earlier = batches.subList(0, batches.size() - 1);
    List<Figure> figures =
        gate.figures().isEmpty()
            ? s.figures()
            : gate.figures().stream()
                .filter(f -> s.runs().stream().anyMatch(r -> r.figures().containsKey(f.name())))
                .toList();
    List<FigureGate> result = new ArrayList<>();
    for (Figure f : figures) {
      List<StoredRun> baseline = baseline(earlier, f, history, gate.maxBaselineRuns());
      List<StoredRun> cand = withFigure(candidate.runs(), f);
      FigureComparison c =
          FigureComparison.ofValues(
              f,
              BatchPoint.values(baseline, f.name()),
              BatchPoint.values(cand, f.name()),
              gate.thresholdPercent());
      if (c == null) {
        Estimate none = Estimate.of(List.of());
        c = new FigureComparison(f, none, none, null, Verdict.CANNOT_JUDGE, false);
      }
      result.add(
          new FigureGate(f, baseline, cand, c, Moved.fromBaseline(baseline, cand, s.allHosts())));
    }
    List<StoredRun> base = result.stream().flatMap(g -> g.baseline().stream()).distinct().toList();
    boolean statusRegressed =
        !base.isEmpty()
            && base.stream().allMatch(r -> passed(r.status()))
            && candidate.runs().stream().anyMatch(r -> !passed(r.status()));
    return new SeriesGate(s, candidate, result, statusRegressed);
  }

  /** The earlier runs with the figure since its last change among them, the newest {@code max}. */
  private static List<StoredRun> baseline(
      List<BatchPoint> earlier, Figure f, HistoryOptions history, int max) {
    if (earlier.isEmpty()) {
      return List.of();
    }
    List<ChangePoint> changes = History.changes(earlier, f, history);
    int from = changes.isEmpty() ? 0 : changes.get(changes.size() - 1).index();
    List<StoredRun> runs = withFigure(History.runs(earlier.subList(from, earlier.size())), f);
    return runs.subList(Math.max(0, runs.size() - max), runs.size());
  }

  private static List<StoredRun> withFigure(List<StoredRun> runs, Figure f) {
    return runs.stream()
        .filter(r -> r.figures().get(f.name()) != null && !r.figures().get(f.name()).isNaN())
        .toList();
  }

  /** A status of exit code 0 passed; one the model does not know is taken as failed. */
  static boolean passed(String status) {
    try {
      return RunStatus.ofLabel(status).exitCode() == 0;
    } catch (IllegalArgumentException | NullPointerException e) {
      return false;
    }
  }
}
