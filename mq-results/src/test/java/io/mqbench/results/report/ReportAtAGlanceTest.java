package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FixedResults;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.LatencyChart;
import io.mqbench.results.files.LogAxis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.AxesChartStyler;

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
    RunResult fixed = FixedResults.fixedResult(0);
    RunResult across =
        fixed.withLatency(
            fixed
                .latency()
                .withEndToEndClock(
                    new EndToEndClock(
                        19_054,
                        0.9527,
                        11.0,
                        0,
                        false,
                        "most samples arrived before they were sent")));
    String html =
        HtmlReport.render(List.of(RunFigures.of(across, "nodes")), List.of(), "2026-11-25");

    assertThat(html)
        .contains("± 11.000 ms, 19,054 negative (95.3 %): not meaningful at this resolution");
  }

  /** A sweep of kafka whose response time's p99 goes from 2 to 9 ms, within one decade. */
  private static List<RunFigures> sweepWithinADecade() {
    List<RunFigures> steps = new ArrayList<>();
    long[] stepMicros = {2, 4, 9}; // p99 of 1..1000 times these: 1.98, 3.96, 8.91 ms
    for (int i = 0; i < stepMicros.length; i++) {
      RunResult r =
          SweepSteps.step("kafka", 1000.0 * (i + 1), FixedResults.histogram(1000, stepMicros[i]));
      steps.add(RunFigures.of(r, "sweep"));
    }
    return steps;
  }

  @Test
  void theSweepCurveWithinADecadeIsLabelledBetweenPowersOfTenAndDrawnInSeconds() {
    List<CellFigures> cells = CellFigures.of(sweepWithinADecade());

    ReportCharts.Picture curve =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () ->
                ReportCharts.curve(
                    cells, LatencyKind.RESPONSE, Latency.P99, SeriesColours.forPage(cells)));

    AxesChartStyler s = (AxesChartStyler) curve.chart().getStyler();
    assertThat(curve.svg()).startsWith("<svg ");
    assertThat(s.isYAxisLogarithmic()).isTrue();
    assertThat(s.isYAxisLogarithmicDecadeOnly()).isFalse();
    assertThat(s.getYAxisMin()).isLessThanOrEqualTo(1.98);
    assertThat(s.getYAxisMax()).isGreaterThanOrEqualTo(8.91);
    assertThat(LogAxis.logTicks(s.getYAxisMin(), s.getYAxisMax()).labels())
        .hasSizeGreaterThanOrEqualTo(3);
  }

  @Test
  void everyChartNamesTheUnitsOfItsAxes() {
    List<RunFigures> runs = new ArrayList<>(sweepWithinADecade());
    for (String queue : List.of("kafka", "rabbitmq")) {
      runs.add(
          RunFigures.of(
              FixedResults.fixedResult(0).withQueue(queue).inCell(Map.of("queue", queue), 1),
              "matrix"));
    }

    List<ReportCharts.Picture> pictures = HtmlReport.charts(runs, CellFigures.of(runs));

    assertThat(pictures).hasSizeGreaterThanOrEqualTo(8);
    String unit = ".*(msgs/s|\\((ms|s|%)\\)).*";
    for (ReportCharts.Picture p : pictures) {
      assertThat(p.chart().getYAxisTitle()).as(p.title()).matches(unit);
      // A matrix's axis along x (queue, senders) is a count or a name: it has no unit.
      if (p.chart() instanceof XYChart) {
        assertThat(p.chart().getXAxisTitle()).as(p.title()).matches(unit);
      }
    }
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}
