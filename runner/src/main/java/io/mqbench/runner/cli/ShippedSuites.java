package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.runner.config.ScenarioFile;
import io.mqbench.runner.config.Workload;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The benchmark suites the jar ships ({@code io/mqbench/runner/suites/NAME.yml}): scenario files
 * with a name and a fingerprint, read as any scenario is.
 */
final class ShippedSuites {
  private ShippedSuites() {}

  /** Every shipped suite, oldest first: the last is the one {@code mqbench suite} runs. */
  static final List<String> NAMES = List.of("standard-1");

  /** Where the suites are in the jar. */
  static final String FOLDER = "/io/mqbench/runner/suites/";

  /** What a run adds to its warm-up and measured time: connecting, creating queues, settling. */
  private static final Duration SETUP_PER_RUN = Duration.ofSeconds(2);

  /**
   * @return the newest suite's name
   */
  static String newest() {
    return NAMES.get(NAMES.size() - 1);
  }

  /**
   * @param name a suite's name
   * @return its file's text
   * @throws ConfigException in one line naming the shipped suites, for a name none has
   */
  static String text(String name) {
    if (!NAMES.contains(name)) {
      throw new ConfigException(
          "unknown suite '" + name + "' (shipped suites: " + String.join(", ", NAMES) + ")");
    }
    try (InputStream in = ShippedSuites.class.getResourceAsStream(FOLDER + name + ".yml")) {
      if (in == null) {
        throw new IllegalStateException("suite " + name + " is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read suite " + name + ": " + e.getMessage(), e);
    }
  }

  /**
   * @param name a suite's name
   * @return the suite, its fingerprint checked
   * @throws ConfigException for a name no suite has
   */
  static ScenarioFile read(String name) {
    return ScenarioFile.read(Path.of(name + ".yml"), text(name), scenarioOptions());
  }

  /**
   * @return the options a scenario may set, as {@code run --scenario} reads them
   */
  static Set<String> scenarioOptions() {
    Set<String> known = new TreeSet<>(RunOptionNames.all());
    known.removeAll(Set.of("scenario", "help", "version", RunHeap.OPTION));
    return known;
  }

  /**
   * @param suite a suite
   * @return about how long it takes on one queue: every workload's warm-up and measured time, and a
   *     little to set each run up, times the repetitions
   */
  static Duration perQueue(ScenarioFile suite) {
    Duration total = Duration.ZERO;
    for (Workload w : suite.workloads()) {
      total =
          total
              .plus(timeOf(suite, w, "warmup", RunOptions.DEFAULT_WARMUP_DURATION))
              .plus(timeOf(suite, w, "duration", RunOptions.DEFAULT_THROUGHPUT_DURATION))
              .plus(SETUP_PER_RUN);
    }
    return total.multipliedBy(suite.repeat());
  }

  private static Duration timeOf(
      ScenarioFile suite, Workload w, String option, Duration byDefault) {
    String value = w.values().getOrDefault(option, suite.options().get(option));
    return value == null ? byDefault : Durations.parse(value);
  }
}
