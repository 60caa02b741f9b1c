package io.mqbench.runner.cli;

import io.mqbench.results.report.Reports;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mqbench report FOLDER...}: one self-contained HTML page comparing the runs found. */
// Descriptions are format strings to picocli: a percent sign is written %% (issue 22, point 8).
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes one self-contained report.html (charts embedded, no network needed to view it)"
          + " comparing every run under the given results folders: single runs, matrices and"
          + " sweeps, of one queue or several. Repeated cells are shown as mean and 95 %%"
          + " confidence interval."
    })
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FOLDER", arity = "1..*", description = "Results folders.")
  List<Path> folders;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "FILE",
      description =
          "The report's file. Default: report.html in the folder when one is given, else in the"
              + " current directory.")
  Path out;

  private final Invocation invocation;

  ReportCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    Path file =
        out != null
            ? out
            : folders.size() == 1
                ? folders.get(0).resolve(Reports.REPORT_HTML)
                : Path.of(Reports.REPORT_HTML);
    Reports.write(folders, file);
    invocation.out().println("report     " + file);
    return ExitCodes.OK;
  }
}
