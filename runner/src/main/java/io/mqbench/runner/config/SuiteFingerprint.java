package io.mqbench.runner.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.ConfigException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a suite's results comparable over time: a hash of everything that defines its
 * workloads, checked when the file is read. Results are kept under the suite's name, so a workload
 * that changed under the same name would mix two benchmarks in one history; a changed workload is a
 * new suite ({@code standard-2}).
 *
 * <p>The hash covers the top-level options, backend keys, matrix axes, workloads (in order, with
 * their names) and repetitions; not the queues (the {@code queue} option and axis), since running
 * the same workloads on more or fewer queues is still the same suite. Values are hashed as text, so
 * {@code 1} and {@code "1"} are alike, and nested and flat backend keys are alike.
 */
public final class SuiteFingerprint {
  private SuiteFingerprint() {}

  /** Hex digits kept of the SHA-256: 64 bits, plenty to tell a handful of suites apart. */
  public static final int LENGTH = 16;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern NUMBERED = Pattern.compile("(.*-)(\\d{1,9})");

  /**
   * @param options top-level run options by camelCase name
   * @param properties top-level backend keys in full
   * @param axes the matrix's axes and their values, in order
   * @param workloads the workloads, in order
   * @param repeat repetitions of each cell
   * @return the first {@value #LENGTH} hex digits of the SHA-256 of their canonical form
   */
  public static String of(
      Map<String, String> options,
      Map<String, String> properties,
      Map<String, List<String>> axes,
      List<Workload> workloads,
      int repeat) {
    Map<String, Object> canonical = new TreeMap<>();
    Map<String, String> opts = new TreeMap<>(options);
    opts.remove("queue");
    Map<String, List<String>> matrix = new TreeMap<>(axes);
    matrix.remove("queue");
    List<Map<String, String>> items = new ArrayList<>();
    for (Workload w : workloads) {
      Map<String, String> item = new TreeMap<>(w.values());
      w.name().ifPresent(n -> item.put("name", n));
      items.add(item);
    }
    canonical.put("options", opts);
    canonical.put("properties", new TreeMap<>(properties));
    canonical.put("matrix", matrix);
    canonical.put("workloads", items);
    canonical.put("repeat", repeat);
    try {
      byte[] text = JSON.writeValueAsString(canonical).getBytes(StandardCharsets.UTF_8);
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(text);
      return HexFormat.of().formatHex(hash).substring(0, LENGTH);
    } catch (JsonProcessingException | NoSuchAlgorithmException e) {
      throw new IllegalStateException("cannot hash a scenario: " + e.getMessage(), e);
    }
  }

  /**
   * Refuses a suite whose recorded fingerprint is missing or is not its content's, and a
   * fingerprint without a suite.
   *
   * @param path the file, for errors
   * @param suite the {@code suite} key's value, if given
   * @param recorded the {@code fingerprint} key's value, if given
   * @param computed the content's fingerprint
   * @throws ConfigException in one line saying what to write
   */
  static void check(Path path, Optional<String> suite, Optional<String> recorded, String computed) {
    if (suite.isEmpty()) {
      if (recorded.isPresent()) {
        throw new ConfigException(
            path + ": 'fingerprint' pins a suite's workloads; add 'suite: NAME' or remove it");
      }
      return;
    }
    if (recorded.isEmpty()) {
      throw new ConfigException(
          path
              + ": suite "
              + suite.get()
              + " must record its workloads' fingerprint; add fingerprint: \""
              + computed
              + "\"");
    }
    if (!recorded.get().equalsIgnoreCase(computed)) {
      throw new ConfigException(
          path
              + ": a workload of suite "
              + suite.get()
              + " changed (its fingerprint is "
              + computed
              + ", the file records "
              + recorded.get()
              + "); results under one name must stay comparable, so name the changed suite anew"
              + " (suite: "
              + nextName(suite.get())
              + ") and write fingerprint: \""
              + computed
              + "\"");
    }
  }

  /**
   * @param name a suite's name
   * @return the name a changed suite takes: {@code standard-1} gives {@code standard-2}, any other
   *     name gets {@code -2}
   */
  public static String nextName(String name) {
    Matcher m = NUMBERED.matcher(name);
    return m.matches() ? m.group(1) + (Long.parseLong(m.group(2)) + 1) : name + "-2";
  }
}
