package io.mqbench.runner.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.ConfigException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads a scenario's {@code workloads:} list: each item a mapping of run options (camelCase, as at
 * the top level), an optional {@code name} and optional {@code properties} (flat or nested).
 */
final class ScenarioWorkloads {
  private ScenarioWorkloads() {}

  /** A name labels results and folders: letters, digits, dots, dashes and underscores. */
  static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  /** Options no workload (nor matrix) may set: they name files or the whole invocation. */
  static final Set<String> NOT_PER_CELL = Set.of("scenario", "preset", "out");

  /**
   * @param path the file, for errors
   * @param node the {@code workloads} value
   * @param knownOptions the option names a scenario may set
   * @param axes the matrix's axes: a workload may not set one again
   * @return the workloads, in the file's order
   * @throws ConfigException naming the file and the item's key path
   */
  static List<Workload> read(Path path, JsonNode node, Set<String> knownOptions, Set<String> axes) {
    if (!node.isArray() || node.isEmpty()) {
      throw new ConfigException(
          path + ": 'workloads' must be a non-empty list of mappings of option: value");
    }
    List<Workload> workloads = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < node.size(); i++) {
      Workload w = item(path, "workloads[" + i + "]", node.get(i), knownOptions, axes);
      if (w.name().isPresent() && !names.add(w.name().get())) {
        throw new ConfigException(
            path + ": 'workloads[" + i + "].name' " + w.name().get() + " is given twice");
      }
      workloads.add(w);
    }
    return List.copyOf(workloads);
  }

  private static Workload item(
      Path path, String where, JsonNode item, Set<String> knownOptions, Set<String> axes) {
    if (!item.isObject() || item.isEmpty()) {
      throw new ConfigException(
          path + ": '" + where + "' must be a mapping of option: value (senders: 4)");
    }
    Optional<String> name = Optional.empty();
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : item.properties()) {
      String key = e.getKey();
      String at = where + "." + key;
      if (key.equals("name")) {
        name = Optional.of(name(path, at, e.getValue()));
      } else if (key.equals("properties")) {
        if (!e.getValue().isObject()) {
          throw new ConfigException(
              path + ": '" + at + "' must be a mapping of backend key: value");
        }
        Map<String, String> flat = new LinkedHashMap<>();
        flatten(path, at, "", e.getValue(), flat);
        flat.forEach((k, v) -> values.put(ScenarioFile.PROPERTY_AXIS + k, v));
      } else if (knownOptions.contains(key) && !NOT_PER_CELL.contains(key)) {
        values.put(key, value(path, at, key, e.getValue()));
      } else {
        throw new ConfigException(
            path
                + ": unknown key '"
                + at
                + "' (a workload takes name, properties and run options: "
                + String.join(", ", without(knownOptions))
                + ")");
      }
    }
    for (String key : values.keySet()) {
      if (axes.contains(key)) {
        throw new ConfigException(
            path + ": '" + where + "." + key + "' is also a matrix axis; give it in one place");
      }
    }
    return new Workload(name, values);
  }

  private static Set<String> without(Set<String> knownOptions) {
    Set<String> shown = new TreeSet<>(knownOptions);
    shown.removeAll(NOT_PER_CELL);
    return shown;
  }

  private static String name(Path path, String at, JsonNode value) {
    String name = scalar(path, at, value);
    if (!NAME.matcher(name).matches()) {
      throw new ConfigException(
          path
              + ": '"
              + at
              + "' must be letters, digits, '.', '-' or '_' (it labels results), was '"
              + name
              + "'");
    }
    return name;
  }

  /** A value; a list option's list is joined with commas, as the option takes it. */
  private static String value(Path path, String at, String key, JsonNode value) {
    if (!ScenarioFile.LIST_OPTIONS.contains(key) || !value.isArray()) {
      return scalar(path, at, value);
    }
    List<String> items = new ArrayList<>();
    for (JsonNode item : value) {
      String v = scalar(path, at, item);
      if (v.contains(",")) {
        throw new ConfigException(
            path + ": '" + at + "' items must not contain a comma ('" + v + "')");
      }
      items.add(v);
    }
    if (items.isEmpty()) {
      throw new ConfigException(path + ": '" + at + "' must not be an empty list");
    }
    return String.join(",", items);
  }

  private static void flatten(
      Path path, String at, String prefix, JsonNode node, Map<String, String> out) {
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      if (e.getValue().isObject()) {
        flatten(path, at, key, e.getValue(), out);
      } else {
        out.put(key, scalar(path, at + "." + key, e.getValue()));
      }
    }
  }

  private static String scalar(Path path, String at, JsonNode value) {
    if (!value.isValueNode() || value.isNull()) {
      throw new ConfigException(path + ": '" + at + "' must be a single value");
    }
    return value.asText();
  }
}
