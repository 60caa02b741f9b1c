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
  void aPercentileTooFewValuesSupportIsMarkedAndExplainedNotPrinted() {
    // 1,000 values each: enough for p99.9, not for p99.99 and above.
    String report = print(FixedResults.fixedResult(0));

    assertThat(line(report, "send batch").trim().split(" +"))
        .containsExactly(
            "send", "batch", "5.003", "9.007", "9.903", "9.991", "-", "-", "-", "10.007");
    assertThat(report).contains("- too few values");
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
