package io.mqbench.runner.cli;

import io.mqbench.runner.store.RunRecorder;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options of {@code mqbench run} about carrying its runs out rather than what they measure:
 * where results go, the backend's keys, the scenario, progress, what a failure stops, a dry run.
 */
public final class ExecutionOptions {
  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      defaultValue = "results",
      description =
          "Folder under which each run's results folder is made. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = {"--store"},
      paramLabel = "FILE|URL",
      description =
          "The results store every run is recorded in, for `mqbench history`: a SQLite file, or a"
              + " team's PostgreSQL server as jdbc:postgresql://HOST:PORT/DB?user=NAME. Default:"
              + " mqbench.db in the --out folder.")
  String store;

  @Option(
      names = {"--no-store"},
      description = "Record nothing in the results store; the results folder is written as ever.")
  boolean noStore;

  @Option(
      names = {"-p", "--property"},
      paramLabel = "KEY=VALUE",
      description = "A backend key, such as -p kafka.acks=all. Repeatable.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = {"--scenario"},
      paramLabel = "FILE",
      description = "YAML file of options and backend `properties`; flags and -D override it.")
  Path scenario;

  @Option(
      names = {"--progress"},
      paramLabel = "WHEN",
      defaultValue = "auto",
      description =
          "Live progress: auto (on a terminal), always, never. Default: ${DEFAULT-VALUE}.")
  String progress;

  @Option(
      names = {"--fail-fast"},
      description =
          "Matrix: stop at the first run that fails. By default a failed run is recorded with its"
              + " reason and the other runs go on.")
  boolean failFast;

  @Option(
      names = {"--keep-queue"},
      description = {
        "Keep the queue (topic, collection) that the runs created on a broker mqbench did not"
            + " start. By default it is removed after the last run.",
        "It is removed with what it holds, once every acknowledged message is settled; a queue"
            + " that was there before is never removed."
      })
  boolean keepQueue;

  @Option(
      names = {"--dry-run"},
      description = "Check every option, backend key and matrix cell, print the plan, run nothing.")
  boolean dryRun;

  @Option(
      names = {"-v", "--verbose"},
      description =
          "Print the harness's whole breakdown after a run (CPU by role, threads, GC, memory),"
              + " and stack traces of errors.")
  boolean verbose;

  /**
   * Checks {@code --store} without opening it, so that a bad one is refused before anything runs.
   */
  void checkStore() {
    if (!noStore) {
      RunRecorder.location(store, out);
    }
  }

  /**
   * @param err where the store's warnings go
   * @return the recorder of this invocation's runs: into the store, or nowhere with {@code
   *     --no-store}
   */
  RunRecorder recorder(PrintStream err) {
    return noStore ? RunRecorder.OFF : RunRecorder.open(RunRecorder.location(store, out), err);
  }
}
