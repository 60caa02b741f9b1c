package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.Welch;
import io.mqbench.store.StoredRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history of stored runs: their series ({@link Series}) and each figure's change points ({@link
 * ChangePoint}), found by circular binary segmentation with a permutation test over whole batches
 * ({@link ChangeDetector}). Pure: runs in, values out, the same runs and options giving the same
 * answer.
 */
public final class History {
  private History() {}

  /**
   * @param runs stored runs, in any order
   * @param options how to group them and look for changes
   * @return the series, ordered by queue, workload and first host's name
   */
  public static List<Series> of(List<StoredRun> runs, HistoryOptions options) {
    Map<String, List<StoredRun>> byKey = new LinkedHashMap<>();
    runs.stream()
        .map(History::tidy)
        .sorted(Comparator.comparing(StoredRun::startedAt).thenComparing(StoredRun::runId))
        .forEach(
            r ->
                byKey
                    .computeIfAbsent(
                        options.allHosts() ? r.workloadId() + "/" + r.queue() : r.seriesKey(),
                        k -> new ArrayList<>())
                    .add(r));
    List<Series> series = new ArrayList<>();
    byKey.forEach((key, rs) -> series.add(series(key, rs, options)));
    series.sort(
        Comparator.comparing(Series::queue)
            .thenComparing(Series::workload)
            .thenComparing(Series::hostLabel));
    return List.copyOf(series);
  }

  /**
   * The run with empty maps where the store gave none, and its own batch when it has none, so that
   * nothing below needs to ask.
   */
  static StoredRun tidy(StoredRun r) {
    if (r.versions() != null
        && r.backendConfig() != null
        && r.figures() != null
        && r.batch() != null) {
      return r;
    }
    return new StoredRun(
        r.runId(),
        r.batch() != null ? r.batch() : new StoredRun.Batch(r.runId(), "run", r.queue()),
        r.startedAt(),
        r.queue(),
        r.workloadId(),
        r.workload(),
        r.hostId(),
        r.host(),
        r.mqbenchVersion(),
        r.mqbenchCommit(),
        r.versions() != null ? r.versions() : Map.of(),
        r.cluster(),
        r.durability(),
        r.status(),
        r.backendConfig() != null ? r.backendConfig() : Map.of(),
        r.figures() != null ? r.figures() : Map.of());
  }

  private static Series series(String key, List<StoredRun> runs, HistoryOptions o) {
    Map<String, StoredRun.Host> hosts = new LinkedHashMap<>();
    runs.forEach(r -> hosts.putIfAbsent(r.hostId(), r.host()));
    List<BatchPoint> batches = batches(runs);
    List<Figure> figures =
        o.figures().stream()
            .filter(f -> runs.stream().anyMatch(r -> r.figures().containsKey(f.name())))
            .toList();
    List<ChangePoint> changes = new ArrayList<>();
    for (Figure f : figures) {
      changes.addAll(changes(batches, f, o));
    }
    StoredRun first = runs.get(0);
    return new Series(
        key,
        first.queue(),
        first.workloadId(),
        first.workload(),
        hosts,
        o.allHosts(),
        figures,
        batches,
        changes);
  }

  /** Runs grouped by batch, batches in the order of their first run. */
  static List<BatchPoint> batches(List<StoredRun> runs) {
    Map<String, List<StoredRun>> byBatch = new LinkedHashMap<>();
    runs.forEach(r -> byBatch.computeIfAbsent(r.batch().id(), k -> new ArrayList<>()).add(r));
    return byBatch.values().stream()
        .map(rs -> new BatchPoint(rs.get(0).batch(), rs.get(0).startedAt(), rs))
        .toList();
  }

  /**
   * @param batches a series' batches (or its first ones)
   * @param figure a figure
   * @param o the options
   * @return the figure's change points among these batches
   */
  static List<ChangePoint> changes(List<BatchPoint> batches, Figure figure, HistoryOptions o) {
    // Batches without the figure are left out of the test; a change is placed at a batch with it.
    List<Integer> at = new ArrayList<>();
    List<double[]> blocks = new ArrayList<>();
    for (int i = 0; i < batches.size(); i++) {
      double[] v = batches.get(i).values(figure.name()).stream().mapToDouble(d -> d).toArray();
      if (v.length > 0) {
        at.add(i);
        blocks.add(v);
      }
    }
    List<ChangeDetector.Split> splits = new ArrayList<>(new ChangeDetector(o).splits(blocks));
    List<ChangePoint> changes = changes(batches, figure, splits, at, o.allHosts());
    // An edge of a stretch may turn out, between its final neighbours, smaller than the minimum
    // effect: drop the smallest such one and measure again.
    while (true) {
      ChangePoint weakest = null;
      for (ChangePoint c : changes) {
        if (Math.abs(c.percent()) < o.minEffectPercent()
            && (weakest == null || Math.abs(c.percent()) < Math.abs(weakest.percent()))) {
          weakest = c;
        }
      }
      if (weakest == null) {
        return changes;
      }
      splits.remove(changes.indexOf(weakest));
      changes = changes(batches, figure, splits, at, o.allHosts());
    }
  }

  private static List<ChangePoint> changes(
      List<BatchPoint> batches,
      Figure figure,
      List<ChangeDetector.Split> splits,
      List<Integer> at,
      boolean allHosts) {
    List<ChangePoint> changes = new ArrayList<>();
    for (int i = 0; i < splits.size(); i++) {
      int from = i == 0 ? 0 : at.get(splits.get(i - 1).index());
      int here = at.get(splits.get(i).index());
      int to = i + 1 < splits.size() ? at.get(splits.get(i + 1).index()) : batches.size();
      changes.add(change(batches, figure, from, here, to, splits.get(i).pValue(), allHosts));
    }
    return changes;
  }

  private static ChangePoint change(
      List<BatchPoint> batches,
      Figure figure,
      int from,
      int at,
      int to,
      double p,
      boolean allHosts) {
    List<StoredRun> before = runs(batches.subList(from, at));
    List<StoredRun> after = runs(batches.subList(at, to));
    List<Double> b = BatchPoint.values(before, figure.name());
    List<Double> a = BatchPoint.values(after, figure.name());
    Welch w = Welch.of(b, a);
    double meanBefore = b.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    return new ChangePoint(
        figure,
        at,
        batches.get(at),
        BatchPoint.median(b),
        BatchPoint.median(a),
        w,
        meanBefore,
        p,
        (w.difference() > 0) == figure.higherIsBetter(),
        Moved.between(before, after, allHosts));
  }

  static List<StoredRun> runs(List<BatchPoint> batches) {
    return batches.stream().flatMap(b -> b.runs().stream()).toList();
  }
}
