package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.jmh.JmhSummary;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mqbench jmh}: JMH's JSON results as the runner's summary.csv and summary.xlsx. */
@Command(
    name = "jmh",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Turns a JMH result file (java -jar benchmarks/target/benchmarks.jar … -rf json -rff"
          + " jmh.json) into summary.csv and summary.xlsx with the runner's summary columns (queue,"
          + " batch, message_size_bytes, sent_msgs_per_s, received_msgs_per_s, …) followed by"
          + " JMH's own (benchmark, threads, score, score error): one row per benchmark ×"
          + " parameters, ready to paste beside a run's rows.",
      ""
    })
final class JmhCommand implements Callable<Integer> {
  private final Invocation invocation;

  @Parameters(index = "0", paramLabel = "JMH_JSON", description = "JMH's result file (-rf json).")
  Path json;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Folder for summary.csv and summary.xlsx (default: beside JMH_JSON, named after it"
              + " with -summary).")
  Path out;

  JmhCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    JmhSummary summary;
    try {
      summary = JmhSummary.read(json);
    } catch (IllegalArgumentException e) {
      invocation.err().println("mqbench: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Path dir = out != null ? out : defaultFolder(json);
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("summary.csv"), summary.csv(), StandardCharsets.UTF_8);
      try (OutputStream xlsx = Files.newOutputStream(dir.resolve("summary.xlsx"))) {
        summary.xlsx(xlsx);
      }
    } catch (IOException e) {
      invocation.err().println("mqbench: cannot write " + dir + ": " + e.getMessage());
      return ExitCodes.FAILED;
    }
    invocation
        .out()
        .printf(
            "%d JMH results written to %s (summary.csv, summary.xlsx)%n",
            summary.rows().size(), dir);
    return ExitCodes.OK;
  }

  private static Path defaultFolder(Path json) {
    String name = json.getFileName().toString().replaceFirst("\\.json$", "");
    Path parent = json.toAbsolutePath().getParent();
    return parent.resolve(name + "-summary");
  }
}
