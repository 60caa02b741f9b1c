package io.mqbench.runner.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

public class TerminalSummaryTest {

  @Test
  void aLatencyWithoutValuesIsShownAsSuchRatherThanAsZero() {
    RunResult sendOnly =
        FixedResults.fixedResult(0, FixedResults.histogram(1000, 10), Latencies.newHistogram());

    String report = print(sendOnly);

    String e2e = line(report, "end-to-end");
    assertThat(e2e).doesNotContain("0.000").contains("no values");
    assertThat(line(report, "send batch")).contains("5.003");
  }

  @Test
  void aPercentileNoLatencyHasTheValuesForHasNoColumnAndNeedsNoNote() {
    // 1,000 values each: enough for p99.9, not for p99.99 and above.
    String report = print(FixedResults.fixedResult(0));

    assertThat(line(report, "latency ms").trim().split(" +"))
        .containsExactly("latency", "ms", "p50", "p90", "p99", "p99.9", "max");
    assertThat(line(report, "send batch").trim().split(" +"))
        .containsExactly("send", "batch", "5.003", "9.007", "9.903", "9.991", "10.007");
    assertThat(report).doesNotContain("too few values");
  }

  @Test
  void aHigherPercentileIsShownWhenEveryLatencyHasTheValuesForIt() {
    RunResult many =
        FixedResults.fixedResult(
            0, FixedResults.histogram(20_000, 1), FixedResults.histogram(20_000, 10));

    String report = print(many);

    assertThat(line(report, "latency ms")).contains(" p99.99 ").doesNotContain("p99.999");
    assertThat(report).doesNotContain("too few values");
  }

  @Test
  void aShownPercentileTooFewValuesSupportIsMarkedAndExplainedNotPrinted() {
    // 500 sends cannot give p99.9, which is always shown; 20,000 end-to-end values can.
    RunResult few =
        FixedResults.fixedResult(
            0, FixedResults.histogram(500, 10), FixedResults.histogram(20_000, 10));

    String report = print(few);

    assertThat(line(report, "send batch").trim().split(" +"))
        .containsExactly("send", "batch", "2.501", "4.503", "4.951", "-", "5.003");
    assertThat(line(report, "latency ms")).doesNotContain("p99.99");
    assertThat(report)
        .contains("               - too few values for the percentile: p99.9 needs 1,000 of them");
  }

  static String print(RunResult result) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TerminalSummary.print(
        result,
        "settings",
        Path.of("results"),
        false,
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  public static String line(String report, String start) {
    return report.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow();
  }
}
