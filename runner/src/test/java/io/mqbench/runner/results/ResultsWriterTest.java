package io.mqbench.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.Tick;
import io.mqbench.engine.report.Latencies;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsWriterTest {
  @TempDir Path tmp;

  /** A result with fixed numbers: the golden files depend on every one of them. */
  static RunResult fixedResult(long lost) {
    Histogram send = Latencies.newHistogram();
    Histogram e2e = Latencies.newHistogram();
    for (long v = 1; v <= 1000; v++) {
      send.recordValue(v * 10); // 10 µs .. 10 ms
      e2e.recordValue(v * 100); // 0.1 ms .. 100 ms
    }
    Settings settings =
        new Settings(
            "throughput",
            4,
            2,
            25_000L,
            null,
            null,
            10,
            100,
            8,
            "together",
            "10s",
            "200ms",
            "0s",
            1L);
    Environment env =
        new Environment(
            "dev", "17", "vendor", "vm", "", "Linux", "host", 2, 1L << 30, 1L << 28, Map.of());
    Totals totals =
        new Totals(
            100_000,
            100_003,
            100_000 - lost,
            lost,
            3 + lost,
            0,
            0,
            2.0,
            2.5,
            50_000,
            40_001.2,
            0,
            0,
            lost > 0);
    return new RunResult(
        "0000002a",
        "2026-11-22T08:00:00Z",
        lost > 0 ? RunStatus.LOST_MESSAGES : RunStatus.OK,
        null,
        "memory",
        "in-process, \"quoted\"",
        settings,
        Map.of(),
        0,
        Map.of("memory.maxDepth", "100000"),
        env,
        totals,
        null,
        List.of(ThreadRate.of(0, 100_000, 0, 2_000_000_000L)),
        List.of(ThreadRate.of(0, 100_003, 0, 2_500_000_000L)),
        List.of(
            new Tick(1, 1, 50_000, 40_000, 50_000, 40_000),
            new Tick(2, 1, 100_000, 90_000, 50_000, 50_000),
            new Tick(3, 0.5, 100_000, 100_003, 0, 10_003)),
        java.util.Map.of(RunResult.SEND, Latency.of(send), RunResult.END_TO_END, Latency.of(e2e)));
  }

  /** The same numbers as a rate-mode run: response time and schedule lag filled in. */
  static RunResult fixedRateResult() {
    RunResult t = fixedResult(0);
    Settings s = t.settings();
    Settings settings =
        new Settings(
            "rate",
            s.senders(),
            s.receivers(),
            null,
            "30s",
            3000.0,
            1,
            s.size(),
            s.inFlight(),
            s.phases(),
            s.receiverIdle(),
            s.receiveWait(),
            s.warmup(),
            s.seed());
    Map<String, Latency> latencies = new LinkedHashMap<>();
    latencies.put(RunResult.SEND, t.latencies().get(RunResult.SEND));
    latencies.put(RunResult.RESPONSE, t.latencies().get(RunResult.END_TO_END));
    latencies.put(RunResult.SCHEDULE_LAG, t.latencies().get(RunResult.SEND));
    latencies.put(RunResult.END_TO_END, t.latencies().get(RunResult.END_TO_END));
    RunResult rate =
        new RunResult(
            "0000002b",
            t.startedAt(),
            RunStatus.HARNESS_LIMITED,
            null,
            t.queue(),
            "in-process",
            settings,
            Map.of(),
            0,
            t.backendConfig(),
            t.environment(),
            t.totals(),
            new RateReport(3000, 2999.5, 90_000, 0, true, true, "HARNESS-LIMITED: test"),
            t.senders(),
            t.receivers(),
            t.timeline(),
            latencies);
    return rate.inCell(Map.of("senders", "4"), 2);
  }

  @Test
  void summaryCsvMatchesTheGoldenFile() throws IOException {
    String golden;
    try (InputStream in = getClass().getResourceAsStream("/golden/summary.csv")) {
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    assertThat(ResultsWriter.csv(List.of(fixedResult(0), fixedRateResult()))).isEqualTo(golden);
  }

  @Test
  void spreadsheetHasTheSameColumnsAsTheCsvAndMarksLostMessages() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultsWriter.xlsx(List.of(fixedResult(7)), bytes);

    try (ReadableWorkbook wb =
        new ReadableWorkbook(new ByteArrayInputStream(bytes.toByteArray()))) {
      Sheet summary =
          wb.getSheets().filter(s -> s.getName().equals("summary")).findFirst().orElseThrow();
      List<Row> rows = summary.read();
      assertThat(rows).hasSize(2);
      List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
      assertThat(headers)
          .containsExactlyElementsOf(
              SummaryColumns.ALL.stream().map(SummaryColumns.Column::header).toList());
      Row row = rows.get(1);
      int lost = headers.indexOf("lost");
      int rate = headers.indexOf("received_msgs_per_s");
      assertThat(row.getCellAsNumber(lost).orElseThrow().intValue()).isEqualTo(7);
      assertThat(row.getCellAsNumber(rate).orElseThrow().doubleValue()).isEqualTo(40_001.2);
      assertThat(row.getCellAsString(headers.indexOf("queue")).orElseThrow()).isEqualTo("memory");
      Sheet timeline =
          wb.getSheets().filter(s -> s.getName().equals("timeline")).findFirst().orElseThrow();
      assertThat(timeline.read()).hasSize(4);
    }
    String xml = unzipEntry(bytes.toByteArray(), "xl/styles.xml");
    assertThat(xml).as("a red fill for lost messages").contains("FFC7CE");
  }

  @Test
  void timelineSheetGivesTheLastPartialSecondAsARatePerSecondOfItsLength() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultsWriter.xlsx(List.of(fixedResult(0)), bytes);

    List<Row> rows = sheet(bytes.toByteArray(), "timeline");
    List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    Row last = rows.get(3);
    assertThat(number(last, headers, "seconds")).isEqualTo(0.5);
    assertThat(number(last, headers, "messages_received")).isEqualTo(10_003);
    assertThat(number(last, headers, "received_msgs_per_s")).isEqualTo(20_006);
    assertThat(number(rows.get(1), headers, "sent_msgs_per_s")).isEqualTo(50_000);
  }

  private static List<Row> sheet(byte[] workbook, String name) throws IOException {
    try (ReadableWorkbook wb = new ReadableWorkbook(new ByteArrayInputStream(workbook))) {
      return wb.getSheets().filter(s -> s.getName().equals(name)).findFirst().orElseThrow().read();
    }
  }

  private static double number(Row row, List<String> headers, String header) {
    assertThat(headers).contains(header);
    return row.getCellAsNumber(headers.indexOf(header)).orElseThrow().doubleValue();
  }

  @Test
  void runJsonKeepsTheHistogramsLosslessly() throws IOException {
    RunResult result = fixedResult(0);
    ResultsWriter.write(result, tmp.resolve("run"));

    var json = ResultsWriter.readJson(tmp.resolve("run").resolve(ResultsWriter.RUN_JSON));
    Histogram decoded =
        Latency.decode(json.at("/latencies/end-to-end-latency/histogramBase64").asText());

    assertThat(decoded).isEqualTo(result.latencies().get(RunResult.END_TO_END).histogram());
    assertThat(json.at("/latencies/end-to-end-latency/p99Ms").asDouble())
        .isEqualTo(99.007); // 99,000 µs at 3 significant digits
    assertThat(json.at("/timeline/2/receivedInSecond").asLong()).isEqualTo(10_003);
    assertThat(json.at("/timeline/2/seconds").asDouble()).isEqualTo(0.5);
  }

  @Test
  void hgrmFilesAreInMillisecondsForTheHdrHistogramPlotter() throws IOException {
    ResultsWriter.write(fixedResult(0), tmp.resolve("run"));

    List<String> lines =
        Files.readAllLines(
            tmp.resolve("run").resolve(ResultsWriter.hgrmFile(RunResult.END_TO_END)));
    assertThat(lines.get(0)).contains("Value").contains("Percentile");
    assertThat(lines).anyMatch(l -> l.matches("\\s+50\\.015 0\\.500000000000.*"));
    assertThat(lines).anyMatch(l -> l.startsWith("#[Max     =      100.031"));
  }

  private static String unzipEntry(byte[] zip, String name) throws IOException {
    Path file = Files.createTempFile("workbook", ".xlsx");
    try (var z = new java.util.zip.ZipFile(Files.write(file, zip).toFile())) {
      var entry = z.getEntry(name);
      assertThat(entry).as(name + " in workbook").isNotNull();
      return new String(z.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      Files.delete(file);
    }
  }
}
