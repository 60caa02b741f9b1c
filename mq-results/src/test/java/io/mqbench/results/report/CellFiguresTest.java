package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.results.FixedResults;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellFiguresTest {
  /** A run of the fixed result placed in a cell with the given rates and e2e p99. */
  static RunFigures run(
      String cell, int repetition, double sent, double received, double p99, RunStatus status) {
    RunResult fixed = FixedResults.fixedResult(0);
    Map<LatencyKind, Latency> latencies = new LinkedHashMap<>(fixed.latency().byKind());
    latencies.put(LatencyKind.END_TO_END, latencies.get(LatencyKind.END_TO_END).withP99Ms(p99));
    RunResult r =
        fixed
            .with(
                b ->
                    b.status(status)
                        .totals(
                            fixed.totals().withSentPerSecond(sent).withReceivedPerSecond(received))
                        .latency(fixed.latency().withByKind(latencies)))
            .inCell(Map.of("senders", cell), repetition);
    return RunFigures.of(r, "matrix");
  }

  @Test
  void repetitionsOfACellAreAggregatedAndCellsKeepTheirOrder() {
    List<RunFigures> runs = new ArrayList<>();
    runs.add(run("4", 1, 100, 90, 2.0, RunStatus.OK));
    runs.add(run("4", 2, 110, 100, 3.0, RunStatus.OK));
    runs.add(run("4", 3, 120, 110, 4.0, RunStatus.RECEIVERS_BEHIND));
    runs.add(run("1", 1, 50, 50, 1.0, RunStatus.OK));

    List<CellFigures> cells = CellFigures.of(runs);

    assertThat(cells).hasSize(2);
    CellFigures four = cells.get(0);
    assertThat(four.cell()).containsEntry("senders", "4");
    assertThat(four.runs()).hasSize(3);
    assertThat(four.sent().mean()).isCloseTo(110, within(1e-9));
    assertThat(four.sent().halfWidth()).isCloseTo(24.8434, within(1e-4));
    assertThat(four.received().mean()).isCloseTo(100, within(1e-9));
    assertThat(four.received().halfWidth()).isCloseTo(24.8434, within(1e-4));
    assertThat(four.latency(LatencyKind.END_TO_END, "p99").mean()).isCloseTo(3.0, within(1e-9));
    // s = 1, half-width 4.303 / sqrt(3)
    assertThat(four.latency(LatencyKind.END_TO_END, "p99").halfWidth())
        .isCloseTo(2.48434, within(1e-5));
    assertThat(four.verdict()).isEqualTo(RunStatus.RECEIVERS_BEHIND);
    assertThat(cells.get(1).sent().hasInterval()).isFalse();
  }

  @Test
  void cellsCsvHasMeanAndIntervalColumnsPerFigure() {
    List<RunFigures> runs =
        List.of(run("4", 1, 100, 90, 2.0, RunStatus.OK), run("4", 2, 120, 110, 4.0, RunStatus.OK));

    String csv = CellSummary.csv(CellFigures.of(runs));

    List<String> lines = csv.lines().toList();
    List<String> header = List.of(lines.get(0).split(","));
    List<String> row = List.of(lines.get(1).split(","));
    assertThat(lines).hasSize(2);
    assertThat(row.get(header.indexOf("sent_msgs_per_s_mean"))).isEqualTo("110.0");
    // two values: t(0.975, 1) = 12.706, s = 14.1421, half-width 12.706 * 14.1421 / sqrt(2)
    assertThat(row.get(header.indexOf("sent_msgs_per_s_ci95"))).isEqualTo("127.1");
    assertThat(row.get(header.indexOf("e2e_p99_ms_mean"))).isEqualTo("3.000");
    assertThat(row.get(header.indexOf("runs"))).isEqualTo("2");
  }
}
