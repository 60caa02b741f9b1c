package io.mqbench.results.compare;

import io.mqbench.mq.Durability;
import io.mqbench.results.report.RunFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What makes two runs the same cell, so that a baseline's cell meets the candidate's: the queue,
 * the mode and the shape of the load ({@link #IDENTITY}: a fixed batch size is another load than
 * sizes drawn from 1 to the batch), and every matrix axis of either side, each read from the run's
 * recorded settings rather than from its cell's text, so that a single run meets the matrix cell
 * that has its settings. Other settings (duration, warm-up, in-flight window when not an axis,
 * backend keys) do not part cells: when they differ, the comparison lists them as provenance.
 */
final class CellKey {
  /** The settings every cell is matched on, by their names in {@code run.json}. */
  static final List<String> IDENTITY =
      List.of("queue", "mode", "senders", "receivers", "batch", "fixedBatch", "size", "rate");

  private static final String PROPERTIES = "properties.";

  private CellKey() {}

  /**
   * @param runs every run of both sides
   * @return the names a cell is matched on: {@link #IDENTITY} then every matrix axis found
   */
  static List<String> names(List<RunFigures> runs) {
    Set<String> names = new LinkedHashSet<>(IDENTITY);
    runs.forEach(r -> names.addAll(r.cell().keySet()));
    return List.copyOf(names);
  }

  /**
   * @param run a run
   * @param names the names to match on
   * @return the run's value of each, "-" where it has none (a rate outside rate mode)
   */
  static Map<String, String> of(RunFigures run, List<String> names) {
    Map<String, String> key = new LinkedHashMap<>();
    for (String n : names) {
      key.put(n, value(run, n));
    }
    return key;
  }

  private static String value(RunFigures run, String name) {
    String v = raw(run, name);
    // A rate is recorded as 5000.0 and given as 5000: one value, shown as people gave it.
    return v.matches("-?\\d+\\.0") ? v.substring(0, v.length() - 2) : v;
  }

  private static String raw(RunFigures run, String name) {
    if (name.equals("queue")) {
      return run.queue();
    }
    if (name.equals("durability")) {
      Durability d = run.result().delivery().durability();
      return d == null ? run.cell().getOrDefault(name, "-") : d.level().label();
    }
    if (name.startsWith(PROPERTIES)) {
      String v = run.result().setup().backendConfig().get(name.substring(PROPERTIES.length()));
      return v != null ? v : run.cell().getOrDefault(name, "-");
    }
    String v = run.settings().asMap().get(name);
    return v != null ? v : run.cell().getOrDefault(name, "-");
  }

  /**
   * @param keys the keys of every cell compared
   * @return each key as one line, showing only what varies between cells (all of it when there is
   *     one cell), backend keys without their {@code properties.} prefix
   */
  static List<String> labels(List<Map<String, String>> keys) {
    List<String> varying = new ArrayList<>();
    if (!keys.isEmpty()) {
      for (String n : keys.get(0).keySet()) {
        if (keys.stream().map(k -> k.get(n)).distinct().count() > 1) {
          varying.add(n);
        }
      }
    }
    List<String> labels = new ArrayList<>();
    for (Map<String, String> k : keys) {
      StringBuilder b = new StringBuilder();
      k.forEach(
          (n, v) -> {
            if ((varying.isEmpty() || varying.contains(n)) && !v.equals("-")) {
              b.append(b.length() == 0 ? "" : " ")
                  .append(n.equals("queue") ? "" : n.replaceFirst("^properties\\.", "") + "=")
                  .append(v);
            }
          });
      labels.add(b.toString());
    }
    return labels;
  }
}
