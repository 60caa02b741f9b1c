package io.mqbench.store;

import io.mqbench.results.FaultResult;
import io.mqbench.results.RunResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A workload's identity: the settings that define the load a run put on a queue, so that runs of
 * the same load meet in one series whoever ran them and wherever. The queue, the backend's keys,
 * the durability and the host are not part of it: they are what a series is kept apart by, or what
 * may explain why it moved.
 */
public final class Workload {
  /** Settings that say how the harness behaves, not what load it makes. */
  private static final Set<String> NOT_LOAD = Set.of("seed", "connectTimeout");

  private Workload() {}

  /**
   * @param result a run
   * @return its workload's settings, sorted by name, as {@code name=value} joined by spaces; the
   *     faults injected, if any, as {@code faults=kind@seconds:target,...}
   */
  public static String describe(RunResult result) {
    Map<String, String> load = new TreeMap<>(result.setup().settings().asMap());
    load.keySet().removeAll(NOT_LOAD);
    if (!result.faults().injected().isEmpty()) {
      load.put(
          "faults",
          result.faults().injected().stream()
              .map(Workload::fault)
              .collect(Collectors.joining(",")));
    }
    return load.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }

  /**
   * @param description a workload as {@link #describe} gives it
   * @return its identity: the first 12 hex digits of its SHA-256
   */
  public static String id(String description) {
    return sha256(description).substring(0, 12);
  }

  private static String fault(FaultResult f) {
    return f.kind() + "@" + Math.round(f.scheduledSeconds()) + "s:" + f.target();
  }

  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
