package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.Mode;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.envelope.MessageSizes;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Totals;
import io.mqbench.results.files.ResultsWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code run.json} written by mqbench before its format had a version ({@code mqbench run --queue
 * memory --messages 20000} on main at 82588fd, committed as it came) still reads, typed, with every
 * figure it holds, and reports are made from it. A result field renamed without a decision about
 * version 1 fails here: the old name no longer fills the new field.
 */
class Version1RunJsonTest {
  /** The committed file, as {@code mqbench run} wrote it. */
  static final String V1_RUN_JSON = "/run-json/v1-memory-run.json";

  @TempDir Path tmp;

  /**
   * @param dir a folder to put it in
   * @return the committed version-1 run.json, copied into {@code dir}
   */
  static Path version1RunJson(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(ResultsWriter.RUN_JSON);
    try (InputStream in = Version1RunJsonTest.class.getResourceAsStream(V1_RUN_JSON)) {
      Files.copy(in, file);
    }
    return file;
  }

  @Test
  void aVersion1RunJsonReadsIntoTheTypedResultWithEveryFigureItHolds() throws IOException {
    RunResult r = ResultsWriter.read(version1RunJson(tmp));

    assertThat(r.formatVersion()).isEqualTo(1);
    assertThat(r.runId()).isEqualTo("53a677af");
    assertThat(r.startedAt()).isEqualTo("2026-11-24T23:59:02.077Z");
    assertThat(r.status()).isEqualTo(RunStatus.OK);
    assertThat(r.failure()).isNull();
    assertThat(r.queue()).isEqualTo("memory");
    assertThat(r.target()).isEqualTo("in-process");
    assertThat(r.setup().cell()).isEmpty();
    assertThat(r.setup().repetition()).isZero();
    assertThat(r.setup().backendConfig())
        .containsEntry("memory.maxDepth", "100000")
        .containsEntry("memory.visibilityTimeout", "30s")
        .hasSize(6);

    RunSettings s = r.setup().settings().run();
    assertThat(s.mode()).isEqualTo(Mode.THROUGHPUT);
    assertThat(s.senders()).isEqualTo(1);
    assertThat(s.receivers()).isEqualTo(1);
    assertThat(s.messagesPerSender()).isEqualTo(20_000L);
    assertThat(s.duration()).isEmpty();
    assertThat(s.rate()).isEmpty();
    assertThat(s.maxBatch()).isEqualTo(10);
    assertThat(s.messageSizes()).isEqualTo(MessageSizes.of(100));
    assertThat(s.inFlight()).isEqualTo(128);
    assertThat(s.phases()).isEqualTo(Phases.TOGETHER);
    assertThat(s.backlog()).as("not in version 1: none").isEmpty();
    assertThat(s.receiverIdle()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.receiveWait()).isEqualTo(Duration.ofMillis(200));
    assertThat(s.connectTimeout())
        .as("not in version 1: the default")
        .isEqualTo(RunSettings.DEFAULT_CONNECT_TIMEOUT);
    assertThat(s.maxBacklog()).isEqualTo(BacklogLimit.AUTO);
    assertThat(r.setup().settings().warmup()).isEqualTo(Duration.ofSeconds(5));
    assertThat(r.setup().settings().seed()).isEqualTo(3203804398882155966L);

    assertThat(r.setup().environment().javaVersion()).isEqualTo("17.0.15");
    assertThat(r.setup().environment().cores()).isEqualTo(2);
    assertThat(r.setup().environment().maxHeapBytes()).isEqualTo(140_509_184L);
    assertThat(r.setup().environment().peakResidentBytes()).isEqualTo(166_850_560L);
    assertThat(r.setup().environment().versions()).containsEntry("broker", "memory (in-process)");

    Totals t = r.totals();
    assertThat(t.sent()).isEqualTo(20_000);
    assertThat(t.received()).isEqualTo(20_000);
    assertThat(t.distinct()).isEqualTo(20_000);
    assertThat(t.lost()).isZero();
    assertThat(t.sendSeconds()).isEqualTo(0.003322599);
    assertThat(t.receiveSeconds()).isEqualTo(0.014306028);
    assertThat(t.sentPerSecond()).isEqualTo(6019384.22301337);
    assertThat(t.receivedPerSecond()).isEqualTo(1398012.0827388286);
    assertThat(t.endedIdle()).isFalse();

    assertThat(r.rates().senders())
        .singleElement()
        .satisfies(x -> assertThat(x.messages()).isEqualTo(20_000));
    assertThat(r.rates().receivers().get(0).msgsPerSecond()).isEqualTo(1398012.0827388286);
    assertThat(r.rates().timeline())
        .singleElement()
        .satisfies(
            x -> {
              assertThat(x.sentInSecond()).isEqualTo(20_000);
              assertThat(x.seconds()).isEqualTo(0.020130206);
            });

    assertThat(r.latency().byKind()).containsOnlyKeys(LatencyKind.SEND, LatencyKind.END_TO_END);
    Latency e2e = r.latency().byKind().get(LatencyKind.END_TO_END);
    assertThat(e2e.count()).isEqualTo(20_000);
    assertThat(e2e.minMs()).isEqualTo(0.065);
    assertThat(e2e.meanMs()).isEqualTo(7.23534515);
    assertThat(e2e.p50Ms()).isEqualTo(5.791);
    assertThat(e2e.p90Ms()).isEqualTo(10.767);
    assertThat(e2e.p99Ms()).isEqualTo(10.991);
    assertThat(e2e.p999Ms()).isEqualTo(11.015);
    assertThat(e2e.p9999Ms()).isEqualTo(11.015);
    assertThat(e2e.p99999Ms()).as("20,000 values do not support p99.999").isNull();
    assertThat(e2e.maxMs()).isEqualTo(11.015);
    assertThat(e2e.histogram().getTotalCount()).as("the histogram decodes").isEqualTo(20_000);
    assertThat(e2e.histogram().getValueAtPercentile(50) / 1000.0).isEqualTo(5.791);
    assertThat(r.latency().byKind().get(LatencyKind.SEND).histogram().getTotalCount())
        .isEqualTo(3646);

    assertThat(r.rates().rate()).isNull();
    assertThat(r.cost().requests()).isNull();
    assertThat(r.rates().limit()).isNull();
    assertThat(r.catchUp()).as("not in version 1, nor in any run of other phases").isNull();
    assertThat(r.setup().warnings()).isEmpty();
    assertThat(r.delivery().bitmaps()).as("delivery.bin's, never run.json's").isNull();
  }

  @Test
  void runFiguresOfAVersion1RunCarryItsFigures() throws IOException {
    RunFigures f = RunFigures.of(ResultsWriter.read(version1RunJson(tmp)), "old");

    assertThat(f.source()).isEqualTo("old");
    assertThat(f.runId()).isEqualTo("53a677af");
    assertThat(f.status()).isEqualTo(RunStatus.OK);
    assertThat(f.statusLine()).isEqualTo("ok");
    assertThat(f.sentPerSecond()).isEqualTo(6019384.22301337);
    assertThat(f.receivedPerSecond()).isEqualTo(1398012.0827388286);
    assertThat(f.endToEndPerSecond()).as("0 in the file: not measured").isNull();
    assertThat(f.lost()).isZero();
    assertThat(f.targetRate()).isNull();
    assertThat(f.settings().run().messagesPerSender()).isEqualTo(20_000L);
    assertThat(f.latencyMs(LatencyKind.END_TO_END, Latency.P50)).isEqualTo(5.791);
    assertThat(f.latencyMs(LatencyKind.END_TO_END, Latency.P99)).isEqualTo(10.991);
    assertThat(f.latencyMs(LatencyKind.END_TO_END, Latency.MAX)).isEqualTo(11.015);
    assertThat(f.latencyMs(LatencyKind.END_TO_END, Latency.P99_999)).isNull();
    assertThat(f.latencyMs(LatencyKind.SEND, Latency.P99_9)).isEqualTo(0.018);
    assertThat(f.histogram(LatencyKind.END_TO_END).getTotalCount()).isEqualTo(20_000);
    assertThat(f.timeline())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p[0]).isEqualTo(0.020130206);
              assertThat(p[1]).isEqualTo(20_000 / 0.020130206);
            });
    assertThat(f.environment())
        .containsEntry("javaVersion", "17.0.15")
        .containsEntry("versions.broker", "memory (in-process)")
        .containsEntry("backend memory.maxDepth", "100000")
        .containsEntry("target", "in-process");
  }

  @Test
  void aVersion1RunRewrittenIsInThisVersionsFormatWithTheSameFigures() throws IOException {
    RunResult old = ResultsWriter.read(version1RunJson(tmp.resolve("old")));

    ResultsWriter.writeRunJson(old, tmp.resolve("new"));
    RunResult rewritten = ResultsWriter.read(tmp.resolve("new").resolve(ResultsWriter.RUN_JSON));

    assertThat(rewritten.formatVersion()).isEqualTo(RunResult.FORMAT_VERSION);
    assertThat(rewritten).isEqualTo(old.withFormatVersion(RunResult.FORMAT_VERSION));
  }

  @Test
  void aReportOfAFolderWithAVersion1RunShowsItsFigures() throws IOException {
    Path folder = tmp.resolve("20261124-235902-memory");
    version1RunJson(folder);

    List<RunFigures> runs = Reports.read(folder);
    Path html = Reports.write(List.of(folder), tmp.resolve("report.html"));

    assertThat(runs).singleElement().satisfies(r -> assertThat(r.sentPerSecond()).isPositive());
    assertThat(CellSummary.csv(CellFigures.of(runs)))
        .contains(",6019384.2,")
        .contains(",1398012.1,")
        .contains(",5.791,");
    assertThat(Files.readString(html))
        .contains("6,019,384")
        .contains("1,398,012")
        .contains("5.791")
        .contains("memory (in-process)");
  }
}
