package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.metrics.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live metrics of a run over two {@code mqbench worker} processes (memory backend), each with its
 * own {@code --metrics-port}, coordinated by {@code run --metrics-port} in this JVM: the
 * coordinator's endpoint is scraped while the run goes on and once it has ended, and so is each
 * worker's. The coordinator's merged histograms are the workers' added bucket by bucket, and their
 * counts are the run's final figures in run.json; every metric the Grafana dashboard queries is in
 * these real scrapes.
 */
class MetricsOverTwoWorkersTest {
  private static final Pattern URL = Pattern.compile("live metrics on (http://\\S+/metrics)");
  private static final Path DASHBOARD =
      Path.of("../docker/monitoring/grafana/dashboards/mqbench.json");
  private static final String E2E = "mqbench_end_to_end_latency_seconds";

  @TempDir static Path tmp;
  private static WorkerProcesses processes;
  private static final List<Scrape> during = new ArrayList<>();
  private static Scrape coordinator;
  private static final List<Scrape> workers = new ArrayList<>();
  private static RunResult result;
  private static int code;
  private static String err;

  @BeforeAll
  @Timeout(180)
  static void runOverTwoWorkersScrapingEveryEndpoint() throws Exception {
    processes = new WorkerProcesses(tmp);
    List<String> workerUrls = new ArrayList<>();
    List<String> addresses = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      WorkerProcesses.Worker w =
          processes.start("--port", "0", "--metrics-port", "0", "--metrics-node", "w" + i);
      addresses.add(w.address());
      workerUrls.add(metricsUrl(w::logText));
    }
    CliCapture cli = new CliCapture();
    Path out = tmp.resolve("results");
    CompletableFuture<Integer> run =
        CompletableFuture.supplyAsync(
            () ->
                cli.run(
                    "run",
                    "--queue",
                    "memory",
                    "--workers",
                    String.join(",", addresses),
                    "--worker-token-file",
                    processes.tokenFile().toString(),
                    "--mode",
                    "rate",
                    "--rate",
                    "2000",
                    "--duration",
                    "5s",
                    "--metrics-port",
                    "0",
                    // Long enough for the scrapes below on a busy machine; the run ends with it.
                    "--metrics-linger",
                    "10s",
                    "--out",
                    out.toString()));
    String url = metricsUrl(cli::err);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (true) {
      Scrape s = Scrape.of(url);
      if (!s.named("mqbench_run_finished").isEmpty() && s.value("mqbench_run_finished") == 1) {
        // Ended: the workers' last reports are their final ones, which the coordinator merged.
        for (String w : workerUrls) {
          workers.add(Scrape.of(w));
        }
        coordinator = Scrape.of(url);
        break;
      }
      during.add(s);
      assertThat(System.nanoTime()).as("the run ends within 2 minutes").isLessThan(deadline);
      Thread.sleep(250);
    }
    code = run.get(60, TimeUnit.SECONDS);
    err = cli.err();
    Path folder;
    try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
      folder = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    result = ResultsWriter.read(folder.resolve(ResultsWriter.RUN_JSON));
  }

  @AfterAll
  static void stopTheWorkers() {
    if (processes != null) {
      processes.close();
    }
  }

  /** The URL an endpoint printed, waited for. */
  private static String metricsUrl(java.util.function.Supplier<String> log) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      Matcher m = URL.matcher(log.get());
      if (m.find()) {
        return m.group(1);
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no metrics URL printed:\n" + log.get());
  }

  @Test
  void theMergedHistogramsCountIsTheSumOfTheWorkersAndTheRunsFinalFigure() {
    assertThat(code).as(err).isZero();
    double merged = coordinator.value(E2E + "_count");
    double w0 = workers.get(0).value(E2E + "_count");
    double w1 = workers.get(1).value(E2E + "_count");

    assertThat(w0).isPositive();
    assertThat(w1).isPositive();
    assertThat(merged).isEqualTo(w0 + w1);
    assertThat((long) merged)
        .isEqualTo(result.latency().byKind().get(LatencyKind.END_TO_END).count());
    assertThat(coordinator.value("mqbench_received_messages_total"))
        .isEqualTo(result.totals().received());
    assertThat(coordinator.value("mqbench_sent_messages_total")).isEqualTo(result.totals().sent());
    assertThat(coordinator.value("mqbench_lost_messages")).isEqualTo(result.totals().lost());
  }

  @Test
  void theMergedBucketsAreTheWorkersBucketsAdded() {
    for (String histogram :
        List.of(
            E2E,
            "mqbench_send_latency_seconds",
            "mqbench_response_latency_seconds",
            "mqbench_schedule_lag_seconds",
            "mqbench_harness_lag_seconds")) {
      Map<String, Double> sum = new LinkedHashMap<>();
      for (Scrape w : workers) {
        w.buckets(histogram).forEach((le, n) -> sum.merge(le, n, Double::sum));
      }
      assertThat(coordinator.buckets(histogram))
          .as(histogram)
          .isEqualTo(sum)
          .hasSizeGreaterThan(300);
    }
  }

  @Test
  void everySeriesIsLabelledByRunCellNodeQueueAndViewSoThatNoDashboardNeedsAJobName() {
    String runId = result.runId();
    assertThat(coordinator.samples())
        .allSatisfy(
            s ->
                assertThat(s.labels())
                    .containsEntry("run", runId)
                    .containsEntry("cell", "-")
                    .containsEntry("node", "all")
                    .containsEntry("queue", "memory")
                    .containsEntry("view", "run"));
    assertThat(workers.get(0).samples())
        .allSatisfy(
            s -> assertThat(s.labels()).containsEntry("node", "w0").containsEntry("view", "node"));
    assertThat(workers.get(1).samples())
        .allSatisfy(
            s -> assertThat(s.labels()).containsEntry("node", "w1").containsEntry("view", "node"));
  }

  @Test
  void theEndpointShowsTheRunWhileItGoesOn() {
    List<Scrape> live =
        during.stream()
            .filter(s -> !s.named(E2E + "_count").isEmpty() && s.value(E2E + "_count") > 0)
            .toList();
    List<Double> counts = live.stream().map(s -> s.value(E2E + "_count")).toList();
    double last = coordinator.value(E2E + "_count");

    assertThat(counts).as("counts scraped before the run ended").isNotEmpty().isSorted();
    assertThat(counts).allSatisfy(c -> assertThat(c).isLessThanOrEqualTo(last));
    assertThat(counts.get(0)).as("a count scraped in the middle of the run").isLessThan(last);
    assertThat(live.stream().map(s -> s.value("mqbench_run_finished")).toList()).containsOnly(0.0);
    assertThat(err).contains("live metrics stay on");
  }

  @Test
  void everyMetricTheDashboardQueriesIsInARealScrape() throws Exception {
    JsonNode dashboard = JsonTrees.read(DASHBOARD);
    Set<String> coordinatorQueries = new TreeSet<>();
    Set<String> workerQueries = new TreeSet<>();
    Pattern name = Pattern.compile("\\b(mqbench_[a-z_]+)\\b");
    List<String> exprs = new ArrayList<>();
    for (JsonNode panel : dashboard.required("panels")) {
      for (JsonNode target : panel.required("targets")) {
        String expr = target.required("expr").asText();
        exprs.add(expr);
        Matcher m = name.matcher(expr);
        while (m.find()) {
          (expr.contains("view=\"node\"") ? workerQueries : coordinatorQueries).add(m.group(1));
        }
      }
    }
    String variable =
        dashboard.required("templating").required("list").get(0).required("definition").asText();
    Matcher m = name.matcher(variable);
    assertThat(m.find()).isTrue();
    coordinatorQueries.add(m.group(1));

    assertThat(exprs).hasSizeGreaterThanOrEqualTo(10);
    assertThat(coordinatorQueries).hasSizeGreaterThanOrEqualTo(10);
    assertThat(coordinator.names()).containsAll(coordinatorQueries);
    assertThat(workerQueries).isNotEmpty();
    assertThat(workers.get(0).names()).containsAll(workerQueries);
    assertThat(exprs)
        .filteredOn(e -> e.startsWith("histogram_quantile"))
        .isNotEmpty()
        .allSatisfy(e -> assertThat(e).contains("_bucket{").contains("by (le)"));
  }
}
