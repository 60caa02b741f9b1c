package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.metrics.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dashboard opened while a run warms up finds the run: the endpoint serves its labels, figures of
 * 0 and {@code mqbench_warming_up 1}, not an empty page.
 */
class MetricsWhileWarmingUpTest {
  private static final Pattern URL = Pattern.compile("live metrics on (http://\\S+/metrics)");

  @TempDir Path tmp;

  @Test
  @Timeout(120)
  void aScrapeDuringTheWarmUpShowsTheRunWithFiguresOfZero() throws Exception {
    Path out = tmp.resolve("results");
    CliCapture cli = new CliCapture();
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () ->
                cli.run(
                    "run",
                    "--queue",
                    "memory",
                    "--warmup",
                    "4s",
                    "--duration",
                    "1s",
                    "--metrics-port",
                    "0",
                    "--out",
                    out.toString()));
    String url = null;
    while (url == null || !cli.err().contains("warming up")) {
      Matcher m = URL.matcher(cli.err());
      url = m.find() ? m.group(1) : null;
      assertThat(run).as(cli.err()).isNotDone();
      Thread.sleep(20);
    }
    Scrape warming = Scrape.of(url);

    assertThat(warming.named("mqbench_warming_up"))
        .as("the scrape during the warm-up: %s", warming.samples())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.value()).isEqualTo(1);
              assertThat(s.labels())
                  .containsEntry("queue", "memory")
                  .containsEntry("view", "run")
                  .containsKey("run");
            });
    assertThat(warming.value("mqbench_sent_messages_total")).isZero();
    assertThat(warming.value("mqbench_run_finished")).isZero();
    run.get(60, TimeUnit.SECONDS);
    Path folder;
    try (Stream<Path> folders = Files.list(out).filter(Files::isDirectory)) {
      folder = folders.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    RunResult result = ResultsWriter.read(folder.resolve(ResultsWriter.RUN_JSON));
    assertThat(warming.named("mqbench_warming_up").get(0).labels())
        .containsEntry("run", result.runId());
  }
}
