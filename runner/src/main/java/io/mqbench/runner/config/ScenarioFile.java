package io.mqbench.runner.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.ConfigException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A scenario file: YAML with the run's options under their long names, the backend's keys under
 * {@code properties} (flat or nested), and optionally a {@code matrix} of values to run every
 * combination of, and a list of {@code workloads}, each {@code repeat} times:
 *
 * <pre>
 * messages: 100000
 * properties:
 *   kafka:
 *     partitions: 12
 * matrix:
 *   queue: [kafka, rabbitmq]
 *   properties:
 *     kafka.acks: ["1", all]
 * workloads:
 *   - name: one-by-one
 *     batch: 1
 *   - name: four-by-four
 *     senders: 4
 *     receivers: 4
 *     batch: 100
 * repeat: 3
 * </pre>
 *
 * Each workload is a mapping of run options, an optional {@code name} that labels its cells, and
 * optional {@code properties}; the cells are every matrix combination times every workload, the
 * workload varying fastest. {@code faults} and {@code sweepRates} may also be YAML lists.
 *
 * <p>A <em>suite</em> is a scenario with a name ({@code suite: standard-1}) whose results are kept
 * and compared under that name: it records the {@link SuiteFingerprint} of its workloads ({@code
 * fingerprint: ...}), and a file whose content no longer gives it is refused.
 *
 * <p>Unknown keys and values of the wrong shape are rejected with the file and the key's path.
 *
 * @param path the file
 * @param options run options by their camelCase name ({@code receiverIdle})
 * @param properties backend keys in full ({@code kafka.partitions})
 * @param cells the combinations of the matrix and the workloads, in order (the last axis varies
 *     fastest, then the workload); each maps option names, and {@code properties.<key>} for backend
 *     keys, to values; one empty cell without a matrix or workloads
 * @param repeat how many times each cell runs, at least 1
 * @param labels what labels each cell in results, in the cells' order: its matrix values, then
 *     {@code workload=NAME} for a named workload or the workload's values
 * @param workloads the workloads, in order; empty when the file lists none
 * @param suite the suite's name, when the file is one
 * @param fingerprint the {@link SuiteFingerprint} of the file's content (checked for a suite)
 */
public record ScenarioFile(
    Path path,
    Map<String, String> options,
    Map<String, String> properties,
    List<Map<String, String>> cells,
    int repeat,
    List<Map<String, String>> labels,
    List<Workload> workloads,
    Optional<String> suite,
    String fingerprint) {

  /**
   * Options a scenario may give as a YAML list (the items are joined with commas, as the option
   * takes them): {@code faults: [restart-broker@10s, kill-receiver@20s]}.
   */
  public static final Set<String> LIST_OPTIONS = Set.of("faults", "sweepRates");

  /** Prefix of backend keys in a cell. */
  public static final String PROPERTY_AXIS = "properties.";

  /** Top-level keys that are not run options. */
  private static final List<String> OWN_KEYS =
      List.of("properties", "matrix", "workloads", "repeat", "suite", "fingerprint");

  public ScenarioFile {
    if (labels.size() != cells.size()) {
      throw new IllegalArgumentException("one label per cell");
    }
  }

  /** A scenario of matrix cells only: each cell is its own label, and it is no suite. */
  public ScenarioFile(
      Path path,
      Map<String, String> options,
      Map<String, String> properties,
      List<Map<String, String>> cells,
      int repeat) {
    this(
        path,
        options,
        properties,
        cells,
        repeat,
        cells,
        List.of(),
        Optional.empty(),
        SuiteFingerprint.of(options, properties, Map.of(), List.of(), repeat));
  }

  /**
   * @return whether the file defines a matrix (or repeats a single run)
   */
  public boolean isMatrix() {
    return cells.size() > 1 || repeat > 1;
  }

  /**
   * @param name an axis, such as {@code senders}
   * @return the values the matrix gives it, in order, each once
   */
  public List<String> axisValues(String name) {
    return cells.stream().map(c -> c.get(name)).filter(Objects::nonNull).distinct().toList();
  }

  /**
   * Reads and checks a scenario file.
   *
   * @param path the file
   * @param knownOptions the option names a scenario may set (camelCase)
   * @return the scenario
   * @throws ConfigException naming the file and the offending key, or the YAML error's line
   */
  public static ScenarioFile read(Path path, Set<String> knownOptions) {
    return of(path, ScenarioText.parse(path), knownOptions);
  }

  /**
   * Reads and checks a scenario given as text (a suite shipped in the jar).
   *
   * @param path what the text is called in errors
   * @param text the YAML
   * @param knownOptions the option names a scenario may set (camelCase)
   * @return the scenario
   * @throws ConfigException as {@link #read(Path, Set)}
   */
  public static ScenarioFile read(Path path, String text, Set<String> knownOptions) {
    return of(path, ScenarioText.parse(path, text), knownOptions);
  }

  private static ScenarioFile of(Path path, JsonNode root, Set<String> knownOptions) {
    Map<String, String> options = new TreeMap<>();
    Map<String, String> properties = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      if (key.equals("properties")) {
        if (!e.getValue().isObject()) {
          throw new ConfigException(
              path + ": 'properties' must be a mapping of backend key: value");
        }
        flatten(path, "", e.getValue(), properties);
      } else if (OWN_KEYS.contains(key)) {
        continue; // read below, each in its own way
      } else if (knownOptions.contains(key)
          && LIST_OPTIONS.contains(key)
          && e.getValue().isArray()) {
        listOption(path, key, e.getValue()).ifPresent(v -> options.put(key, v));
      } else if (knownOptions.contains(key)) {
        options.put(key, scalar(path, key, e.getValue()));
      } else {
        throw new ConfigException(
            path
                + ": unknown key '"
                + key
                + "' (known: "
                + String.join(", ", new TreeSet<>(knownOptions))
                + ", "
                + String.join(", ", OWN_KEYS)
                + ")");
      }
    }
    Map<String, List<String>> axes =
        root.has("matrix") ? axes(path, root.get("matrix"), knownOptions) : Map.of();
    List<Workload> workloads =
        root.has("workloads")
            ? ScenarioWorkloads.read(path, root.get("workloads"), knownOptions, axes.keySet())
            : List.of();
    int repeat = root.has("repeat") ? repeat(path, root.get("repeat")) : 1;
    Optional<String> suite = optional(path, root, "suite");
    suite.ifPresent(s -> checkSuiteName(path, s));
    String fingerprint = SuiteFingerprint.of(options, properties, axes, workloads, repeat);
    SuiteFingerprint.check(path, suite, recorded(path, root), fingerprint);
    List<Map<String, String>> combinations = combinations(axes);
    return new ScenarioFile(
        path,
        Map.copyOf(options),
        Map.copyOf(properties),
        cells(combinations, workloads, Workload::values),
        repeat,
        cells(combinations, workloads, Workload::label),
        workloads,
        suite,
        fingerprint);
  }

  private static int repeat(Path path, JsonNode v) {
    if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
      throw new ConfigException(path + ": 'repeat' must be a whole number of at least 1");
    }
    return v.asInt();
  }

  private static Optional<String> optional(Path path, JsonNode root, String key) {
    return root.has(key) ? Optional.of(scalar(path, key, root.get(key))) : Optional.empty();
  }

  /** The recorded fingerprint, as written: quoted, since YAML reads 0123 and 12e4 as numbers. */
  private static Optional<String> recorded(Path path, JsonNode root) {
    Optional<String> recorded = optional(path, root, "fingerprint");
    if (recorded.isPresent() && !root.get("fingerprint").isTextual()) {
      throw new ConfigException(
          path + ": 'fingerprint' must be quoted, as text (fingerprint: \"1a2b3c4d5e6f7a8b\")");
    }
    return recorded;
  }

  private static void checkSuiteName(Path path, String suite) {
    if (!ScenarioWorkloads.NAME.matcher(suite).matches()) {
      throw new ConfigException(
          path
              + ": 'suite' must be letters, digits, '.', '-' or '_' (it names results folders),"
              + " was '"
              + suite
              + "'");
    }
  }

  /** A list option's items joined with commas; empty for an empty list. */
  private static Optional<String> listOption(Path path, String key, JsonNode list) {
    List<String> items = new ArrayList<>();
    for (JsonNode item : list) {
      String v = scalar(path, key, item);
      if (v.contains(",")) {
        throw new ConfigException(
            path + ": '" + key + "' items must not contain a comma ('" + v + "')");
      }
      items.add(v);
    }
    return items.isEmpty() ? Optional.empty() : Optional.of(String.join(",", items));
  }

  /** The matrix's axes and their values, in the file's order. */
  private static Map<String, List<String>> axes(
      Path path, JsonNode matrix, Set<String> knownOptions) {
    if (!matrix.isObject() || matrix.isEmpty()) {
      throw new ConfigException(path + ": 'matrix' must map options to lists of values");
    }
    Map<String, List<String>> axes = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : matrix.properties()) {
      if (e.getKey().equals("properties")) {
        Map<String, JsonNode> flat = new LinkedHashMap<>();
        flattenNodes("", e.getValue(), flat);
        flat.forEach(
            (k, v) -> axes.put(PROPERTY_AXIS + k, values(path, "matrix.properties." + k, v)));
      } else if (knownOptions.contains(e.getKey())
          && !ScenarioWorkloads.NOT_PER_CELL.contains(e.getKey())) {
        axes.put(e.getKey(), values(path, "matrix." + e.getKey(), e.getValue()));
      } else {
        throw new ConfigException(
            path + ": 'matrix." + e.getKey() + "' is not an option a matrix can vary");
      }
    }
    return axes;
  }

  /**
   * Each combination with each workload's part (its values, or its label) after it, the workload
   * varying fastest.
   */
  private static List<Map<String, String>> cells(
      List<Map<String, String>> combinations,
      List<Workload> workloads,
      Function<Workload, Map<String, String>> part) {
    List<Workload> each =
        workloads.isEmpty() ? List.of(new Workload(Optional.empty(), Map.of())) : workloads;
    List<Map<String, String>> cells = new ArrayList<>();
    for (Map<String, String> combination : combinations) {
      for (Workload w : each) {
        Map<String, String> cell = new LinkedHashMap<>(combination);
        cell.putAll(part.apply(w));
        cells.add(Collections.unmodifiableMap(cell));
      }
    }
    return List.copyOf(cells);
  }

  /** Every combination of the axes, the last axis varying fastest; one empty one without axes. */
  private static List<Map<String, String>> combinations(Map<String, List<String>> axes) {
    List<Map<String, String>> cells = new ArrayList<>();
    cells.add(new LinkedHashMap<>());
    for (Map.Entry<String, List<String>> axis : axes.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> cell : cells) {
        for (String value : axis.getValue()) {
          Map<String, String> c = new LinkedHashMap<>(cell);
          c.put(axis.getKey(), value);
          next.add(c);
        }
      }
      cells = next;
    }
    return cells;
  }

  private static void flattenNodes(String prefix, JsonNode node, Map<String, JsonNode> out) {
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      if (e.getValue().isObject()) {
        flattenNodes(key, e.getValue(), out);
      } else {
        out.put(key, e.getValue());
      }
    }
  }

  private static List<String> values(Path path, String key, JsonNode node) {
    if (node.isValueNode() && !node.isNull()) {
      return List.of(node.asText());
    }
    if (!node.isArray() || node.isEmpty()) {
      throw new ConfigException(path + ": '" + key + "' must be a non-empty list of values");
    }
    List<String> values = new ArrayList<>();
    for (JsonNode v : node) {
      values.add(scalar(path, key, v));
    }
    return values;
  }

  private static void flatten(Path path, String prefix, JsonNode node, Map<String, String> out) {
    for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      if (e.getValue().isObject()) {
        flatten(path, key, e.getValue(), out);
      } else {
        out.put(key, scalar(path, "properties." + key, e.getValue()));
      }
    }
  }

  private static String scalar(Path path, String key, JsonNode value) {
    if (!value.isValueNode() || value.isNull()) {
      throw new ConfigException(path + ": '" + key + "' must be a single value");
    }
    return value.asText();
  }
}
