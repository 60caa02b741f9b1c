package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.results.compare.Comparison;
import io.mqbench.results.compare.ComparisonTable;
import io.mqbench.results.compare.Comparisons;
import io.mqbench.results.compare.Figure;
import io.mqbench.results.report.Reports;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mqbench compare BASELINE CANDIDATE}: each figure of each cell, candidate against baseline,
 * with its 95 % interval and a verdict; exit code {@link ExitCodes#REGRESSION} for CI when a figure
 * regressed beyond the threshold, {@link ExitCodes#INCONCLUSIVE} when nothing did but some figure
 * could not be told. Bad input is refused before anything is printed or written.
 */
// Descriptions are format strings to picocli: a percent sign is written %% (issue 22, point 8).
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compares a candidate's results with a baseline's, cell by cell and figure by figure, with"
          + " 95 %% confidence intervals, and exits 7 when the candidate regressed, 8 when it could"
          + " not tell.",
      "",
      "Each results folder holds one run, a matrix or a sweep. Cells are matched on queue, mode, senders, receivers,"
          + " batch (and whether every batch is full, --fixed-batch), size, rate and every"
          + " matrix axis; a cell on one side only is listed. For"
          + " each figure: both means, the difference (candidate - baseline, absolute and in %% of"
          + " the baseline) with its 95 %% confidence interval by Welch's t over the repetitions,"
          + " and a verdict: better, worse, no change (the interval holds 0 and stays within"
          + " --threshold on the worse side), inconclusive (it holds 0 but reaches beyond"
          + " --threshold on the worse side: shown with the smallest change the runs could"
          + " detect, the interval's half-width), or cannot judge (a side has one run: repeat"
          + " each cell, repeat: 3 in a scenario file). Settings, versions and machine that"
          + " differ between the sides are listed first.",
      "",
      "Exit code: 0 no regression, every figure judged; 7 a regression: a worse figure whose"
          + " whole interval lies beyond --threshold, or a cell that failed its verdict (lost"
          + " messages, target not met...) where the baseline passed; 8 no regression, but some"
          + " figure inconclusive or not judged; 2 bad input, refused before anything is written"
          + " (a folder that is missing or holds no run.json, the same folder twice, a run.json"
          + " of a later format, an unknown figure, no cell in common)."
    })
final class CompareCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      paramLabel = "BASELINE",
      description = "The baseline's results folder (a run, a matrix or a sweep).")
  Path baseline;

  @Parameters(
      index = "1",
      paramLabel = "CANDIDATE",
      description = "The candidate's results folder, compared with the baseline.")
  Path candidate;

  @Option(
      names = {"-t", "--threshold"},
      paramLabel = "PCT",
      defaultValue = "5",
      description =
          "A regression is a worse figure whose whole 95 %% interval lies more than PCT %% of the"
              + " baseline's mean on the worse side; 0 makes every worse figure one. Default:"
              + " ${DEFAULT-VALUE}.")
  double threshold;

  @Option(
      names = "--figures",
      paramLabel = "NAME",
      split = ",",
      description =
          "Compare only these figures, by their summary.csv column names. Default: all of"
              + " ${COMPLETION-CANDIDATES} that the runs have.",
      completionCandidates = FigureNames.class)
  List<String> figures;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      description =
          "Also write DIR/report.html: this comparison first, then the report of both folders'"
              + " runs (cells, runs, charts, environments). Default: the terminal only.")
  Path out;

  private final Invocation invocation;

  CompareCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  /** The figures' names, for the help. */
  static final class FigureNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Figure.ALL.stream().map(Figure::name).iterator();
    }
  }

  @Override
  public Integer call() {
    if (!(threshold >= 0)) {
      throw new ConfigException("--threshold must be 0 or more, was " + threshold);
    }
    List<Figure> chosen;
    try {
      chosen = figures == null ? Figure.ALL : Figure.named(figures);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--figures: " + e.getMessage());
    }
    Comparison c = Comparisons.read(baseline, candidate, threshold, chosen);
    ComparisonTable.print(c, invocation.out());
    if (out != null) {
      Path file = Comparisons.write(c, baseline, candidate, out.resolve(Reports.REPORT_HTML));
      invocation.out().println("report     " + file);
    }
    if (c.regressed()) {
      return ExitCodes.REGRESSION;
    }
    return c.couldNotTell() ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
  }
}
