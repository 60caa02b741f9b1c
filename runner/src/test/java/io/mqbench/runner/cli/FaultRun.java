package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A {@code run} with faults through the CLI, as the fault ITs make it: its exit code, what it
 * printed and its run.json.
 *
 * @param code the exit code
 * @param out standard output (the summary)
 * @param err standard error (the fault lines among the rest)
 * @param result the run's run.json
 */
record FaultRun(int code, String out, String err, RunResult result) {

  /**
   * Runs {@code run --out DIR ARGS...} in this JVM, with no warm-up unless asked for.
   *
   * @param tmp the test's directory
   * @param name the run's name, for its results folder and the test's log
   * @param args the options after {@code run}
   * @return what it did
   */
  static FaultRun of(Path tmp, String name, String... args) throws Exception {
    CliCapture cli = new CliCapture();
    Path out = Files.createDirectories(tmp.resolve(name));
    String[] all =
        Stream.concat(Stream.of("run", "--out", out.toString()), Stream.of(args))
            .toArray(String[]::new);
    int code = cli.run(Map.of(), Map.of(), all);
    System.err.println("[" + name + "] exit " + code + "\n" + cli.err());
    try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
      Optional<Path> folder = runs.filter(Files::isDirectory).findFirst();
      assertThat(folder).as("a results folder; the run said:\n" + cli.err()).isPresent();
      return new FaultRun(
          code,
          cli.out(),
          cli.err(),
          ResultsWriter.read(folder.get().resolve(ResultsWriter.RUN_JSON)));
    }
  }

  /** The action's line for the fault. */
  String line(String spec) {
    return err.lines()
        .filter(l -> l.startsWith("mqbench: fault " + spec + ": "))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line for fault " + spec + " in:\n" + err));
  }

  /** Something was sent, and every acknowledged message was received. */
  void assertNothingLost() {
    assertThat(result.totals().sent()).as(err).isPositive();
    assertThat(result.totals().lost()).as("lost; " + err).isZero();
    assertThat(result.totals().unsettled()).as("unsettled; " + err).isZero();
    assertThat(code).as(err).isNotEqualTo(ExitCodes.LOST_MESSAGES);
  }
}
