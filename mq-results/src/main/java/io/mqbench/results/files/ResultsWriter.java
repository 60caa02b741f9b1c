package io.mqbench.results.files;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mqbench.engine.Tick;
import io.mqbench.results.Latency;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * Writes a run's results folder: {@code run.json} (everything), {@code summary.csv} and {@code
 * summary.xlsx} (one row), an {@code .hgrm} percentile file per latency histogram (values in
 * milliseconds, loadable in HdrHistogram's plotter), and {@code latency-by-percentile.png}.
 */
public final class ResultsWriter {
  /** File names inside a results folder. */
  public static final String RUN_JSON = "run.json",
      SUMMARY_CSV = "summary.csv",
      SUMMARY_XLSX = "summary.xlsx",
      CHART_PNG = "latency-by-percentile.png";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

  private ResultsWriter() {}

  /**
   * Writes every results file into {@code dir}, creating it. The chart is drawn last and a failure
   * to draw it is a warning, not an error.
   *
   * @param result the run's results
   * @param dir the run's results folder
   * @return warnings for the terminal, such as a chart that could not be drawn
   * @throws UncheckedIOException if a results file cannot be written
   */
  public static List<String> write(RunResult result, Path dir) {
    List<String> warnings = new java.util.ArrayList<>();
    try {
      Files.createDirectories(dir);
      JSON.writeValue(dir.resolve(RUN_JSON).toFile(), result);
      DeliveryFile.write(result, dir);
      Files.writeString(dir.resolve(SUMMARY_CSV), csv(List.of(result)), StandardCharsets.UTF_8);
      try (OutputStream out = Files.newOutputStream(dir.resolve(SUMMARY_XLSX))) {
        xlsx(List.of(result), out);
      }
      Map<String, Histogram> histograms = new LinkedHashMap<>();
      for (Map.Entry<String, Latency> e : result.latencies().entrySet()) {
        hgrm(e.getValue().histogram(), dir.resolve(hgrmFile(e.getKey())));
        histograms.put(
            RunResult.label(e.getKey(), result.rate() != null), e.getValue().histogram());
      }
      chart(LatencyChart.title(result), histograms, dir, warnings);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
    }
    return warnings;
  }

  /**
   * Writes a matrix's combined files into its folder: {@code summary.csv} and {@code summary.xlsx}
   * with one row per run (and the timelines of every run), and a chart with one end-to-end latency
   * line per run.
   *
   * @param results the matrix's runs, in order
   * @param dir the matrix's folder
   * @return warnings for the terminal
   * @throws UncheckedIOException if a results file cannot be written
   */
  public static List<String> writeMatrix(List<RunResult> results, Path dir) {
    List<String> warnings = new java.util.ArrayList<>();
    try {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(SUMMARY_CSV), csv(results), StandardCharsets.UTF_8);
      try (OutputStream out = Files.newOutputStream(dir.resolve(SUMMARY_XLSX))) {
        xlsx(results, out);
      }
      Map<String, Histogram> histograms = new LinkedHashMap<>();
      for (RunResult r : results) {
        String label = r.cellLabel() + (r.repetition() > 0 ? " #" + r.repetition() : "");
        histograms.put(label, r.latencies().get(RunResult.END_TO_END).histogram());
      }
      chart("end-to-end latency by cell", histograms, dir, warnings);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
    }
    return warnings;
  }

  private static void chart(
      String title, Map<String, Histogram> histograms, Path dir, List<String> warnings)
      throws IOException {
    try {
      LatencyChart.write(title, histograms, dir.resolve(CHART_PNG));
    } catch (IOException | RuntimeException | LinkageError e) {
      // A picture is not worth the numbers: no fonts, no AWT, or the JVM shutting down.
      Files.deleteIfExists(dir.resolve(CHART_PNG));
      warnings.add("could not draw " + CHART_PNG + ": " + e);
    }
  }

  /**
   * @param latency a latency's name, such as {@link RunResult#END_TO_END}
   * @return its percentile file's name
   */
  public static String hgrmFile(String latency) {
    return latency + ".hgrm";
  }

  /**
   * @param results one row each
   * @return the CSV text, with a header line, comma-separated, '\n' line ends
   */
  public static String csv(List<RunResult> results) {
    return Tables.csv(
        SummaryColumns.ALL.stream().map(SummaryColumns.Column::header).toList(),
        results.stream()
            .map(r -> SummaryColumns.ALL.stream().map(c -> c.value().apply(r)).toArray())
            .toArray(Object[][]::new));
  }

  /**
   * Writes the summary spreadsheet: a {@code summary} sheet with one row per cell (repetitions as
   * mean and 95 % interval, see {@code CellSummary}), a {@code runs} sheet with one row per result
   * (lost messages in red), an {@code environment} sheet and a {@code timeline} sheet with messages
   * and msgs/s per second of every result, each row labelled with its result's run id, cell and
   * repetition.
   *
   * @param results one row each
   * @param out where the workbook goes; not closed
   * @throws IOException if writing fails
   */
  public static void xlsx(List<RunResult> results, OutputStream out) throws IOException {
    Workbook wb = new Workbook(out, "mqbench", "1.0");
    io.mqbench.results.report.CellSummary.summarySheet(wb, results);
    Worksheet summary = wb.newWorksheet("runs");
    List<SummaryColumns.Column> columns = SummaryColumns.ALL;
    for (int c = 0; c < columns.size(); c++) {
      summary.value(0, c, columns.get(c).header());
      summary.style(0, c).bold().set();
    }
    for (int r = 0; r < results.size(); r++) {
      RunResult result = results.get(r);
      for (int c = 0; c < columns.size(); c++) {
        Object v = columns.get(c).value().apply(result);
        if ("".equals(v)) {
          continue; // does not apply to this run's mode
        }
        Tables.cell(summary, r + 1, c, v);
        if (columns.get(c).header().equals("lost") && result.totals().lost() > 0) {
          summary.style(r + 1, c).fillColor("FFC7CE").fontColor("9C0006").bold().set();
        }
      }
    }
    summary.freezePane(0, 1);
    timeline(wb.newWorksheet("timeline"), results);
    io.mqbench.results.report.CellSummary.environmentSheet(wb, results);
    wb.finish();
  }

  /**
   * One row per tick of every result, in order, each labelled with its run's id, cell and
   * repetition (empty outside a matrix) so a matrix's runs can be told apart and filtered.
   */
  private static void timeline(Worksheet sheet, List<RunResult> results) {
    String[] headers = {
      "run_id",
      "cell",
      "repetition",
      "second",
      "seconds",
      "messages_sent",
      "messages_received",
      "sent_msgs_per_s",
      "received_msgs_per_s",
      "in_flight"
    };
    for (int c = 0; c < headers.length; c++) {
      sheet.value(0, c, headers[c]);
      sheet.style(0, c).bold().set();
    }
    int row = 1;
    for (RunResult result : results) {
      for (Tick t : result.timeline()) {
        sheet.value(row, 0, result.runId());
        if (!result.cellLabel().isEmpty()) {
          sheet.value(row, 1, result.cellLabel());
        }
        if (result.repetition() > 0) {
          sheet.value(row, 2, result.repetition());
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

  private static void hgrm(Histogram micros, Path file) throws IOException {
    try (PrintStream out =
        new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      if (micros.getTotalCount() == 0) {
        out.println("#[No values recorded]");
      } else {
        micros.outputPercentileDistribution(out, 5, 1000.0);
      }
    }
  }

  /**
   * Reads back a {@code run.json}.
   *
   * @param file the file
   * @return its tree
   * @throws IOException if it cannot be read
   */
  public static com.fasterxml.jackson.databind.JsonNode readJson(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }
}
