package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.LatencyChart;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Issue 28, defect 6: a report that reads at a glance beside the in-process reference. */
class ReportAtAGlanceTest {
  private static String cellsRow(String html, String queueCell) {
    String cells = html.substring(html.indexOf("id=\"cells\""), html.indexOf("id=\"runs\""));
    return Arrays.stream(cells.split("<tr>")).filter(r -> r.contains(queueCell)).findFirst().get();
  }

  private static String report() {
    RunResult memory = FixedResults.fixedResult(0);
    RunResult kafka =
        FixedResults.fixedResult(0)
            .withQueue("kafka")
            .withRunId("0000003a")
            .withTotals(
                memory
                    .totals()
                    .withSentPerSecond(20_000)
                    .withReceivedPerSecond(19_000)
                    .withEndToEndPerSecond(18_000));
    RunResult rabbit =
        kafka
            .withQueue("rabbitmq")
            .withRunId("0000004a")
            .withTotals(kafka.totals().withSentPerSecond(15_000).withReceivedPerSecond(14_000));
    return HtmlReport.render(
        List.of(RunFigures.of(memory, "a"), RunFigures.of(kafka, "b"), RunFigures.of(rabbit, "c")),
        List.of(),
        "now");
  }

  @Test
  void theInProcessMemoryQueueNeverTakesTheBestMarkBesideBrokers() {
    String html = report();

    assertThat(cellsRow(html, "(reference)")).doesNotContain("★");
    assertThat(cellsRow(html, ">kafka<")).contains("20,000 ★");
    assertThat(html).contains("id=\"reference\"");
  }

  @Test
  void aPercentileLineStopsWhereItsValuesDo() {
    Histogram hundred = Latencies.newHistogram();
    for (int i = 1; i <= 100; i++) {
      hundred.recordValue(i * 10L);
    }

    List<double[]> points = LatencyChart.points(hundred);

    double last = points.get(points.size() - 1)[0];
    assertThat(last).as("99 %, the last percentile 100 values support").isCloseTo(2.0, within());
  }

  @Test
  void endToEndFiguresAcrossWorkersCarryTheirClockBoundInTheReport() {
    RunResult across =
        FixedResults.fixedResult(0)
            .withEndToEndClock(
                new EndToEndClock(
                    19_054, 0.9527, 11.0, 0, false, "most samples arrived before they were sent"));
    String html =
        HtmlReport.render(List.of(RunFigures.of(across, "nodes")), List.of(), "2026-11-25");

    assertThat(html)
        .contains("± 11.000 ms, 19,054 negative (95.3 %): not meaningful at this resolution");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}
