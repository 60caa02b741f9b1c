package io.mqbench.runner.cli;

import io.mqbench.runner.config.ScenarioFile;
import io.mqbench.runner.results.ResultsWriter;
import io.mqbench.runner.results.RunResult;
import io.mqbench.runner.results.RunStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs every cell of a scenario's matrix, each {@code repeat} times, one after the other against
 * the same backend settings otherwise. Each run gets its own results folder inside the matrix's
 * folder; the matrix folder adds a {@code summary.csv} and {@code summary.xlsx} with one row per
 * run and a chart with one end-to-end latency line per run.
 *
 * <p>Every cell is parsed and validated before the first one runs, so a mistake in the last cell
 * does not surface after hours of running.
 */
final class MatrixRun {
  private final Invocation invocation;
  private final ScenarioFile scenario;
  private final RunCommand.CellParser parser;
  private final Path out;
  private final String queue;

  MatrixRun(
      Invocation invocation,
      ScenarioFile scenario,
      RunCommand.CellParser parser,
      Path out,
      String queue) {
    this.invocation = invocation;
    this.scenario = scenario;
    this.parser = parser;
    this.out = out;
    this.queue = queue;
  }

  int run(boolean dryRun) throws InterruptedException {
    List<Map<String, String>> cells = scenario.cells();
    List<RunCommand> commands = new ArrayList<>();
    List<RunCommand.Prepared> prepared = new ArrayList<>();
    for (Map<String, String> cell : cells) {
      RunCommand command = parser.parse(cell);
      commands.add(command);
      prepared.add(command.prepare());
    }
    int total = cells.size() * scenario.repeat();
    if (dryRun) {
      for (int c = 0; c < cells.size(); c++) {
        invocation
            .out()
            .printf(
                Locale.ROOT,
                "cell %d of %d, %d time%s: %s%n",
                c + 1,
                cells.size(),
                scenario.repeat(),
                scenario.repeat() == 1 ? "" : "s",
                RunResult.labelOf(cells.get(c)));
        commands.get(c).printPlan(prepared.get(c));
      }
      return ExitCodes.OK;
    }
    Path folder = RunCommand.resultsFolder(out, queue + "-matrix");
    invocation
        .err()
        .printf(
            Locale.ROOT,
            "mqbench: matrix of %d cell%s x %d repetition%s = %d runs, results in %s%n",
            cells.size(),
            cells.size() == 1 ? "" : "s",
            scenario.repeat(),
            scenario.repeat() == 1 ? "" : "s",
            total,
            folder);
    List<RunResult> results = new ArrayList<>();
    RunStatus worst = RunStatus.OK;
    int n = 0;
    runs:
    for (int c = 0; c < cells.size(); c++) {
      for (int rep = 1; rep <= scenario.repeat(); rep++) {
        n++;
        String label = RunResult.labelOf(cells.get(c));
        invocation
            .err()
            .printf(Locale.ROOT, "mqbench: run %d/%d: %s, repetition %d%n", n, total, label, rep);
        Path runFolder = folder.resolve(String.format(Locale.ROOT, "%03d", n));
        RunResult result = commands.get(c).runAndReport(prepared.get(c), runFolder, rep);
        results.add(result);
        commands.get(c).exitCode(result, runFolder);
        worst = worst.worst(result.status());
        if (result.status() == RunStatus.INTERRUPTED) {
          break runs;
        }
      }
    }
    ResultsWriter.writeMatrix(results, folder)
        .forEach(w -> invocation.err().println("mqbench: warning: " + w));
    printTable(results, folder);
    return worst.exitCode();
  }

  private void printTable(List<RunResult> results, Path folder) {
    invocation.out().println();
    invocation
        .out()
        .printf(
            Locale.ROOT,
            "%-40s %4s %10s %10s %14s %14s %10s %8s  %s%n",
            "cell",
            "rep",
            "target/s",
            "achieved/s",
            "sent msgs/s",
            "recv msgs/s",
            "e2e p99 ms",
            "lost",
            "status");
    for (RunResult r : results) {
      invocation
          .out()
          .printf(
              Locale.ROOT,
              "%-40s %4d %10s %10s %,14.0f %,14.0f %10.3f %,8d  %s%n",
              r.cellLabel().isEmpty() ? "(single cell)" : r.cellLabel(),
              r.repetition(),
              r.rate() == null
                  ? "-"
                  : String.format(Locale.ROOT, "%,.0f", r.rate().targetMsgsPerSecond()),
              r.rate() == null
                  ? "-"
                  : String.format(Locale.ROOT, "%,.0f", r.rate().achievedMsgsPerSecond()),
              r.totals().sentPerSecond(),
              r.totals().receivedPerSecond(),
              r.latencies().get(RunResult.END_TO_END).p99Ms(),
              r.totals().lost(),
              r.statusLine());
    }
    invocation.out().println("matrix     " + folder);
  }
}
