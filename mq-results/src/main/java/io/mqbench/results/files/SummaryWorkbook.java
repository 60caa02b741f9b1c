package io.mqbench.results.files;

import io.mqbench.engine.Tick;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * {@code summary.xlsx}, made of sheets: the ones here say what each run measured (the {@code runs}
 * sheet, one row per result with the columns of {@code summary.csv}; the {@code timeline} sheet;
 * the {@code environment} sheet); a report adds its own before them (the per-cell {@code summary}
 * sheet), so this package never needs the report's.
 */
public final class SummaryWorkbook {
  /** A sheet of the workbook, written from the results it summarises. */
  @FunctionalInterface
  public interface Sheet {
    /**
     * @param wb the workbook, to add the sheet to
     * @param results the runs, in order
     */
    void addTo(Workbook wb, List<RunResult> results);
  }

  /** One row per result, with {@link SummaryRow#ALL}, lost messages in red. */
  public static final Sheet RUNS = SummaryWorkbook::runs;

  /** Messages and msgs/s per second of every result. */
  public static final Sheet TIMELINE = SummaryWorkbook::timeline;

  /** Where each run ran, with which versions and backend configuration. */
  public static final Sheet ENVIRONMENT = SummaryWorkbook::environment;

  /** The timeline sheet's columns, in order. */
  static final List<String> TIMELINE_COLUMNS =
      List.of(
          SummaryColumns.RUN_ID,
          SummaryColumns.CELL,
          SummaryColumns.REPETITION,
          SummaryColumns.SECOND,
          SummaryColumns.SECONDS,
          SummaryColumns.MESSAGES_SENT,
          SummaryColumns.MESSAGES_RECEIVED,
          SummaryColumns.SENT_MSGS_PER_S,
          SummaryColumns.RECEIVED_MSGS_PER_S,
          SummaryColumns.IN_FLIGHT);

  private SummaryWorkbook() {}

  /**
   * Writes the workbook.
   *
   * @param results the runs, in order
   * @param sheets its sheets, in order
   * @param out where the workbook goes; not closed
   * @throws IOException if writing fails
   */
  public static void write(List<RunResult> results, List<Sheet> sheets, OutputStream out)
      throws IOException {
    Workbook wb = new Workbook(out, "mqbench", "1.0");
    for (Sheet sheet : sheets) {
      sheet.addTo(wb, results);
    }
    wb.finish();
  }

  /**
   * Writes a header cell for people: bold on a light fill, wrapped, with its column's width.
   *
   * @param sheet the sheet
   * @param column the column, from 0
   * @param text the header
   * @param width the column's width, in characters
   */
  public static void header(Worksheet sheet, int column, String text, double width) {
    sheet.value(0, column, text);
    sheet.style(0, column).bold().fillColor("DDEBF7").wrapText(true).set();
    sheet.width(column, width);
  }

  private static void runs(Workbook wb, List<RunResult> results) {
    Worksheet sheet = wb.newWorksheet("runs");
    List<SummaryColumns.Column> columns = SummaryRow.ALL;
    for (int c = 0; c < columns.size(); c++) {
      sheet.value(0, c, columns.get(c).header());
      sheet.style(0, c).bold().set();
    }
    for (int r = 0; r < results.size(); r++) {
      RunResult result = results.get(r);
      for (int c = 0; c < columns.size(); c++) {
        Object v = columns.get(c).value().apply(result);
        if ("".equals(v)) {
          continue; // does not apply to this run's mode
        }
        Tables.cell(sheet, r + 1, c, v);
        if (columns.get(c).header().equals(SummaryColumns.LOST) && result.totals().lost() > 0) {
          sheet.style(r + 1, c).fillColor("FFC7CE").fontColor("9C0006").bold().set();
        }
      }
    }
    sheet.freezePane(0, 1);
  }

  /**
   * One row per tick of every result, in order, each labelled with its run's id, cell and
   * repetition (empty outside a matrix) so a matrix's runs can be told apart and filtered.
   */
  private static void timeline(Workbook wb, List<RunResult> results) {
    Worksheet sheet = wb.newWorksheet("timeline");
    for (int c = 0; c < TIMELINE_COLUMNS.size(); c++) {
      sheet.value(0, c, TIMELINE_COLUMNS.get(c));
      sheet.style(0, c).bold().set();
    }
    int row = 1;
    for (RunResult result : results) {
      for (Tick t : result.rates().timeline()) {
        sheet.value(row, 0, result.runId());
        if (!result.setup().cellLabel().isEmpty()) {
          sheet.value(row, 1, result.setup().cellLabel());
        }
        if (result.setup().repetition() > 0) {
          sheet.value(row, 2, result.setup().repetition());
        }
        sheet.value(row, 3, t.second());
        // The last tick is usually shorter than a second: its length makes its rate readable.
        sheet.value(row, 4, t.seconds());
        sheet.value(row, 5, t.sentInSecond());
        sheet.value(row, 6, t.receivedInSecond());
        sheet.value(row, 7, SummaryColumns.round(t.sentPerSecond(), 1));
        sheet.value(row, 8, SummaryColumns.round(t.receivedPerSecond(), 1));
        sheet.value(row, 9, t.inFlight());
        row++;
      }
    }
    sheet.freezePane(0, 1);
  }

  /**
   * Where each run ran and with which versions and backend configuration (secrets are already
   * hidden in results), one row per value.
   */
  private static void environment(Workbook wb, List<RunResult> results) {
    Worksheet sheet = wb.newWorksheet("environment");
    header(sheet, 0, SummaryColumns.RUN_ID, 12);
    header(sheet, 1, SummaryColumns.CELL, 30);
    header(sheet, 2, SummaryColumns.KEY, 30);
    header(sheet, 3, SummaryColumns.VALUE, 60);
    int row = 1;
    for (RunResult r : results) {
      for (Map.Entry<String, String> e : environmentOf(r).entrySet()) {
        sheet.value(row, 0, r.runId());
        sheet.value(row, 1, r.setup().cellLabel());
        sheet.value(row, 2, e.getKey());
        sheet.value(row, 3, e.getValue());
        row++;
      }
    }
    sheet.freezePane(0, 1);
  }

  /**
   * @param r a run
   * @return where it ran, as people read it: its environment, then its backend's configuration
   *     ({@code backend <key>}), then where the backend connected ({@code target})
   */
  public static Map<String, String> environmentOf(RunResult r) {
    Map<String, String> all = new LinkedHashMap<>(r.setup().environment().asMap());
    r.setup().backendConfig().forEach((k, v) -> all.put("backend " + k, v));
    all.put(SummaryColumns.TARGET, r.target());
    return all;
  }
}
