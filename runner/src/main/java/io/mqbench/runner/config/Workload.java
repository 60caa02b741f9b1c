package io.mqbench.runner.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One item of a scenario's {@code workloads:} list: run options that belong together (a shape of
 * load), run once for each matrix combination.
 *
 * @param name its label ({@code throughput-1x1}), which names its cells in results; empty when the
 *     item has none, and its values label them instead
 * @param values run options by camelCase name, and backend keys as {@code properties.<key>}, in the
 *     file's order
 */
public record Workload(Optional<String> name, Map<String, String> values) {

  /** The label a workload's cells carry: {@code workload=throughput-1x1}. */
  public static final String LABEL_KEY = "workload";

  public Workload {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /**
   * @return what identifies its cells: {@code workload=NAME}, or its values when it has no name
   */
  public Map<String, String> label() {
    return name.map(n -> Map.of(LABEL_KEY, n)).orElse(values);
  }

  /**
   * @return its values in one line, such as {@code senders=4 batch=100 kafka.acks=all}
   */
  public String describe() {
    return values.entrySet().stream()
        .map(e -> e.getKey().replaceFirst("^properties\\.", "") + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }
}
