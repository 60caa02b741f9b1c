package io.mqbench.runner.cli.terminal;

import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.report.CellFigures;
import io.mqbench.results.report.CellSummary;
import io.mqbench.results.report.Reports;
import io.mqbench.results.report.RunFigures;
import io.mqbench.runner.cli.process.Invocation;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a matrix adds at its end to the per-run table: its repetitions aggregated per cell ({@code
 * cells.csv} and the terminal), and its {@code report.html}; and the name of its folder, which says
 * what it compares.
 */
public final class MatrixSummary {
  private MatrixSummary() {}

  /**
   * Writes {@code cells.csv} and {@code report.html}, and prints the cells' table when cells were
   * repeated. A report that cannot be drawn is a warning: the numbers are already written.
   */
  public static void write(
      List<RunResult> results, Path folder, boolean repeated, Invocation invocation) {
    if (results.isEmpty()) {
      return;
    }
    List<RunFigures> runs = new ArrayList<>();
    String source = String.valueOf(folder.getFileName());
    results.forEach(r -> runs.add(RunFigures.of(r, source)));
    List<CellFigures> cells = CellFigures.of(runs);
    try {
      Files.writeString(
          folder.resolve(CellSummary.CELLS_CSV), CellSummary.csv(cells), StandardCharsets.UTF_8);
    } catch (IOException e) {
      invocation.err().println("mqbench: warning: could not write cells.csv: " + e.getMessage());
    }
    if (repeated) {
      CellSummary.print(cells, invocation.out());
    }
    try {
      Path report = Reports.writeOf(results, folder, folder.resolve(Reports.REPORT_HTML));
      invocation.out().println("report     " + report);
    } catch (RuntimeException | LinkageError e) {
      invocation.err().println("mqbench: warning: could not write the report: " + e);
    }
  }

  /** The longest name before {@code -matrix}: folder names stay readable in a listing. */
  public static final int MAX_NAME = 50;

  /**
   * @param queueOfEachRun the backend of each of a matrix's runs
   * @param cells the cell of each of its runs
   * @return the folder's name after what it compares: {@code kafka-vs-rabbitmq-matrix}, {@code
   *     kafka-by-senders-batch-matrix}, {@code memory-matrix} for repetitions only; with more
   *     queues than fit in {@value #MAX_NAME} characters, the first whole names and how many more
   *     ({@code kafka-vs-kafka-share-vs-rabbitmq-and-5-more-matrix})
   */
  public static String folderName(List<String> queueOfEachRun, List<Map<String, String>> cells) {
    Set<String> queues = new LinkedHashSet<>(queueOfEachRun);
    Map<String, Set<String>> axes = new LinkedHashMap<>();
    for (Map<String, String> cell : cells) {
      cell.forEach((k, v) -> axes.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
    }
    List<String> varied = new ArrayList<>();
    axes.forEach(
        (k, v) -> {
          if (v.size() > 1 && !k.equals("queue")) {
            varied.add(k.replaceFirst("^properties\\.", ""));
          }
        });
    List<String> names = new ArrayList<>(queues);
    String compared = String.join("-vs-", names);
    for (int shown = names.size() - 1; compared.length() > MAX_NAME && shown >= 1; shown--) {
      compared =
          String.join("-vs-", names.subList(0, shown)) + "-and-" + (names.size() - shown) + "-more";
    }
    String name = compared + (varied.isEmpty() ? "" : "-by-" + String.join("-", varied));
    name = name.replaceAll("[^A-Za-z0-9._-]", "_");
    if (name.length() > MAX_NAME) {
      // Cut at a word, never leaving a dash before "-matrix".
      name = name.substring(0, MAX_NAME).replaceAll("[-_.]+$", "");
    }
    return name + "-matrix";
  }

  /**
   * Prints a matrix's runs, one line each.
   *
   * @param results the runs' results, in order
   * @param folder the matrix's folder
   * @param out where to print
   */
  public static void printTable(List<RunResult> results, Path folder, PrintStream out) {
    out.println();
    out.printf(
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
      out.printf(
          Locale.ROOT,
          "%-40s %4d %10s %10s %,14.0f %,14.0f %10s %,8d  %s%n",
          r.setup().cellLabel().isEmpty() ? "(single cell)" : r.setup().cellLabel(),
          r.setup().repetition(),
          r.rates().rate() == null
              ? "-"
              : String.format(Locale.ROOT, "%,.0f", r.rates().rate().targetMsgsPerSecond()),
          r.rates().rate() == null
              ? "-"
              : String.format(Locale.ROOT, "%,.0f", r.rates().rate().achievedMsgsPerSecond()),
          r.totals().sentPerSecond(),
          r.totals().receivedPerSecond(),
          p99(r),
          r.totals().lost(),
          r.statusLine());
    }
    out.println("matrix     " + folder);
  }

  /** End-to-end p99 in ms, or "-" where the run has too few values for one (or none). */
  private static String p99(RunResult r) {
    Double p99 = r.latency().byKind().get(LatencyKind.END_TO_END).p99Ms();
    return p99 == null ? "-" : String.format(Locale.ROOT, "%.3f", p99);
  }
}
