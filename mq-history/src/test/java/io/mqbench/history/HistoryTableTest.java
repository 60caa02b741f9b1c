package io.mqbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryTableTest {
  private static String print(List<Series> series, GateResult gate) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    HistoryTable.print(series, gate, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theTableListsTheChangeWithWhatMoved() {
    HistoryOptions o = HistoryOptions.defaults();
    List<Series> series = History.of(HistoryPageTest.twoSeries(), o);

    String text = print(series, null);

    assertThat(text).contains("kafka  mode=throughput").contains("rabbitmq  mode=throughput");
    assertThat(text).contains("host      bench-a (a1b2c3d4)");
    assertThat(text).contains("runs      45 in 15 batches");
    assertThat(text)
        .containsPattern("sent msgs/s  worse -[12]\\d\\.\\d % \\[.+\\]  at b009-x 2026-01-1\\d");
    assertThat(text).containsPattern("median 10,\\d{3} → 8,\\d{3}; moved: mqbench 0.9.0 → 1.0.0");
    assertThat(text).contains("moved: mqbench 0.9.0 → 1.0.0; commit");
    assertThat(text).contains("changes   none found");
  }

  @Test
  void withTheGateEachSeriesGetsItsTableAndTheOutcomeIsTheLastLine() {
    HistoryOptions o = HistoryOptions.defaults();
    List<Series> series = History.of(HistoryPageTest.twoSeries(), o);
    GateResult gate = Gate.check(series, o, GateOptions.of(10));

    String text = print(series, gate);

    assertThat(text).contains("gate      newest batch b015-x (3 runs)");
    assertThat(text).contains("worse: REGRESSION");
    assertThat(text)
        .contains("mqbench 1.0.0; moved: broker 3.7.0 → 3.8.0;", "kafka-clients 3.7.0 → 3.8.0");
    List<String> lines = text.lines().toList();
    assertThat(lines.get(lines.size() - 1)).startsWith("REGRESSED: 1 of 2 series");
    assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100));
  }
}
