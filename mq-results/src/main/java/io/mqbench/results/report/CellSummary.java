package io.mqbench.results.report;

import io.mqbench.engine.RunSettings;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.SummaryColumns;
import io.mqbench.results.files.SummaryWorkbook;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * Repetitions aggregated per cell, as people read them: {@code cells.csv}, the terminal table, and
 * the {@code summary} sheet of {@code summary.xlsx}, its first ({@link ResultsFolder}). Each figure
 * is the mean of the cell's repetitions with the half-width of its 95 % confidence interval
 * (Student's t), empty with a single repetition.
 */
public final class CellSummary {
  /** The aggregated CSV's file name. */
  public static final String CELLS_CSV = "cells.csv";

  /**
   * A column of figures: its name and how a cell gives it.
   *
   * @param name header stem; the CSV has {@code <name>_mean} and {@code <name>_ci95}
   * @param decimals decimals shown
   * @param value the cell's estimate
   */
  record Figure(String name, int decimals, Function<CellFigures, Estimate> value) {}

  static final List<Figure> FIGURES = figures();

  private CellSummary() {}

  private static List<Figure> figures() {
    List<Figure> f = new ArrayList<>();
    f.add(new Figure(SummaryColumns.SENT_MSGS_PER_S, 1, CellFigures::sent));
    f.add(new Figure(SummaryColumns.RECEIVED_MSGS_PER_S, 1, CellFigures::received));
    f.add(new Figure(SummaryColumns.END_TO_END_MSGS_PER_S, 1, CellFigures::endToEnd));
    f.add(new Figure(SummaryColumns.ACHIEVED_MSGS_PER_S, 1, CellFigures::achieved));
    for (LatencyKind latency :
        List.of(LatencyKind.END_TO_END, LatencyKind.RESPONSE, LatencyKind.SEND)) {
      for (String p :
          List.of(
              Latency.P50, Latency.P90, Latency.P99, Latency.P99_9, Latency.P99_99, Latency.MAX)) {
        f.add(new Figure(SummaryColumns.latency(latency, p), 3, c -> c.latency(latency, p)));
      }
    }
    return List.copyOf(f);
  }

  /** The cell's keys before its figures: what it is, how it went, and its main settings. */
  private static final List<String> KEYS =
      List.of(
          SummaryColumns.QUEUE,
          SummaryColumns.CELL,
          SummaryColumns.RUNS,
          SummaryColumns.VERDICT,
          SummaryColumns.MODE,
          SummaryColumns.SENDERS,
          SummaryColumns.RECEIVERS,
          SummaryColumns.BATCH,
          SummaryColumns.SIZE,
          SummaryColumns.RATE);

  private static Object key(CellFigures c, String key) {
    RunSettings s = c.first().settings().run();
    return switch (key) {
      case SummaryColumns.QUEUE -> c.queue();
      case SummaryColumns.CELL -> c.first().cellLabel();
      case SummaryColumns.RUNS -> (long) c.runs().size();
      case SummaryColumns.VERDICT -> c.verdict().label();
      case SummaryColumns.MODE -> s.mode().label();
      case SummaryColumns.SENDERS -> (double) s.senders();
      case SummaryColumns.RECEIVERS -> (double) s.receivers();
      case SummaryColumns.BATCH -> (double) s.maxBatch();
      case SummaryColumns.SIZE ->
          s.messageSizes().single()
              ? (Object) (double) s.maxMessageBytes()
              : s.messageSizes().text();
      case SummaryColumns.RATE -> s.rate().isEmpty() ? "" : (Object) s.rate().get();
      default -> throw new IllegalArgumentException(key);
    };
  }

  /**
   * @param cells aggregated cells
   * @return {@code cells.csv}: one row per cell, each figure as mean and 95 % half-width
   */
  public static String csv(List<CellFigures> cells) {
    StringBuilder b = new StringBuilder(String.join(",", KEYS));
    FIGURES.forEach(
        f -> b.append(',').append(f.name()).append("_mean,").append(f.name()).append("_ci95"));
    b.append('\n');
    for (CellFigures c : cells) {
      List<String> row = new ArrayList<>();
      for (String k : KEYS) {
        Object v = key(c, k);
        row.add(csvValue(v instanceof Double d ? plain(d) : String.valueOf(v)));
      }
      for (Figure f : FIGURES) {
        Estimate e = f.value().apply(c);
        row.add(e.present() ? String.format(Locale.ROOT, "%." + f.decimals() + "f", e.mean()) : "");
        row.add(
            e.hasInterval()
                ? String.format(Locale.ROOT, "%." + f.decimals() + "f", e.halfWidth())
                : "");
      }
      b.append(String.join(",", row)).append('\n');
    }
    return b.toString();
  }

  private static String plain(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }

  private static String csvValue(String v) {
    return v.contains(",") || v.contains("\"") || v.contains("\n")
        ? "\"" + v.replace("\"", "\"\"") + "\""
        : v;
  }

  /**
   * Prints the terminal's table of cells: mean ± 95 % half-width of sent and received msgs/s and of
   * the end-to-end p50 and p99.
   *
   * @param cells aggregated cells
   * @param out the terminal
   */
  public static void print(List<CellFigures> cells, PrintStream out) {
    out.println();
    out.printf(
        Locale.ROOT,
        "%-40s %4s %24s %24s %20s %20s  %s%n",
        "cell (mean ± 95% CI)",
        "runs",
        "sent msgs/s",
        "recv msgs/s",
        "e2e p50 ms",
        "e2e p99 ms",
        "verdict");
    for (CellFigures c : cells) {
      out.printf(
          Locale.ROOT,
          "%-40s %4d %24s %24s %20s %20s  %s%n",
          c.label(),
          c.runs().size(),
          c.sent().format(0),
          c.received().format(0),
          or(c.latency(LatencyKind.END_TO_END, Latency.P50).format(3)),
          or(c.latency(LatencyKind.END_TO_END, Latency.P99).format(3)),
          c.verdict().label());
    }
  }

  private static String or(String s) {
    return s.isEmpty() ? "-" : s;
  }

  /**
   * Adds the {@code summary} sheet: one row per cell, key settings, each figure's mean and 95 %
   * half-width, the verdict; frozen header, number formats and widths.
   *
   * @param wb the workbook
   * @param results the runs
   */
  static void summarySheet(Workbook wb, List<RunResult> results) {
    List<RunFigures> runs = new ArrayList<>();
    results.forEach(r -> runs.add(RunFigures.of(r, "")));
    List<CellFigures> cells = CellFigures.of(runs);
    List<Figure> figures =
        FIGURES.stream()
            .filter(f -> cells.stream().anyMatch(c -> f.value().apply(c).present()))
            .toList();
    Worksheet s = wb.newWorksheet("summary");
    int col = 0;
    for (String k : KEYS) {
      header(
          s,
          col,
          k,
          k.equals(SummaryColumns.CELL) ? 36 : k.equals(SummaryColumns.VERDICT) ? 18 : 10);
      col++;
    }
    for (Figure f : figures) {
      header(s, col++, f.name(), 16);
      header(s, col++, "± 95% CI", 11);
    }
    for (int r = 0; r < cells.size(); r++) {
      CellFigures c = cells.get(r);
      col = 0;
      for (String k : KEYS) {
        Object v = key(c, k);
        if (v instanceof Double d) {
          s.value(r + 1, col, d);
          s.style(r + 1, col).format("#,##0").set();
        } else if (v instanceof Long l) {
          s.value(r + 1, col, l);
        } else if (!"".equals(v)) {
          s.value(r + 1, col, String.valueOf(v));
        }
        if (k.equals(SummaryColumns.VERDICT) && c.verdict().exitCode() != 0) {
          s.style(r + 1, col).fillColor("FFC7CE").fontColor("9C0006").bold().set();
        }
        col++;
      }
      for (Figure f : figures) {
        Estimate e = f.value().apply(c);
        String format = f.decimals() == 1 ? "#,##0" : "#,##0.000";
        if (e.present()) {
          s.value(r + 1, col, e.mean());
          s.style(r + 1, col).format(format).set();
        }
        if (e.hasInterval()) {
          s.value(r + 1, col + 1, e.halfWidth());
          s.style(r + 1, col + 1).format(format).fontColor("595959").set();
        }
        col += 2;
      }
    }
    s.freezePane(2, 1);
  }

  private static void header(Worksheet s, int col, String text, double width) {
    SummaryWorkbook.header(s, col, text, width);
  }
}
