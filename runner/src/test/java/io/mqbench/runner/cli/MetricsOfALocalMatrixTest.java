package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.metrics.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live metrics of a matrix run in the coordinator's own process: each run is labelled with its
 * matrix cell and node {@code local}, one run's series replace the previous one's, and the last
 * run's final figures are its run.json's.
 */
class MetricsOfALocalMatrixTest {
  private static final Pattern URL = Pattern.compile("live metrics on (http://\\S+/metrics)");

  @TempDir Path tmp;

  @Test
  @Timeout(120)
  void eachRunOfAMatrixIsLabelledWithItsCellAndTheLastEndsWithItsRunJsonFigures() throws Exception {
    Path scenario =
        Files.writeString(
            tmp.resolve("matrix.yml"), "queue: memory\nduration: 2s\nmatrix:\n  batch: [1, 10]\n");
    Path out = tmp.resolve("results");
    CliCapture cli = new CliCapture();
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () ->
                cli.run(
                    "run",
                    "--scenario",
                    scenario.toString(),
                    "--metrics-port",
                    "0",
                    "--metrics-linger",
                    "10s",
                    "--out",
                    out.toString()));
    String url = null;
    while (url == null) {
      Matcher m = URL.matcher(cli.err());
      url = m.find() ? m.group(1) : null;
      assertThat(run).as(cli.err()).isNotDone();
      Thread.sleep(20);
    }
    Set<String> cells = new TreeSet<>();
    Set<String> runs = new TreeSet<>();
    Scrape last;
    while (true) {
      Scrape s = Scrape.of(url);
      for (Scrape.Sample sample : s.named("mqbench_run_finished")) {
        Map<String, String> labels = sample.labels();
        assertThat(labels).containsEntry("node", "local").containsEntry("queue", "memory");
        cells.add(labels.get("cell"));
        runs.add(labels.get("run"));
      }
      if (cli.err().contains("live metrics stay on")) {
        last = Scrape.of(url);
        break;
      }
      Thread.sleep(100);
    }
    assertThat(run.get(60, TimeUnit.SECONDS)).as(cli.err()).isZero();
    Path matrix;
    try (Stream<Path> folders = Files.list(out).filter(Files::isDirectory)) {
      matrix = folders.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    RunResult second = ResultsWriter.read(matrix.resolve("002").resolve(ResultsWriter.RUN_JSON));

    assertThat(cells).containsExactly("batch=1", "batch=10");
    assertThat(runs).hasSize(2);
    assertThat(last.named("mqbench_run_finished"))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo(1);
              assertThat(s.labels())
                  .containsEntry("cell", "batch=10")
                  .containsEntry("run", second.runId());
            });
    assertThat(last.value("mqbench_sent_messages_total")).isEqualTo(second.totals().sent());
    assertThat(last.value("mqbench_received_messages_total")).isEqualTo(second.totals().received());
    assertThat(last.value("mqbench_send_latency_seconds_count"))
        .isEqualTo(second.latency().byKind().get(LatencyKind.SEND).count());
  }
}
