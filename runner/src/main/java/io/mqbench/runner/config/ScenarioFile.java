package io.mqbench.runner.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A scenario file: YAML with the run's options under their long names, and the backend's keys under
 * {@code properties} (flat or nested):
 *
 * <pre>
 * queue: kafka
 * senders: 4
 * batch: 10
 * properties:
 *   kafka.acks: all
 *   kafka:
 *     partitions: 12
 * </pre>
 *
 * Unknown keys and non-scalar values are rejected with the file and the key's path.
 *
 * @param path the file
 * @param options run options by their camelCase name ({@code receiverIdle})
 * @param properties backend keys in full ({@code kafka.partitions})
 */
public record ScenarioFile(Path path, Map<String, String> options, Map<String, String> properties) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /**
   * Reads and checks a scenario file.
   *
   * @param path the file
   * @param knownOptions the option names a scenario may set (camelCase)
   * @return the scenario
   * @throws ConfigException naming the file and the offending key, or the YAML error's line
   */
  public static ScenarioFile read(Path path, Set<String> knownOptions) {
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(path));
    } catch (NoSuchFileException e) {
      throw new ConfigException("scenario file " + path + " does not exist");
    } catch (JacksonException e) {
      String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
      throw new ConfigException(
          "scenario file "
              + path
              + " is not valid YAML"
              + where
              + ": "
              + e.getOriginalMessage().lines().findFirst().orElse("").strip());
    } catch (IOException e) {
      throw new ConfigException("cannot read scenario file " + path + ": " + e.getMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      return new ScenarioFile(path, Map.of(), Map.of());
    }
    if (!root.isObject()) {
      throw new ConfigException("scenario file " + path + " must be a mapping of option: value");
    }
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
      } else if (knownOptions.contains(key)) {
        options.put(key, scalar(path, key, e.getValue()));
      } else {
        throw new ConfigException(
            path
                + ": unknown key '"
                + key
                + "' (known: "
                + String.join(", ", new java.util.TreeSet<>(knownOptions))
                + ", properties)");
      }
    }
    return new ScenarioFile(path, Map.copyOf(options), Map.copyOf(properties));
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
