package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.store.StoredRun;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The runs of one workload on one queue (on one host, unless all hosts were asked), as batches in
 * the order they ran, with the change points of each figure.
 *
 * @param key {@link StoredRun#seriesKey()}, or {@code workloadId/queue} for all hosts
 * @param queue the backend
 * @param workloadId the workload's hash
 * @param workload the workload's settings as text
 * @param hosts the hosts the runs ran on, by host id, in the order first seen
 * @param allHosts whether the series holds runs of every host
 * @param figures the chosen figures the runs have, in {@link Figure#ALL}'s order
 * @param batches the batches, by start
 * @param changes the change points of every figure, by figure then position
 */
public record Series(
    String key,
    String queue,
    String workloadId,
    String workload,
    Map<String, StoredRun.Host> hosts,
    boolean allHosts,
    List<Figure> figures,
    List<BatchPoint> batches,
    List<ChangePoint> changes) {

  /** Copies the lists; the hosts' map keeps its order. */
  public Series {
    figures = List.copyOf(figures);
    batches = List.copyOf(batches);
    changes = List.copyOf(changes);
  }

  /**
   * @return every run, by start
   */
  public List<StoredRun> runs() {
    return batches.stream().flatMap(b -> b.runs().stream()).toList();
  }

  /**
   * @param figure a figure
   * @return its change points, by position
   */
  public List<ChangePoint> changes(Figure figure) {
    return changes.stream().filter(c -> c.figure().name().equals(figure.name())).toList();
  }

  /**
   * @return the hosts as people read them: {@code name (id prefix)}, joined by {@code ", "}
   */
  public String hostLabel() {
    return String.join(
        ", ",
        hosts.entrySet().stream()
            .map(
                e ->
                    (e.getValue() == null ? "?" : e.getValue().name())
                        + " ("
                        + shortId(e.getKey())
                        + ")")
            .toList());
  }

  /**
   * @param filter text to look for, case-insensitive; empty or null matches every series
   * @return whether the queue, the workload or a host's name holds it
   */
  public boolean matches(String filter) {
    if (filter == null || filter.isBlank()) {
      return true;
    }
    String f = filter.toLowerCase(Locale.ROOT);
    return queue.toLowerCase(Locale.ROOT).contains(f)
        || workload.toLowerCase(Locale.ROOT).contains(f)
        || workloadId.toLowerCase(Locale.ROOT).startsWith(f)
        || hostLabel().toLowerCase(Locale.ROOT).contains(f);
  }

  /** A hash as people quote it: its first 8 characters. */
  static String shortId(String id) {
    return id == null ? "?" : id.length() <= 8 ? id : id.substring(0, 8);
  }
}
