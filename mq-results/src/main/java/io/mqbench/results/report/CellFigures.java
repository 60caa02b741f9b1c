package io.mqbench.results.report;

import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One matrix cell's repetitions aggregated: the mean and 95 % interval of sent and received msgs/s
 * and of every latency percentile, and the worst verdict.
 *
 * @param source the folder the runs came from
 * @param cell the cell's values; empty outside a matrix
 * @param queue the backend
 * @param runs the repetitions, in order
 * @param verdict the worst status of the repetitions
 * @param sent sent msgs/s
 * @param received received msgs/s
 * @param endToEnd senders and receivers together: end-to-end msgs/s while senders sent (absent
 *     otherwise)
 * @param achieved rate mode: achieved msgs/s (absent otherwise)
 * @param cost the cost of moving a million messages ({@link
 *     io.mqbench.results.RunCost#perMillionMessages}), in the currency of the first run's price;
 *     absent without a price
 * @param latencies by latency name, by percentile suffix ({@link Latency#SUFFIXES})
 */
public record CellFigures(
    String source,
    Map<String, String> cell,
    String queue,
    List<RunFigures> runs,
    RunStatus verdict,
    Estimate sent,
    Estimate received,
    Estimate endToEnd,
    Estimate achieved,
    Estimate cost,
    Map<LatencyKind, Map<String, Estimate>> latencies) {

  /**
   * Groups runs by source and cell, in the order cells first appear, and aggregates each group.
   *
   * @param runs runs of one or more sources
   * @return one entry per cell
   */
  public static List<CellFigures> of(List<RunFigures> runs) {
    Map<List<Object>, List<RunFigures>> groups = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      // Repetitions share their queue, cell and settings (a sweep's runs differ in rate: each
      // rate is a cell of its own); single runs of other queues or settings in one folder are not
      // repetitions of each other. The seed differs between repetitions.
      Map<String, String> settings = new LinkedHashMap<>(r.settings().asMap());
      settings.remove("seed");
      List<Object> key =
          Arrays.asList(
              r.source(),
              r.result().queue(),
              r.cell(),
              settings,
              r.result().delivery().durability());
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
    }
    List<CellFigures> cells = new ArrayList<>();
    groups.values().forEach(g -> cells.add(aggregate(g)));
    return List.copyOf(cells);
  }

  /**
   * @param runs the repetitions of one cell
   * @return their aggregate
   */
  static CellFigures aggregate(List<RunFigures> runs) {
    RunFigures first = runs.get(0);
    RunStatus verdict = RunStatus.OK;
    for (RunFigures r : runs) {
      verdict = verdict.worst(r.status());
    }
    Map<LatencyKind, Map<String, Estimate>> latencies = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      for (LatencyKind name : r.latencyNames()) {
        latencies.computeIfAbsent(name, n -> new LinkedHashMap<>());
      }
    }
    latencies.forEach(
        (name, bySuffix) -> {
          for (String s : Latency.SUFFIXES) {
            Estimate e = Estimate.of(runs.stream().map(r -> r.latencyMs(name, s)).toList());
            if (e.present()) {
              bySuffix.put(s, e);
            }
          }
        });
    return new CellFigures(
        first.source(),
        first.cell(),
        first.queue(),
        List.copyOf(runs),
        verdict,
        Estimate.of(runs.stream().map(RunFigures::sentPerSecond).toList()),
        Estimate.of(runs.stream().map(RunFigures::receivedPerSecond).toList()),
        Estimate.of(runs.stream().map(RunFigures::endToEndPerSecond).toList()),
        Estimate.of(runs.stream().map(RunFigures::achievedRate).toList()),
        Estimate.of(runs.stream().map(r -> r.result().cost().perMillionMessages()).toList()),
        latencies);
  }

  /**
   * @return the cell as one line; outside a matrix the queue, with its rate in rate mode (a sweep's
   *     steps)
   */
  public String label() {
    String cellLabel = first().cellLabel();
    if (!cellLabel.isEmpty()) {
      return cellLabel;
    }
    Double rate = first().targetRate();
    return rate == null ? queue : String.format(Locale.ROOT, "%s rate=%.0f", queue, rate);
  }

  /**
   * @return the first repetition, whose settings the cell shares
   */
  public RunFigures first() {
    return runs.get(0);
  }

  /**
   * @return true when any repetition's acknowledged messages could be lost: a mean over it is no
   *     safer than its least safe run
   */
  public boolean unsafe() {
    return runs.stream().anyMatch(RunFigures::unsafe);
  }

  /**
   * @param latency a latency
   * @param suffix a percentile suffix
   * @return its estimate, absent (n = 0) if no repetition gave it
   */
  public Estimate latency(LatencyKind latency, String suffix) {
    return latencies
        .getOrDefault(latency, Map.of())
        .getOrDefault(suffix, new Estimate(0, Double.NaN, Double.NaN));
  }
}
