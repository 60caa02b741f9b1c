package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.mqbench.results.HarnessUse;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.files.SummaryColumns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every result says what the harness itself used: the process's CPU (user and system), split by
 * thread role, per message, how long its threads waited for a CPU, GC and peak memory, in run.json,
 * summary.csv, on the terminal (the whole breakdown with --verbose) and in report.html; the roles'
 * CPU is within the process's.
 */
class HarnessUseReportedTest {
  @TempDir Path tmp;

  @Test
  void aRunRecordsWhatTheHarnessUsedAndTheRolesAddUpWithinTheProcess() throws Exception {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--mode",
            "rate",
            "--rate",
            "2000",
            "--duration",
            "3s",
            "--warmup",
            "0s",
            "--verbose",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    Path run;
    try (Stream<Path> runs = Files.list(tmp).filter(Files::isDirectory)) {
      run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    RunResult result = ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON));
    HarnessUse h = result.harness();
    assertThat(h).as("run.json's harness").isNotNull();
    assertThat(h.processes()).isEqualTo(1);
    assertThat(h.cpuSeconds()).isPositive();
    assertThat(h.senderCpuSeconds()).as("the sender thread's CPU").isPositive();
    assertThat(h.receiverCpuSeconds()).as("the receiver thread's CPU").isPositive();
    assertThat(h.senderCpuSeconds() + h.receiverCpuSeconds())
        .as("sender and receiver threads within the process")
        .isLessThanOrEqualTo(h.cpuSeconds());
    assertThat(h.otherCpuSeconds()).isGreaterThanOrEqualTo(0);
    assertThat(h.userSeconds() + h.systemSeconds())
        .as("user + system (10 ms ticks) against the process's CPU")
        .isCloseTo(h.cpuSeconds(), offset(0.1));
    long moved = Math.max(result.totals().sent(), result.totals().received());
    assertThat(h.cpuMicrosPerMessage()).isCloseTo(h.cpuSeconds() * 1e6 / moved, offset(0.01));
    assertThat(h.senderCpuMicrosPerMessage())
        .isCloseTo(h.senderCpuSeconds() * 1e6 / result.totals().sent(), offset(0.01));
    assertThat(h.busiestSenderShare()).isBetween(0.0, 1.0);
    assertThat(h.gcCount()).isGreaterThanOrEqualTo(0);
    assertThat(h.residentPeakMb()).as("peak RSS").isGreaterThan(10.0);
    if (Files.isReadable(Path.of("/proc/thread-self/schedstat"))) {
      // Linux tells how long each thread was ready to run but had no core.
      assertThat(h.senderCpuWaitSeconds())
          .as("senders' wait for a CPU")
          .isNotNull()
          .isNotNegative();
      assertThat(h.receiverCpuWaitSeconds()).as("receivers' wait").isNotNull().isNotNegative();
      assertThat(h.senderCpuWaitSeconds())
          .as("the sender waited at most the time it was not running")
          .isLessThanOrEqualTo(result.totals().sendSeconds() - h.senderCpuSeconds() + 0.1);
    } else {
      assertThat(h.senderCpuWaitSeconds()).as("not measured here").isNull();
    }

    List<String> csv = Files.readAllLines(run.resolve(ResultsWriter.SUMMARY_CSV));
    List<String> header = SummaryCsv.fields(csv.get(0));
    int column = header.indexOf(SummaryColumns.HARNESS_CPU_US_PER_MSG);
    assertThat(column)
        .as("summary.csv has %s", SummaryColumns.HARNESS_CPU_US_PER_MSG)
        .isNotNegative();
    assertThat(Double.parseDouble(SummaryCsv.fields(csv.get(1)).get(column))).isPositive();
    assertThat(header)
        .contains(
            SummaryColumns.HARNESS_CPU_S,
            SummaryColumns.SENDER_CPU_US_PER_MSG,
            SummaryColumns.RECEIVER_CPU_US_PER_MSG,
            SummaryColumns.HARNESS_GC_S,
            SummaryColumns.SENDER_CPU_WAIT_S,
            SummaryColumns.RECEIVER_CPU_WAIT_S);

    assertThat(cli.out()).containsPattern("harness    [0-9.]+ µs CPU/msg");
    // The whole breakdown with --verbose.
    assertThat(cli.out()).containsPattern("\n {11}CPU [0-9.]+ s \\(user [0-9.]+, system");
    // Writing the results comes after the harness figures were taken: said on its own line.
    assertThat(cli.out())
        .containsPattern(
            "results    .+ \\(writing took [0-9]+\\.[0-9]{2} CPU-s, not in the harness line");

    assertThat(cli.run("report", run.toString())).isZero();
    String html = Files.readString(run.resolve("report.html"), StandardCharsets.UTF_8);
    assertThat(html).contains("harness CPU").contains("µs/msg");
  }
}
