package io.mqbench.results.files;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.json.EngineJson;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Writes a run's results folder: {@code run.json} (everything), {@code delivery.bin}, {@code
 * summary.csv} and {@code summary.xlsx} (one row; the workbook's sheets as the caller gives them),
 * an {@code .hgrm} percentile file per latency histogram (values in milliseconds, loadable in
 * HdrHistogram's plotter), {@code latency-by-percentile.svg} ({@link LatencySvg}), and for a
 * catch-up run {@code catch-up.svg} (its timeline with the backlog, {@link CatchUpChart}), for a
 * run with faults {@code faults.svg} ({@link FaultChart}); and reads {@code run.json} back into the
 * typed {@link RunResult}.
 */
public final class ResultsWriter {
  /** File names inside a results folder. */
  public static final String RUN_JSON = "run.json",
      SUMMARY_CSV = "summary.csv",
      SUMMARY_XLSX = "summary.xlsx",
      CHART_SVG = "latency-by-percentile.svg",
      CATCH_UP_SVG = "catch-up.svg",
      FAULTS_SVG = "faults.svg";

  private static final ObjectMapper JSON =
      EngineJson.newMapper()
          .rebuild()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
          // A file of a later version may have fields this one does not know: they are skipped.
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private ResultsWriter() {}

  /**
   * Writes every results file into {@code dir}, creating it. The charts are drawn last and a
   * failure to draw one is a warning, not an error.
   *
   * @param result the run's results
   * @param dir the run's results folder
   * @param sheets the sheets of {@code summary.xlsx}, in order
   * @return warnings for the terminal, such as a chart that could not be drawn
   * @throws UncheckedIOException if a results file cannot be written
   */
  public static List<String> write(RunResult result, Path dir, List<SummaryWorkbook.Sheet> sheets) {
    List<String> warnings = new ArrayList<>();
    try {
      writeRunJson(result, dir);
      DeliveryFile.write(result, dir);
      writeSummaries(List.of(result), dir, sheets);
      Map<String, Histogram> histograms = new LinkedHashMap<>();
      for (Map.Entry<LatencyKind, Latency> e : result.latency().byKind().entrySet()) {
        hgrm(e.getValue().histogram(), dir.resolve(hgrmFile(e.getKey())));
        histograms.put(e.getKey().label(result.rates().rate() != null), e.getValue().histogram());
      }
      chart(LatencyChart.title(result), histograms, dir, warnings);
      if (result.catchUp() != null) {
        draw(CATCH_UP_SVG, to -> CatchUpChart.write(result, to), dir, warnings);
      }
      if (!result.faults().injected().isEmpty()) {
        draw(FAULTS_SVG, to -> FaultChart.write(result, to), dir, warnings);
      }
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
   * @param sheets the sheets of {@code summary.xlsx}, in order
   * @return warnings for the terminal
   * @throws UncheckedIOException if a results file cannot be written
   */
  public static List<String> writeMatrix(
      List<RunResult> results, Path dir, List<SummaryWorkbook.Sheet> sheets) {
    List<String> warnings = new ArrayList<>();
    try {
      writeSummaries(results, dir, sheets);
      Map<String, Histogram> histograms = new LinkedHashMap<>();
      for (RunResult r : results) {
        String label =
            r.setup().cellLabel()
                + (r.setup().repetition() > 0 ? " #" + r.setup().repetition() : "");
        histograms.put(label, r.latency().byKind().get(LatencyKind.END_TO_END).histogram());
      }
      chart("end-to-end latency by cell", histograms, dir, warnings);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
    }
    return warnings;
  }

  /**
   * Writes {@code run.json} into {@code dir}, creating it, in this version's format ({@link
   * RunResult#FORMAT_VERSION}) whatever version the result was read from.
   *
   * @param result the run's results
   * @param dir the run's results folder
   * @throws IOException if the file cannot be written
   */
  public static void writeRunJson(RunResult result, Path dir) throws IOException {
    Files.createDirectories(dir);
    JSON.writeValue(
        dir.resolve(RUN_JSON).toFile(),
        RunFile.of(result.withFormatVersion(RunResult.FORMAT_VERSION)));
  }

  /**
   * Reads a {@code run.json} back into the result it was written from: every figure, and each
   * latency's histogram decoded from its encoding; not the delivery bitmaps ({@code delivery.bin}
   * holds them). A file of format version 1 (without {@code formatVersion}) reads too; fields this
   * version does not know are skipped.
   *
   * @param runJson the file
   * @return its result
   * @throws ConfigException in one line naming the file if it is not a run.json
   * @throws UncheckedIOException if it cannot be read
   */
  public static RunResult read(Path runJson) {
    RunFile file;
    try {
      file = JSON.readValue(runJson.toFile(), RunFile.class);
    } catch (JsonProcessingException e) {
      String why = String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
      String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
      throw new ConfigException(runJson + " is not a run.json mqbench can read: " + why + where);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + runJson + ": " + e.getMessage(), e);
    }
    if (file == null || file.status() == null || file.totals() == null) {
      throw new ConfigException(
          runJson + " is not a run.json mqbench can read: no status or totals");
    }
    return file.toResult();
  }

  private static void writeSummaries(
      List<RunResult> results, Path dir, List<SummaryWorkbook.Sheet> sheets) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(SUMMARY_CSV), csv(results), StandardCharsets.UTF_8);
    try (OutputStream out = Files.newOutputStream(dir.resolve(SUMMARY_XLSX))) {
      SummaryWorkbook.write(results, sheets, out);
    }
  }

  private static void chart(
      String title, Map<String, Histogram> histograms, Path dir, List<String> warnings)
      throws IOException {
    draw(CHART_SVG, to -> LatencySvg.write(title, histograms, to), dir, warnings);
  }

  /** Something that draws a chart into a file. */
  private interface Drawing {
    void to(Path file) throws IOException;
  }

  /**
   * Draws a chart; a chart that cannot be drawn is a warning, since a picture is not worth the
   * numbers.
   */
  private static void draw(String file, Drawing drawing, Path dir, List<String> warnings)
      throws IOException {
    try {
      drawing.to(dir.resolve(file));
    } catch (IOException | RuntimeException | LinkageError e) {
      Files.deleteIfExists(dir.resolve(file));
      warnings.add("could not draw " + file + ": " + e);
    }
  }

  /**
   * @param latency a latency, such as {@link LatencyKind#END_TO_END}
   * @return its percentile file's name
   */
  public static String hgrmFile(LatencyKind latency) {
    return latency.key() + ".hgrm";
  }

  /**
   * @param results one row each
   * @return the CSV text, with a header line, comma-separated, '\n' line ends
   */
  public static String csv(List<RunResult> results) {
    return Tables.csv(
        SummaryRow.headers(),
        results.stream()
            .map(r -> SummaryRow.ALL.stream().map(c -> c.value().apply(r)).toArray())
            .toArray(Object[][]::new));
  }

  private static void hgrm(Histogram micros, Path file) throws IOException {
    Files.writeString(file, HgrmText.of(micros), StandardCharsets.UTF_8);
  }
}
