package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.report.Latencies;
import io.mqbench.results.FixedResults;
import io.mqbench.results.Latency;
import io.mqbench.results.RunResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsWriterTest {
  /** The workbook's sheets this package writes: a report adds its summary sheet before them. */
  static final List<SummaryWorkbook.Sheet> SHEETS =
      List.of(SummaryWorkbook.RUNS, SummaryWorkbook.TIMELINE, SummaryWorkbook.ENVIRONMENT);

  @TempDir Path tmp;

  @Test
  void summaryCsvMatchesTheGoldenFile() throws IOException {
    String golden;
    try (InputStream in = getClass().getResourceAsStream("/golden/summary.csv")) {
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    assertThat(
            ResultsWriter.csv(List.of(FixedResults.fixedResult(0), FixedResults.fixedRateResult())))
        .isEqualTo(golden);
  }

  @Test
  void spreadsheetHasTheSameColumnsAsTheCsvAndMarksLostMessages() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SummaryWorkbook.write(List.of(FixedResults.fixedResult(7)), SHEETS, bytes);

    try (ReadableWorkbook wb =
        new ReadableWorkbook(new ByteArrayInputStream(bytes.toByteArray()))) {
      Sheet summary =
          wb.getSheets().filter(s -> s.getName().equals("runs")).findFirst().orElseThrow();
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
    SummaryWorkbook.write(List.of(FixedResults.fixedResult(0)), SHEETS, bytes);

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
  void aLatencyWithoutValuesIsEmptyInCsvAndSpreadsheetAndNullInRunJson() throws IOException {
    // A receive-only run: no send latency; its columns sit between columns that have values.
    RunResult receiveOnly =
        FixedResults.fixedResult(0, Latencies.newHistogram(), FixedResults.histogram(1000, 100));
    ResultsWriter.write(receiveOnly, tmp.resolve("run"), SHEETS);

    Map<String, String> csv = csvRows(ResultsWriter.csv(List.of(receiveOnly))).get(0);
    List<String> sendColumns =
        SummaryColumns.ALL.stream()
            .map(SummaryColumns.Column::header)
            .filter(h -> h.startsWith("send_"))
            .toList();
    assertThat(sendColumns).hasSize(8);
    sendColumns.forEach(h -> assertThat(csv.get(h)).as(h).isEmpty());
    assertThat(csv.get("e2e_p50_ms")).isEqualTo("50.015");

    List<Row> rows =
        sheet(Files.readAllBytes(tmp.resolve("run").resolve(ResultsWriter.SUMMARY_XLSX)), "runs");
    List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    sendColumns.forEach(
        h -> assertThat(rows.get(1).hasCell(headers.indexOf(h))).as("a cell for " + h).isFalse());
    assertThat(number(rows.get(1), headers, "e2e_p50_ms")).isEqualTo(50.015);

    Path runJson = tmp.resolve("run").resolve(ResultsWriter.RUN_JSON);
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(runJson.toFile());
    for (String field : List.of("minMs", "meanMs", "p50Ms", "p999999Ms", "maxMs")) {
      assertThat(json.at("/latencies/send-latency/" + field).isNull()).as(field).isTrue();
    }
    Latency send = ResultsWriter.read(runJson).latencies().get(RunResult.SEND);
    assertThat(send.count()).isZero();
    assertThat(send.minMs()).isNull();
    assertThat(send.maxMs()).isNull();
    assertThat(send.histogram().getTotalCount()).isZero();
  }

  @Test
  void harnessLimitedIsABooleanCellInTheSpreadsheet() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SummaryWorkbook.write(
        List.of(FixedResults.fixedResult(0), FixedResults.fixedRateResult()), SHEETS, bytes);

    List<Row> rows = sheet(bytes.toByteArray(), "runs");
    int column = rows.get(0).stream().map(c -> c.getRawValue()).toList().indexOf("harness_limited");
    assertThat(rows.get(1).hasCell(column)).as("not a rate run: no cell").isFalse();
    assertThat(rows.get(2).getCell(column).getType()).isEqualTo(CellType.BOOLEAN);
    assertThat(rows.get(2).getCellAsBoolean(column)).contains(true);
  }

  @Test
  void aMatrixTimelineHasEveryRunEachRowLabelledWithItsCellAndRepetition() throws IOException {
    RunResult first = FixedResults.fixedResult(0).inCell(Map.of("senders", "2"), 1);
    RunResult second = FixedResults.fixedRateResult(); // senders=4, repetition 2
    ResultsWriter.writeMatrix(List.of(first, second), tmp.resolve("matrix"), SHEETS);

    List<Row> rows =
        sheet(
            Files.readAllBytes(tmp.resolve("matrix").resolve(ResultsWriter.SUMMARY_XLSX)),
            "timeline");
    List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    assertThat(headers).startsWith("run_id", "cell", "repetition", "second");
    assertThat(rows).hasSize(1 + first.timeline().size() + second.timeline().size());
    List<String> labels =
        rows.subList(1, rows.size()).stream()
            .map(
                r ->
                    r.getCellAsString(0).orElseThrow()
                        + " "
                        + r.getCellAsString(1).orElseThrow()
                        + " #"
                        + r.getCellAsNumber(2).orElseThrow().intValue()
                        + " s"
                        + r.getCellAsNumber(3).orElseThrow().intValue())
            .toList();
    assertThat(labels)
        .containsExactly(
            "0000002a senders=2 #1 s1",
            "0000002a senders=2 #1 s2",
            "0000002a senders=2 #1 s3",
            "0000002b senders=4 #2 s1",
            "0000002b senders=4 #2 s2",
            "0000002b senders=4 #2 s3");
  }

  private static List<Map<String, String>> csvRows(String csv) throws IOException {
    try (var it =
        new com.fasterxml.jackson.dataformat.csv.CsvMapper()
            .readerFor(Map.class)
            .with(com.fasterxml.jackson.dataformat.csv.CsvSchema.emptySchema().withHeader())
            .<Map<String, String>>readValues(csv)) {
      return it.readAll();
    }
  }

  @Test
  void runJsonKeepsTheHistogramsLosslessly() throws IOException {
    RunResult result = FixedResults.fixedResult(0);
    ResultsWriter.write(result, tmp.resolve("run"), SHEETS);

    RunResult read = ResultsWriter.read(tmp.resolve("run").resolve(ResultsWriter.RUN_JSON));
    Latency e2e = read.latencies().get(RunResult.END_TO_END);

    assertThat(e2e.histogram()).isEqualTo(result.latencies().get(RunResult.END_TO_END).histogram());
    assertThat(e2e.p99Ms()).isEqualTo(99.007); // 99,000 µs at 3 significant digits
    assertThat(e2e.p9999Ms()).as("p99.99 of 1,000 values").isNull();
    assertThat(read.timeline().get(2).receivedInSecond()).isEqualTo(10_003);
    assertThat(read.timeline().get(2).seconds()).isEqualTo(0.5);
  }

  @Test
  void hgrmFilesAreInMillisecondsForTheHdrHistogramPlotter() throws IOException {
    ResultsWriter.write(FixedResults.fixedResult(0), tmp.resolve("run"), SHEETS);

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
