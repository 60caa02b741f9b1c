package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.history.GateOptions;
import io.mqbench.history.GateResult;
import io.mqbench.history.History;
import io.mqbench.history.HistoryOptions;
import io.mqbench.history.HistoryPage;
import io.mqbench.history.HistoryTable;
import io.mqbench.history.Series;
import io.mqbench.results.compare.Figure;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.store.RememberedGate;
import io.mqbench.store.ResultsStore;
import io.mqbench.store.StoreLocation;
import io.mqbench.store.StoredRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code mqbench history}: the stored runs as series of one workload on one queue and one host,
 * their trends and change points, in the terminal and on a page; with {@code --check}, the
 * regression gate over each series' newest batch.
 */
// Descriptions are format strings to picocli: a percent sign is written %%.
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Shows every run of the results store as series: one workload (the settings that define"
          + " the load) on one queue and one host fingerprint (CPU model, cores, memory, kernel,"
          + " disk), oldest first. Runs of other hosts make series of their own unless"
          + " --all-hosts. Per series: its batches (one invocation's repetitions), the trend, and"
          + " the changes a permutation test finds in it, each with what moved between the runs"
          + " before and after (mqbench's version or commit, client and broker versions, backend"
          + " keys, durability, cluster, host). Writes history.html beside the store (--out).",
      "",
      "--check is the regression gate for CI: each series' newest batch against its baseline,"
          + " the runs since the last change before it (at most --window), figure by figure with"
          + " 95 %% intervals as `mqbench compare` judges them.",
      "",
      "Exit code: 0 shown, or the gate passed; 7 a series regressed beyond --threshold, or its"
          + " newest run failed where the baseline passed; 8 nothing regressed but some figure"
          + " could not be told (a side with fewer than 2 runs, an interval too wide); 2 bad"
          + " input.",
    })
final class HistoryCommand implements Callable<Integer> {
  @Mixin StoreOption store = new StoreOption();

  @Option(
      names = {"--queue"},
      paramLabel = "QUEUE",
      description = "Only this queue's runs.")
  String queue;

  @Option(
      names = {"--match"},
      paramLabel = "TEXT",
      description =
          "Only series whose queue, workload (its settings or its id) or host name holds TEXT.")
  String match;

  @Option(
      names = {"--all-hosts"},
      description = "One series per workload and queue across hosts, each run's host shown.")
  boolean allHosts;

  @Option(
      names = "--figures",
      paramLabel = "NAME",
      split = ",",
      description =
          "The figures shown and judged, by their summary.csv column names. Default: sent,"
              + " received and end-to-end msgs/s and end-to-end p99.")
  List<String> figures;

  @Option(
      names = {"--check"},
      description = "Judge each series' newest batch against its baseline (the CI gate).")
  boolean check;

  @Option(
      names = {"--accept"},
      description =
          "--check: each series' newest batch starts a new baseline for the batches after it,"
              + " even if it is slower: an intended change (a safer setting, a new durability)."
              + " Without it, a batch judged a regression is left out of later baselines.")
  boolean accept;

  @Option(
      names = {"-t", "--threshold"},
      paramLabel = "PCT",
      defaultValue = "5",
      description =
          "--check: a regression is a worse figure whose whole 95 %% interval lies more than PCT"
              + " %% of the baseline's mean on the worse side. Default: ${DEFAULT-VALUE}.")
  double threshold;

  @Option(
      names = {"--window"},
      paramLabel = "RUNS",
      defaultValue = "10",
      description =
          "--check: the most runs of the baseline, the newest since the last change point."
              + " Default: ${DEFAULT-VALUE}.")
  int window;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      description =
          "Where history.html goes. Default: the store's folder, or the current one for a"
              + " server.")
  Path out;

  private final Invocation invocation;

  HistoryCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  /**
   * @param invocation streams, environment and properties
   * @return the command with {@code import} and {@code export} under it
   */
  static CommandLine withSubcommands(Invocation invocation) {
    return new CommandLine(new HistoryCommand(invocation))
        .addSubcommand("import", new HistoryImportCommand(invocation))
        .addSubcommand("export", new HistoryExportCommand(invocation));
  }

  @Override
  public Integer call() {
    HistoryOptions options = options();
    if (!(threshold >= 0)) {
      throw new ConfigException("--threshold must be 0 or more, was " + threshold);
    }
    if (window < 2) {
      throw new ConfigException("--window must be 2 runs or more, was " + window);
    }
    ResultsStore s = store.existing();
    List<StoredRun> runs = s.runs(queue);
    List<Series> series = History.of(runs, options).stream().filter(x -> x.matches(match)).toList();
    if (series.isEmpty()) {
      throw new ConfigException(
          "no stored run "
              + (queue == null && match == null ? "" : "matches " + filter() + " ")
              + "in "
              + s.shown()
              + (runs.isEmpty() ? ": the store is empty" : ""));
    }
    if (accept && !check) {
      throw new ConfigException("--accept goes with --check: it records what the gate judged");
    }
    GateResult gate =
        check
            ? RememberedGate.check(
                s, series, options, new GateOptions(threshold, window, List.of()), accept)
            : null;
    HistoryTable.print(series, gate, invocation.out());
    Path page = pageFolder().resolve("history.html");
    try {
      HistoryPage.write(new HistoryPage.Header(s.shown(), filter()), series, gate, page);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + page + ": " + e.getMessage(), e);
    }
    invocation.out().println("page       " + page);
    if (gate == null) {
      return ExitCodes.OK;
    }
    return switch (gate.outcome()) {
      case REGRESSED -> ExitCodes.REGRESSION;
      case INCONCLUSIVE -> ExitCodes.INCONCLUSIVE;
      case PASSED -> ExitCodes.OK;
    };
  }

  private HistoryOptions options() {
    HistoryOptions o = HistoryOptions.defaults().withAllHosts(allHosts);
    if (figures == null) {
      return o;
    }
    try {
      return o.withFigures(Figure.named(figures));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--figures: " + e.getMessage());
    }
  }

  private String filter() {
    String q = queue == null ? "" : "queue " + queue;
    String m = match == null ? "" : "'" + match + "'";
    return (q + (q.isEmpty() || m.isEmpty() ? "" : ", ") + m).strip();
  }

  private Path pageFolder() {
    Path dir = out;
    if (dir == null) {
      Path file = StoreLocation.parse(store.store).file();
      dir = file != null && file.getParent() != null ? file.getParent() : Path.of("");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ConfigException("--out " + dir + ": cannot make it (" + e.getMessage() + ")");
    }
    return dir;
  }
}
