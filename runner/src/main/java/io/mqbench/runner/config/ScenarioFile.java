package io.mqbench.runner.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.config.ConfigException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario file: YAML with the run's options under their long names, the backend's keys under
 * {@code properties} (flat or nested), and optionally a {@code matrix} of values to run every
 * combination of, each {@code repeat} times:
 *
 * <pre>
 * queue: kafka
 * messages: 100000
 * properties:
 *   kafka:
 *     partitions: 12
 * matrix:
 *   senders: [1, 2, 4]
 *   batch: [1, 10]
 *   properties:
 *     kafka.acks: ["1", all]
 * repeat: 3
 * </pre>
 *
 * {@code faults} and {@code sweepRates} may also be YAML lists.
 *
 * <p>Unknown keys and values of the wrong shape are rejected with the file and the key's path.
 *
 * @param path the file
 * @param options run options by their camelCase name ({@code receiverIdle})
 * @param properties backend keys in full ({@code kafka.partitions})
 * @param cells the matrix's combinations, in order (the last axis varies fastest); each maps option
 *     names, and {@code properties.<key>} for backend keys, to values; one empty cell without a
 *     matrix
 * @param repeat how many times each cell runs, at least 1
 */
public record ScenarioFile(
    Path path,
    Map<String, String> options,
    Map<String, String> properties,
    List<Map<String, String>> cells,
    int repeat) {

  /**
   * Options a scenario may give as a YAML list (the items are joined with commas, as the option
   * takes them): {@code faults: [restart-broker@10s, kill-receiver@20s]}.
   */
  public static final Set<String> LIST_OPTIONS = Set.of("faults", "sweepRates");

  /** Prefix of backend keys in a cell. */
  public static final String PROPERTY_AXIS = "properties.";

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

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /**
   * The file's text, refusing what is not text: a binary file would otherwise surface as a decoder
   * error ("Input length = 1") or as YAML nonsense.
   */
  private static String text(Path path) throws IOException {
    byte[] bytes = Files.readAllBytes(path);
    CharsetDecoder utf8 =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    String text;
    try {
      text = utf8.decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new ConfigException(
          "scenario file " + path + " is not a text file (not UTF-8" + lineOfBadByte(bytes) + ")");
    }
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      throw new ConfigException(
          "scenario file "
              + path
              + " is not a text file (a NUL byte at line "
              + (text.substring(0, nul).chars().filter(c -> c == '\n').count() + 1)
              + ")");
    }
    return text;
  }

  /** Where the first byte that is not UTF-8 is, as ", line N". */
  private static String lineOfBadByte(byte[] bytes) {
    CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
    int line = 1;
    for (int i = 0; i < bytes.length; i++) {
      int len =
          (bytes[i] & 0x80) == 0
              ? 1
              : (bytes[i] & 0xE0) == 0xC0
                  ? 2
                  : (bytes[i] & 0xF0) == 0xE0 ? 3 : (bytes[i] & 0xF8) == 0xF0 ? 4 : 0;
      if (len == 0 || i + len > bytes.length) {
        return " at line " + line;
      }
      try {
        utf8.reset().decode(ByteBuffer.wrap(bytes, i, len));
      } catch (CharacterCodingException e) {
        return " at line " + line;
      }
      if (bytes[i] == '\n') {
        line++;
      }
      i += len - 1;
    }
    return "";
  }

  /** The file as YAML; a missing file, bad YAML or a key given twice is one line. */
  private static JsonNode parse(Path path) {
    try {
      return YAML.readTree(text(path));
    } catch (NoSuchFileException e) {
      throw new ConfigException("scenario file " + path + " does not exist");
    } catch (JacksonException e) {
      String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
      Matcher duplicate =
          Pattern.compile("Duplicate field '([^']*)'")
              .matcher(String.valueOf(e.getOriginalMessage()));
      if (duplicate.find()) {
        throw new ConfigException(
            "scenario file "
                + path
                + ": '"
                + duplicate.group(1)
                + "' is given twice (the second"
                + where
                + "); which one was meant?");
      }
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
  }

  /** Refuses a file that is not a mapping of at least one option. */
  private static void checkIsAMapping(Path path, JsonNode root) {
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new ConfigException(
          "scenario file " + path + " is empty: it must set at least one option");
    }
    if (root.isValueNode()) {
      // A value node is "empty" to JsonNode.isEmpty(): a sentence would be reported as no file.
      String text = root.asText().strip();
      throw new ConfigException(
          "scenario file "
              + path
              + " must be a mapping of option: value (queue: kafka), not a line of text ('"
              + (text.length() > 40 ? text.substring(0, 39) + "…" : text)
              + "')");
    }
    if (!root.isObject()) {
      throw new ConfigException(
          "scenario file " + path + " must be a mapping of option: value, not a list");
    }
    if (root.isEmpty()) {
      throw new ConfigException(
          "scenario file " + path + " is empty: it must set at least one option");
    }
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
    JsonNode root = parse(path);
    checkIsAMapping(path, root);
    Map<String, String> options = new TreeMap<>();
    Map<String, String> properties = new TreeMap<>();
    List<Map<String, String>> cells = List.of(Map.of());
    int repeat = 1;
    for (Iterator<Map.Entry<String, JsonNode>> it = root.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      if (key.equals("properties")) {
        if (!e.getValue().isObject()) {
          throw new ConfigException(
              path + ": 'properties' must be a mapping of backend key: value");
        }
        flatten(path, "", e.getValue(), properties);
      } else if (key.equals("matrix")) {
        cells = cells(path, e.getValue(), knownOptions);
      } else if (key.equals("repeat")) {
        JsonNode v = e.getValue();
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
          throw new ConfigException(path + ": 'repeat' must be a whole number of at least 1");
        }
        repeat = v.asInt();
      } else if (knownOptions.contains(key)
          && LIST_OPTIONS.contains(key)
          && e.getValue().isArray()) {
        List<String> items = new ArrayList<>();
        for (JsonNode item : e.getValue()) {
          String v = scalar(path, key, item);
          if (v.contains(",")) {
            throw new ConfigException(
                path + ": '" + key + "' items must not contain a comma ('" + v + "')");
          }
          items.add(v);
        }
        if (!items.isEmpty()) {
          options.put(key, String.join(",", items));
        }
      } else if (knownOptions.contains(key)) {
        options.put(key, scalar(path, key, e.getValue()));
      } else {
        throw new ConfigException(
            path
                + ": unknown key '"
                + key
                + "' (known: "
                + String.join(", ", new TreeSet<>(knownOptions))
                + ", properties, matrix, repeat)");
      }
    }
    return new ScenarioFile(
        path, Map.copyOf(options), Map.copyOf(properties), List.copyOf(cells), repeat);
  }

  /** Every combination of the matrix's axes, the last axis varying fastest. */
  private static List<Map<String, String>> cells(
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
          && !List.of("scenario", "preset", "out").contains(e.getKey())) {
        axes.put(e.getKey(), values(path, "matrix." + e.getKey(), e.getValue()));
      } else {
        throw new ConfigException(
            path + ": 'matrix." + e.getKey() + "' is not an option a matrix can vary");
      }
    }
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
    return cells.stream().map(Collections::unmodifiableMap).toList();
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
