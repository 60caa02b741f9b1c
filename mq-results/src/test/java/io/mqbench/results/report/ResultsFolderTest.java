package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FixedResults;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results folder as the runner writes it: the files, with the report's summary sheet first. */
class ResultsFolderTest {
  @TempDir Path tmp;

  @Test
  void spreadsheetForPeopleOpensOnOneRowPerCellWithMeanAndIntervalThenRunsTimelineEnvironment()
      throws IOException {
    RunResult a = FixedResults.fixedResult(0).inCell(java.util.Map.of("senders", "4"), 1);
    RunResult b = FixedResults.fixedResult(0).inCell(java.util.Map.of("senders", "4"), 2);
    RunResult c = FixedResults.fixedResult(0).inCell(java.util.Map.of("senders", "8"), 1);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ResultsFolder.xlsx(List.of(a, b, c), bytes);

    try (ReadableWorkbook wb =
        new ReadableWorkbook(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertThat(wb.getSheets().map(Sheet::getName).toList())
          .containsExactly("summary", "runs", "timeline", "environment");
      List<Row> rows = sheet(bytes.toByteArray(), "summary");
      assertThat(rows).hasSize(3);
      List<String> headers = rows.get(0).stream().map(x -> x.getRawValue()).toList();
      int sent = headers.indexOf("sent_msgs_per_s");
      assertThat(headers.get(sent + 1)).isEqualTo("± 95% CI");
      assertThat(rows.get(1).getCellAsString(headers.indexOf("cell")).orElseThrow())
          .isEqualTo("senders=4");
      assertThat(rows.get(1).getCellAsNumber(headers.indexOf("runs")).orElseThrow().intValue())
          .isEqualTo(2);
      assertThat(rows.get(1).getCellAsNumber(sent).orElseThrow().doubleValue()).isEqualTo(50_000);
      // equal repetitions: an interval of width 0
      assertThat(rows.get(1).getCellAsNumber(sent + 1).orElseThrow().doubleValue()).isZero();
      assertThat(rows.get(2).getCellAsNumber(headers.indexOf("runs")).orElseThrow().intValue())
          .isEqualTo(1);
      List<Row> env = sheet(bytes.toByteArray(), "environment");
      assertThat(env.stream().map(r -> r.getCellAsString(2).orElse("")).toList())
          .contains("javaVersion", "backend memory.maxDepth");
    }
    String sheet1 = unzipEntry(bytes.toByteArray(), "xl/worksheets/sheet1.xml");
    assertThat(sheet1).as("frozen header").contains("state=\"frozen\"");
    assertThat(sheet1).as("column widths").contains("<cols>");
    assertThat(unzipEntry(bytes.toByteArray(), "xl/styles.xml"))
        .as("number formats")
        .contains("#,##0.000");
  }

  @Test
  void aRunsFolderHasEveryFileAndItsWorkbookOpensOnTheSummarySheet() throws IOException {
    Path dir = tmp.resolve("run");

    ResultsFolder.write(FixedResults.fixedResult(0), dir);

    assertThat(dir.resolve(ResultsWriter.RUN_JSON)).isNotEmptyFile();
    assertThat(dir.resolve(ResultsWriter.SUMMARY_CSV)).isNotEmptyFile();
    assertThat(dir.resolve(ResultsWriter.hgrmFile(LatencyKind.END_TO_END))).isNotEmptyFile();
    try (ReadableWorkbook wb =
        new ReadableWorkbook(
            new ByteArrayInputStream(
                Files.readAllBytes(dir.resolve(ResultsWriter.SUMMARY_XLSX))))) {
      assertThat(wb.getSheets().map(Sheet::getName).toList())
          .containsExactly("summary", "runs", "timeline", "environment");
    }
  }

  private static List<Row> sheet(byte[] workbook, String name) throws IOException {
    try (ReadableWorkbook wb = new ReadableWorkbook(new ByteArrayInputStream(workbook))) {
      return wb.getSheets().filter(s -> s.getName().equals(name)).findFirst().orElseThrow().read();
    }
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
