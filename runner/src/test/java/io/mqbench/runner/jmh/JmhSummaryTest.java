package io.mqbench.runner.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.results.files.SummaryColumns;
import io.mqbench.results.files.SummaryRow;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMH result files written by this project's benchmarks on this machine (test resources, unedited)
 * become rows of the runner's summary.
 */
class JmhSummaryTest {
  private static final Path KAFKA = Path.of("src/test/resources/jmh/backend-kafka.json");
  private static final Path PARTS = Path.of("src/test/resources/jmh/harness-parts.json");

  @Test
  void oneRowPerBenchmarkAndParametersWithTheRunnersColumnsFirst() {
    JmhSummary summary = JmhSummary.read(KAFKA);

    List<String> runnerColumns =
        SummaryRow.ALL.stream().map(SummaryColumns.Column::header).toList();
    assertThat(summary.headers().subList(0, runnerColumns.size()))
        .containsExactlyElementsOf(runnerColumns);
    assertThat(summary.headers()).endsWith(JmhSummary.JMH_COLUMNS.toArray(String[]::new));
    assertThat(summary.rows())
        .extracting(r -> r.get("cell"))
        .containsExactly(
            "Backend.pipeline batch=100 inFlight=1 queue=kafka sizeBytes=100",
            "Backend.pipeline batch=100 inFlight=16 queue=kafka sizeBytes=100",
            "Backend.send batch=100 inFlight=1 queue=kafka sizeBytes=100",
            "Backend.send batch=100 inFlight=16 queue=kafka sizeBytes=100");
  }

  @Test
  void messageRatesComeFromTheBenchmarksMessageCountersNotFromItsCallCount() {
    Map<String, Object> send16 = JmhSummary.read(KAFKA).rows().get(3);

    // In the file: primary score 2065.39... calls/s, sentMessages 206539.94... msgs/s.
    assertThat(send16)
        .containsEntry("queue", "kafka")
        .containsEntry("mode", "jmh")
        .containsEntry("batch", 100L)
        .containsEntry("in_flight", 16L)
        .containsEntry("message_size_bytes", 100L)
        .containsEntry("sent_msgs_per_s", new BigDecimal("206539.9"))
        .containsEntry("jmh_score", new BigDecimal("2065.4"))
        .containsEntry("jmh_score_unit", "ops/s")
        .doesNotContainKey("received_msgs_per_s");
    assertThat(send16.get("jmh_score_error")).as("JMH's NaN error of 2 iterations").isEqualTo("");
  }

  @Test
  void harnessBenchmarksHaveTheirScoreAndItsError() {
    Map<String, Object> make = JmhSummary.read(PARTS).rows().get(0);

    assertThat(make)
        .containsEntry("queue", "memory")
        .containsEntry("cell", "HarnessParts.makeMessage sizeBytes=100")
        .containsEntry("message_size_bytes", 100L)
        .doesNotContainKey("sent_msgs_per_s");
    assertThat((BigDecimal) make.get("jmh_score_error")).isPositive();
  }

  @Test
  void theSpreadsheetHasTheSameRowsAsTheCsv() throws Exception {
    JmhSummary summary = JmhSummary.read(KAFKA);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    summary.xlsx(bytes);

    try (ReadableWorkbook wb =
        new ReadableWorkbook(new ByteArrayInputStream(bytes.toByteArray()))) {
      List<Row> rows = wb.getFirstSheet().read();
      List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
      assertThat(headers).containsExactlyElementsOf(summary.headers());
      assertThat(rows).hasSize(5);
      int sent = headers.indexOf("sent_msgs_per_s");
      assertThat(rows.get(4).getCellAsNumber(sent).orElseThrow()).isEqualByComparingTo("206539.9");
    }
    assertThat(summary.csv().lines()).hasSize(5);
  }

  @Test
  void aFileThatIsNotJmhJsonIsRefusedInOneLine(@TempDir Path dir) throws Exception {
    Path object = Files.writeString(dir.resolve("object.json"), "{\"a\": 1}");
    Path broken = Files.writeString(dir.resolve("broken.json"), "[{\"benchmark\": ");
    Path entry = Files.writeString(dir.resolve("entry.json"), "[{\"benchmark\": \"x\"}]");

    assertThatThrownBy(() -> JmhSummary.read(object))
        .hasMessageContaining("is not a JMH result file");
    assertThatThrownBy(() -> JmhSummary.read(broken)).hasMessageContaining("is not JSON");
    assertThatThrownBy(() -> JmhSummary.read(entry))
        .hasMessageContaining("an entry has no benchmark or primaryMetric.score");
    assertThatThrownBy(() -> JmhSummary.read(dir.resolve("missing.json")))
        .hasMessageContaining("no such file");
  }
}
