package io.mqbench.runner.cli.setting;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Suggestions;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Refuses settings that would otherwise be ignored without a word: an {@code MQBENCH_*} environment
 * variable that names no option and no backend, and a {@code -D} property that is a near miss of an
 * option ({@code -Dsender=4}). Other {@code -D} properties pass: the JVM's and Maven's own ({@code
 * -DskipTests}, {@code -Dexec.args}) live in the same namespace.
 */
public final class StrictInputs {
  /** Words people use for an option under another name. */
  private static final Map<String, String> SYNONYMS =
      Map.of(
          "threads", "senders",
          "producers", "senders",
          "consumers", "receivers",
          "count", "messages",
          "msgs", "messages",
          "messagesize", "size",
          "batchsize", "batch",
          "inflight", "inFlight",
          "warmUp", "warmup");

  /** Maven's and the JVM's own undotted properties, never taken for near misses. */
  private static final Set<String> FOREIGN =
      Set.of("skip", "skipTests", "skipITs", "test", "debug", "offline", "quiet", "revision");

  private StrictInputs() {}

  /**
   * @param environment the environment variables
   * @param systemProperties the system properties
   * @param options the run options' camelCase names
   * @param backends the backends' names
   * @throws ConfigException naming the first unknown variable or near-miss property, with a
   *     suggestion
   */
  public static void check(
      Map<String, String> environment,
      Map<String, String> systemProperties,
      Set<String> options,
      Collection<String> backends) {
    Map<String, String> env = new TreeMap<>(environment);
    Map<String, String> envOptions = new TreeMap<>();
    options.forEach(o -> envOptions.put(SettingSources.envName(o), o));
    for (String name : env.keySet()) {
      if (!name.startsWith("MQBENCH_") || envOptions.containsKey(name)) {
        continue;
      }
      String rest = name.substring("MQBENCH_".length());
      boolean backendKey =
          backends.stream()
              .anyMatch(b -> rest.startsWith(b.toUpperCase(Locale.ROOT).replace('-', '_') + "_"));
      if (backendKey) {
        continue; // checked with the backend's keys, with their own suggestions
      }
      Optional<String> near = Suggestions.closest(name, envOptions.keySet());
      throw new ConfigException(
          "environment variable "
              + name
              + " is not an mqbench option"
              + near.map(n -> "; did you mean " + n + "?").orElse("")
              + " (MQBENCH_<OPTION> for options, MQBENCH_<QUEUE>_<KEY> for backend keys)");
    }
    for (String name : new TreeMap<>(systemProperties).keySet()) {
      if (name.contains(".") || options.contains(name) || FOREIGN.contains(name)) {
        continue;
      }
      Optional<String> meant =
          Optional.ofNullable(SYNONYMS.get(name))
              .or(() -> Optional.ofNullable(SYNONYMS.get(name.toLowerCase(Locale.ROOT))))
              .or(() -> nearMiss(name, options));
      if (meant.isPresent()) {
        throw new ConfigException(
            "-D" + name + " is not an option; did you mean -D" + meant.get() + "?");
      }
    }
  }

  /**
   * The option a property was probably meant to be: the same ignoring case and dashes, or within
   * the edit distance of a typo (one edit for names of up to four letters, which are too short to
   * tell a typo from another word).
   */
  private static Optional<String> nearMiss(String name, Set<String> options) {
    String folded = fold(name);
    for (String o : options) {
      if (fold(o).equals(folded)) {
        return Optional.of(o);
      }
    }
    Optional<String> near = Suggestions.closest(name, options);
    if (near.isPresent() && name.length() <= 4) {
      return near.filter(n -> Suggestions.editDistance(n, name) <= 1);
    }
    return near;
  }

  private static String fold(String s) {
    return s.replaceAll("[-_]", "").toLowerCase(Locale.ROOT);
  }
}
