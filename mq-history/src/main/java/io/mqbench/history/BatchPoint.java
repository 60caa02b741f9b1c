package io.mqbench.history;

import io.mqbench.store.StoredRun;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A point of a trend: the runs of one batch (the repetitions of one invocation) within a series.
 *
 * @param batch the invocation
 * @param startedAt when its first run of the series started
 * @param runs its runs of the series, by start
 */
public record BatchPoint(StoredRun.Batch batch, Instant startedAt, List<StoredRun> runs) {

  /** Copies the runs. */
  public BatchPoint {
    runs = List.copyOf(runs);
  }

  /**
   * @param figure a figure's column name
   * @return its values in this batch's runs, runs without it left out
   */
  public List<Double> values(String figure) {
    return values(runs, figure);
  }

  /**
   * @param figure a figure's column name
   * @return the median of its values in this batch; NaN when no run has it
   */
  public double median(String figure) {
    return median(values(figure));
  }

  /**
   * @return the mqbench version of the batch's runs, several joined by {@code ", "}
   */
  public String mqbenchVersion() {
    return String.join(
        ", ",
        runs.stream().map(StoredRun::mqbenchVersion).filter(Objects::nonNull).distinct().toList());
  }

  static List<Double> values(List<StoredRun> runs, String figure) {
    return runs.stream()
        .map(r -> r.figures().get(figure))
        .filter(v -> v != null && !v.isNaN())
        .toList();
  }

  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int m = v.length / 2;
    return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
  }
}
