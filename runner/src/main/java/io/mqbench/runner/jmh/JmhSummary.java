package io.mqbench.runner.jmh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.results.files.SummaryColumns;
import io.mqbench.results.files.SummaryRow;
import io.mqbench.results.files.Tables;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * JMH's JSON results ({@code -rf json}) as rows of the runner's summary: the same columns as a
 * run's {@code summary.csv} (so JMH and runner rows paste under each other), filled where a
 * benchmark says something (queue, batch, message size, messages per second sent and received),
 * empty where it does not, followed by JMH's own columns: the benchmark, its threads, its primary
 * score with its error and unit, and the error of each message rate. One row per benchmark ×
 * parameters.
 *
 * <p>Message rates come from the auxiliary counters {@code sentMessages} and {@code
 * receivedMessages} that mqbench's benchmarks keep; a benchmark without them (the harness parts)
 * has only its primary score.
 */
public final class JmhSummary {
  /** The suffix of a rate's error column. */
  private static final String ERROR = "_error";

  /** JMH's columns, after the runner's. */
  static final List<String> JMH_COLUMNS =
      List.of(
          "jmh_benchmark",
          "jmh_threads",
          "jmh_score",
          "jmh_score_error",
          "jmh_score_unit",
          SummaryColumns.SENT_MSGS_PER_S + ERROR,
          SummaryColumns.RECEIVED_MSGS_PER_S + ERROR);

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<String> headers;
  private final List<Map<String, Object>> rows;

  private JmhSummary(List<String> headers, List<Map<String, Object>> rows) {
    this.headers = headers;
    this.rows = rows;
  }

  /**
   * @param file a JMH result file written with {@code -rf json}
   * @return its rows
   * @throws IllegalArgumentException in one line if the file is missing or is not JMH's JSON
   */
  public static JmhSummary read(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(Files.readString(file));
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("no such file: " + file);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          file + " is not JSON (line " + e.getLocation().getLineNr() + ")");
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException(
          file + " is not a JMH result file (expected the JSON array written by -rf json)");
    }
    List<String> headers = new ArrayList<>(SummaryRow.headers());
    headers.addAll(JMH_COLUMNS);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (JsonNode result : root) {
      rows.add(row(file, result));
    }
    return new JmhSummary(List.copyOf(headers), List.copyOf(rows));
  }

  private static Map<String, Object> row(Path file, JsonNode result) {
    JsonNode primary = result.path("primaryMetric");
    if (!result.hasNonNull("benchmark") || !primary.has("score")) {
      throw new IllegalArgumentException(
          file + " is not a JMH result file (an entry has no benchmark or primaryMetric.score)");
    }
    JsonNode params = result.path("params");
    JsonNode secondary = result.path("secondaryMetrics");
    String benchmark = result.get("benchmark").asText();
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(SummaryColumns.QUEUE, params.has("queue") ? params.get("queue").asText() : "memory");
    row.put(SummaryColumns.CELL, shortName(benchmark) + paramsLabel(params));
    row.put(SummaryColumns.MODE, "jmh");
    if (params.has("batch")) {
      row.put(SummaryColumns.BATCH, params.get("batch").asLong());
    }
    if (params.has("inFlight")) {
      row.put(SummaryColumns.IN_FLIGHT, params.get("inFlight").asLong());
    }
    if (params.has("sizeBytes")) {
      row.put(SummaryColumns.MESSAGE_SIZE_BYTES, params.get("sizeBytes").asLong());
    }
    rate(row, secondary.path("sentMessages"), SummaryColumns.SENT_MSGS_PER_S);
    rate(row, secondary.path("receivedMessages"), SummaryColumns.RECEIVED_MSGS_PER_S);
    row.put("jmh_benchmark", benchmark);
    row.put("jmh_threads", result.path("threads").asLong());
    row.put("jmh_score", round(primary.get("score").asDouble()));
    row.put("jmh_score_error", error(primary));
    row.put("jmh_score_unit", primary.path("scoreUnit").asText());
    return row;
  }

  private static void rate(Map<String, Object> row, JsonNode metric, String column) {
    if (metric.has("score")) {
      row.put(column, round(metric.get("score").asDouble()));
      row.put(column + ERROR, error(metric));
    }
  }

  /** JMH writes "NaN" as the error of a single iteration: an empty cell, not a number. */
  private static Object error(JsonNode metric) {
    JsonNode e = metric.path("scoreError");
    return e.isNumber() && Double.isFinite(e.asDouble()) ? round(e.asDouble()) : "";
  }

  private static String shortName(String benchmark) {
    String[] parts = benchmark.split("\\.");
    return parts.length < 2
        ? benchmark
        : parts[parts.length - 2].replace("Benchmark", "") + "." + parts[parts.length - 1];
  }

  private static String paramsLabel(JsonNode params) {
    List<String> out = new ArrayList<>();
    params.properties().forEach(e -> out.add(e.getKey() + "=" + e.getValue().asText()));
    return out.isEmpty() ? "" : " " + String.join(" ", out);
  }

  private static BigDecimal round(double v) {
    return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP);
  }

  /**
   * @return the headers: the runner's summary columns, then {@link #JMH_COLUMNS}
   */
  public List<String> headers() {
    return headers;
  }

  /**
   * @return one map per benchmark × parameters, header to value; absent headers are empty cells
   */
  public List<Map<String, Object>> rows() {
    return rows;
  }

  /**
   * @return the rows as CSV with a header line
   */
  public String csv() {
    return Tables.csv(
        headers,
        rows.stream()
            .map(r -> headers.stream().map(h -> r.getOrDefault(h, "")).toArray())
            .toArray(Object[][]::new));
  }

  /**
   * Writes the rows as a one-sheet workbook ({@code jmh}), header frozen.
   *
   * @param out where it goes; not closed
   * @throws IOException if writing fails
   */
  public void xlsx(OutputStream out) throws IOException {
    Workbook wb = new Workbook(out, "mqbench", "1.0");
    Worksheet sheet = wb.newWorksheet("jmh");
    for (int c = 0; c < headers.size(); c++) {
      sheet.value(0, c, headers.get(c));
      sheet.style(0, c).bold().set();
    }
    for (int r = 0; r < rows.size(); r++) {
      for (int c = 0; c < headers.size(); c++) {
        Tables.cell(sheet, r + 1, c, rows.get(r).get(headers.get(c)));
      }
    }
    sheet.freezePane(0, 1);
    wb.finish();
  }
}
