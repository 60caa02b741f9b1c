package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.Invocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** The CLI run in the test's JVM with its standard output and error captured. */
final class CliCapture {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /**
   * @param env environment variables
   * @param systemProperties {@code -D} properties
   * @return an invocation writing into this capture, not on a terminal
   */
  Invocation invocation(Map<String, String> env, Map<String, String> systemProperties) {
    return new Invocation(
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        env,
        systemProperties,
        false);
  }

  /** Runs the CLI with {@code -D} properties as given: nothing added. */
  int runExactly(Map<String, String> env, Map<String, String> systemProperties, String... args) {
    return Main.run(args, invocation(env, systemProperties));
  }

  /**
   * Runs the CLI; tests measure nothing, so there is no warm-up and no limit probe unless they ask
   * for one.
   */
  int run(Map<String, String> env, Map<String, String> systemProperties, String... args) {
    Map<String, String> props = new TreeMap<>(systemProperties);
    props.putIfAbsent("warmup", "0s");
    props.putIfAbsent("limitProbe", "0s");
    return runExactly(env, props, args);
  }

  int run(String... args) {
    return run(Map.of(), Map.of(), args);
  }

  /**
   * A run of the memory queue for 1 s with no warm-up, its results in {@code out}.
   *
   * @param out the results folder's parent
   * @return the exit code
   */
  int runMemoryForASecond(java.nio.file.Path out) {
    return run("run", "--queue", "memory", "--duration", "1s", "--out", out.toString());
  }

  /** Forgets what was captured so far. */
  void reset() {
    out.reset();
    err.reset();
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
