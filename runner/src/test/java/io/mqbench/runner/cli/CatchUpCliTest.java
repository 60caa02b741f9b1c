package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.files.SummaryColumns;
import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --phases backlog-then-catch-up --backlog DURATION}: senders send at {@code --rate} for the
 * whole {@code --duration}, receivers start after the backlog, and every output says how long
 * catching up took, or that it did not.
 */
class CatchUpCliTest {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  /** 2,000 msgs/s for 5 s on the memory queue, receivers starting after 2 s. */
  private int catchUpRun(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--queue",
                "memory",
                "--mode",
                "rate",
                "--rate",
                "2000",
                "--duration",
                "5s",
                "--phases",
                "backlog-then-catch-up",
                "--backlog",
                "2s",
                "--receiver-idle",
                "1s",
                "--out",
                tmp.resolve("results").toString(),
                "--progress",
                "never"));
    args.addAll(Arrays.asList(more));
    return cli.run(args.toArray(String[]::new));
  }

  private Path onlyResultsFolder() throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      List<Path> folders = s.toList();
      assertThat(folders).hasSize(1);
      return folders.get(0);
    }
  }

  private static String csvValue(Path folder, String column) throws IOException {
    // One run's row; a value with a comma is quoted (the durability detail has some).
    List<String> csv = Files.readAllLines(folder.resolve(ResultsWriter.SUMMARY_CSV));
    int i = SummaryCsv.fields(csv.get(0)).indexOf(column);
    assertThat(i).as(column + " in " + csv.get(0)).isNotNegative();
    return SummaryCsv.fields(csv.get(1)).get(i);
  }

  @Test
  void aQueueThatKeepsUpReportsTheBacklogItFoundAndHowLongCatchingUpTook() throws IOException {
    int code = catchUpRun();

    assertThat(code).as(cli.err()).isZero();
    Path folder = onlyResultsFolder();
    JsonNode json = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
    assertThat(json.at("/settings/phases").asText()).isEqualTo("backlog-then-catch-up");
    assertThat(json.at("/settings/backlog").asText()).isEqualTo("2s");
    JsonNode c = json.at("/catchUp");
    assertThat(c.at("/caughtUp").asBoolean()).isTrue();
    assertThat(c.at("/backlogAtStart").asLong()).isBetween(3_600L, 4_400L);
    assertThat(c.at("/caughtUpThreshold").asLong()).isEqualTo(2_000);
    assertThat(c.at("/catchUpSeconds").asDouble()).isBetween(0.0, 1.0);
    assertThat(c.at("/receiversStartSeconds").asDouble()).isBetween(2.0, 2.5);
    assertThat(c.at("/after/sentPerSecond").asDouble()).isBetween(1_700.0, 2_300.0);
    assertThat(c.at("/catchUp/latencies/end-to-end-latency/count").asLong()).isPositive();
    assertThat(c.at("/after/latencies/response-time/p50Ms").isNumber()).isTrue();
    assertThat(json.at("/totals/lost").asLong()).isZero();
    assertThat(cli.out()).containsPattern("catch-up   caught up in 0\\.\\d\\d s \\(a backlog of");
    assertThat(csvValue(folder, SummaryColumns.CAUGHT_UP)).isEqualTo("true");
    assertThat(Double.parseDouble(csvValue(folder, SummaryColumns.CATCH_UP_S))).isLessThan(1.0);
    assertThat(csvValue(folder, SummaryColumns.AFTER_CATCH_UP_SENT_MSGS_PER_S)).isNotEmpty();
    assertThat(folder.resolve(ResultsWriter.CATCH_UP_SVG)).isNotEmptyFile();

    cli.reset();
    assertThat(cli.run("report", folder.toString())).as(cli.err()).isZero();
    String html = Files.readString(folder.resolve("report.html"));
    assertThat(html)
        .contains("<h2>Catch-up</h2>")
        .contains("id=\"catch-up\"")
        .containsPattern("alt=\"memory catch-up at 2,000 msgs/s after a 2 s backlog: caught up in");
  }

  @Test
  void receiversSlowerThanTheRateDoNotCatchUpAndTheRunSaysWhatWasLeft() throws IOException {
    // At most 1,000 msgs/s delivered against 2,000 sent: the backlog only grows.
    int code = catchUpRun("-p", "memory.deliveryRate=1000");

    assertThat(code).as(cli.err()).isEqualTo(5);
    Path folder = onlyResultsFolder();
    JsonNode json = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
    assertThat(json.at("/status").asText()).isEqualTo("receivers behind");
    JsonNode c = json.at("/catchUp");
    assertThat(c.at("/caughtUp").asBoolean()).isFalse();
    assertThat(c.has("catchUpSeconds")).isFalse();
    assertThat(c.has("after")).isFalse();
    assertThat(c.at("/backlogAtEnd").asLong()).isGreaterThan(c.at("/backlogAtStart").asLong());
    assertThat(cli.out()).contains("catch-up   DID NOT CATCH UP in ").contains("msgs left");
    assertThat(csvValue(folder, SummaryColumns.CAUGHT_UP)).isEqualTo("false");
    assertThat(csvValue(folder, SummaryColumns.CATCH_UP_S)).isEmpty();
    assertThat(json.at("/totals/lost").asLong()).as("drained after sending").isZero();
  }

  @Test
  void otherPhasesHaveNoCatchUpRecordAndEmptyCatchUpColumns() throws IOException {
    int code =
        cli.run(
            "run",
            "--mode",
            "rate",
            "--rate",
            "1000",
            "--duration",
            "1s",
            "--out",
            tmp.resolve("results").toString(),
            "--progress",
            "never");

    assertThat(code).as(cli.err()).isZero();
    Path folder = onlyResultsFolder();
    assertThat(JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON)).has("catchUp")).isFalse();
    assertThat(csvValue(folder, SummaryColumns.CAUGHT_UP)).isEmpty();
    assertThat(folder.resolve(ResultsWriter.CATCH_UP_SVG)).doesNotExist();
  }

  private void assertOneLineError(String expected, String... args) {
    cli.reset();
    int code = cli.run(args);
    assertThat(code).as(String.join(" ", args)).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().lines().toList()).as(cli.err()).hasSize(1);
    assertThat(cli.err()).startsWith("mqbench: ").contains(expected);
  }

  @Test
  void aCatchUpRunThatCannotMeasureIsRefusedInOneLine() {
    assertOneLineError(
        "--phases backlog-then-catch-up needs --mode rate",
        "run",
        "--phases",
        "backlog-then-catch-up",
        "--backlog",
        "3s");
    assertOneLineError(
        "--phases backlog-then-catch-up needs --backlog DURATION",
        "run",
        "--mode",
        "rate",
        "--rate",
        "100",
        "--phases",
        "backlog-then-catch-up");
    assertOneLineError(
        "--backlog applies only to --phases backlog-then-catch-up",
        "run",
        "--mode",
        "rate",
        "--rate",
        "100",
        "--backlog",
        "3s");
    assertOneLineError(
        "--backlog 30s must be shorter than --duration 30s",
        "run",
        "--mode",
        "rate",
        "--rate",
        "100",
        "--phases",
        "backlog-then-catch-up",
        "--backlog",
        "30s");
    assertOneLineError(
        "--phases backlog-then-catch-up needs senders and receivers",
        "run",
        "--mode",
        "rate",
        "--rate",
        "100",
        "--receivers",
        "0",
        "--phases",
        "backlog-then-catch-up",
        "--backlog",
        "3s");
    assertOneLineError(
        "--mode sweep does not combine with --phases backlog-then-catch-up",
        "run",
        "--mode",
        "sweep",
        "--phases",
        "backlog-then-catch-up",
        "--backlog",
        "3s");
  }
}
