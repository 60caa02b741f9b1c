package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FaultResult;
import io.mqbench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;

/** Issue 24: the chart of msgs/s over time with each fault marked as a band. */
class FaultChartTest {
  @TempDir Path tmp;

  @Test
  void eachInjectedFaultIsABandWithItsRecoveryAndTheResultsFolderHasTheChart() throws Exception {
    RunResult r = ResultsWriterTest.fullyPopulated();

    XYChart chart = FaultChart.chart(r, 1000, 560);
    ResultsWriter.write(r, tmp, ResultsWriterTest.SHEETS);

    assertThat(chart.getSeriesMap().keySet())
        .contains(
            "1: restart-broker 10.0-14.3 s",
            "1: back to 90 % at 17.0 s",
            "sent msgs/s",
            "received msgs/s")
        .as("a fault that was not injected has no band")
        .noneMatch(name -> name.contains("pause-broker"));
    assertThat(FaultChart.title(r)).startsWith(r.queue() + " with 1 fault: msgs/s over time");
    // An SVG that stays sharp when zoomed, its fault band and recovery line among its marks
    String svg = Files.readString(tmp.resolve(ResultsWriter.FAULTS_SVG));
    assertThat(svg).startsWith("<svg ").contains("1: restart-broker 10.0-14.3 s");
    assertThat(svg).contains("1: back to 90 % at 17.0 s").endsWith("</svg>\n");
    assertThat(r.faults().injected())
        .extracting(FaultResult::injected)
        .containsExactly(true, false);
  }
}
