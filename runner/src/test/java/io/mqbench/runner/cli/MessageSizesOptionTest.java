package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.envelope.MessageSizes;
import io.mqbench.results.RunResult;
import io.mqbench.results.Totals;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.terminal.TerminalSummaryTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, point 3: {@code --size} was one fixed size with random padding. It now takes a weighted
 * mix and a compressibility, and every result records the sizes actually sent and bytes/s.
 */
class MessageSizesOptionTest {
  @TempDir Path tmp;

  @Test
  void aSizeMixIsSentInItsProportionsAndTheResultRecordsTheSizesActuallySent() throws Exception {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--messages",
            "20000",
            "--warmup",
            "0s",
            "--size",
            "100:70,1kb:25,16kb:5",
            "--compressibility",
            "0.5",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    Path run = onlyRun();
    RunResult result = ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON));
    assertThat(result.setup().settings().run().messageSizes())
        .isEqualTo(MessageSizes.parse("100:70,1024:25,16384:5"));
    assertThat(result.setup().settings().run().compressibility()).isEqualTo(0.5);
    Totals t = result.totals();
    assertThat(t.minMessageBytes()).isEqualTo(100);
    assertThat(t.maxMessageBytes()).isEqualTo(16_384);
    double expectedMean = 0.70 * 100 + 0.25 * 1024 + 0.05 * 16_384;
    assertThat(t.meanMessageBytes()).isCloseTo(expectedMean, within(0.1 * expectedMean));
    assertThat(t.sentBytesPerSecond())
        .isCloseTo(t.sentPerSecond() * t.meanMessageBytes(), within(1e-6 * t.sentBytesPerSecond()));

    List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
    List<String> header = Arrays.asList(csv.get(0).split(","));
    assertThat(header)
        .containsSubsequence(
            "senders_held_share",
            "sent_bytes_per_s",
            "message_bytes_min",
            "message_bytes_mean",
            "message_bytes_max");
    assertThat(csv.get(1))
        .contains(",\"100:70,1024:25,16384:5\",")
        .contains(",100," + String.format(java.util.Locale.ROOT, "%.1f", t.meanMessageBytes()))
        .contains(",16384,");
    assertThat(TerminalSummaryTest.line(cli.out(), "settings"))
        .contains("sizes 100:70,1024:25,16384:5 (mean 1,145 B), padding 50 % compressible");
    assertThat(TerminalSummaryTest.line(cli.out(), "sent"))
        .containsPattern("MiB/s; 100 to 16,384 B, mean [0-9,]+ B\\)");
  }

  @Test
  void oneSizeIsRecordedAsTheNumberItAlwaysWas() throws Exception {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--messages",
            "2000",
            "--warmup",
            "0s",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    Path run = onlyRun();
    assertThat(Files.readString(run.resolve(ResultsWriter.RUN_JSON))).contains("\"size\" : 100,");
    Totals t = ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON)).totals();
    assertThat(t.sentBytes()).isEqualTo(100 * t.sent());
    assertThat(TerminalSummaryTest.line(cli.out(), "sent")).endsWith(" MiB/s)");
  }

  @Test
  void aMalformedMixOrCompressibilityIsAOneLineError() {
    for (String[] args :
        new String[][] {
          {"--size", "100:70,1kb"}, {"--size", "10"}, {"--compressibility", "2"},
        }) {
      CliCapture cli = new CliCapture();

      int code = cli.run("run", "--queue", "memory", args[0], args[1], "--dry-run");

      assertThat(code).as(String.join(" ", args)).isEqualTo(ExitCodes.USAGE);
      assertThat(cli.err().strip()).doesNotContain("\n").contains(args[0]);
    }
  }

  @Test
  void aPayloadFileIsSentRecordByRecordAndTheResultNamesItsSizes() throws Exception {
    Path payloads =
        Files.writeString(
            tmp.resolve("events.jsonl"),
            "{\"event\":\"created\",\"id\":1}\n{\"event\":\"shipped\",\"id\":2,\"carrier\":\"x\"}\n");
    Path out = Files.createDirectory(tmp.resolve("results"));
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--messages",
            "2000",
            "--warmup",
            "0s",
            "--payload-file",
            payloads.toString(),
            "--out",
            out.toString());

    assertThat(code).as(cli.err()).isZero();
    Path run;
    try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
      run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    RunResult result = ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON));
    assertThat(result.setup().settings().run().payloadFile()).isPresent();
    assertThat(result.setup().settings().run().payloadFile().get().records()).isEqualTo(2);
    Totals t = result.totals();
    assertThat(t.lost()).isZero();
    assertThat(t.minMessageBytes()).isEqualTo(28 + 26);
    assertThat(t.maxMessageBytes()).isEqualTo(28 + 40);
    assertThat(t.sentBytes()).isEqualTo(1000L * (28 + 26) + 1000L * (28 + 40));
    assertThat(TerminalSummaryTest.line(cli.out(), "settings"))
        .contains("payloads from " + payloads + " (2 records of 26 to 40 B after the envelope)");
  }

  @Test
  void aPayloadFileWithASizeOrACompressibilityIsAOneLineError() throws Exception {
    Path payloads = Files.writeString(tmp.resolve("p.txt"), "one\n");
    for (String[] args : new String[][] {{"--size", "200"}, {"--compressibility", "0.5"}}) {
      CliCapture cli = new CliCapture();

      int code =
          cli.run(
              "run",
              "--queue",
              "memory",
              "--payload-file",
              payloads.toString(),
              args[0],
              args[1],
              "--dry-run");

      assertThat(code).as(String.join(" ", args)).isEqualTo(ExitCodes.USAGE);
      assertThat(cli.err().strip())
          .doesNotContain("\n")
          .contains("--payload-file")
          .contains(args[0]);
    }
  }

  private Path onlyRun() throws Exception {
    try (Stream<Path> runs = Files.list(tmp).filter(Files::isDirectory)) {
      return runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }
}
