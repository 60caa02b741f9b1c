package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.kafka.KafkaMqProvider;
import io.mqbench.results.NodeResult;
import io.mqbench.results.files.NodesFile;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator (this JVM) and three {@code mqbench worker} processes on loopback: a matrix with a
 * nodes axis merges exactly (the run's counts are the sum of the workers', nothing lost), the
 * spreadsheet has a row per run, the per-node rates add up to the run's, and a worker whose clock
 * is off by seconds is measured within its stated uncertainty and its latencies corrected.
 */
class MultiNodeIT {
  @TempDir static Path tmp;
  private static WorkerProcesses processes;
  private static List<String> workers;

  @BeforeAll
  static void startWorkers() throws Exception {
    processes = new WorkerProcesses(tmp);
    workers = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      workers.add(processes.start("--port", "0").address());
    }
  }

  @AfterAll
  static void stopWorkers() throws Exception {
    processes.close();
  }

  private static Path matrix(String queue, long messages) throws IOException {
    Path scenario = tmp.resolve(queue + "-matrix.yml");
    Files.writeString(
        scenario,
        "queue: "
            + queue
            + "\nmessages: "
            + messages
            + "\nmatrix:\n  nodes: [1, 3]\n  senders: [1, 2]\n");
    return scenario;
  }

  @Test
  void aMatrixWithANodesAxisOnTheMemoryBackendMergesExactly() throws Exception {
    Path out = tmp.resolve("memory-results");
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--scenario",
            matrix("memory", 5_000).toString(),
            "--workers",
            String.join(",", workers),
            "--worker-token-file",
            processes.tokenFile().toString(),
            "--out",
            out.toString());

    assertThat(code).as(cli.err() + cli.out()).isZero();
    checkMatrix(out, 5_000);
  }

  @Test
  void aMatrixWithANodesAxisOnKafkaMergesExactly() throws Exception {
    try (JavaLocalBroker kafka = kafka()) {
      Path out = tmp.resolve("kafka-results");
      CliCapture cli = new CliCapture();

      int code =
          cli.run(
              "run",
              "--scenario",
              matrix("kafka", 2_000).toString(),
              "--workers",
              String.join(",", workers),
              "--worker-token-file",
              processes.tokenFile().toString(),
              "-p",
              "kafka.bootstrapServers=" + kafka.address(),
              "--receiver-idle",
              "20s",
              "--out",
              out.toString());

      assertThat(code).as(cli.err() + cli.out()).isZero();
      checkMatrix(out, 2_000);
    }
  }

  @Test
  void withStopWorkersTheWorkersExitWhenTheCoordinatorIsDoneAsAKubernetesJobNeeds()
      throws Exception {
    try (WorkerProcesses own = new WorkerProcesses(Files.createTempDirectory(tmp, "stop"))) {
      List<WorkerProcesses.Worker> two =
          List.of(own.start("--port", "0"), own.start("--port", "0"));
      CliCapture cli = new CliCapture();

      int code =
          cli.run(
              "run",
              "--queue",
              "memory",
              "--messages",
              "1000",
              "--workers",
              two.get(0).address() + "," + two.get(1).address(),
              "--worker-token-file",
              own.tokenFile().toString(),
              "--nodes",
              "1",
              "--stop-workers",
              "--out",
              tmp.resolve("stop-results").toString());

      assertThat(code).as(cli.err()).isZero();
      assertThat(cli.err()).contains("told 2 worker(s) to exit");
      for (WorkerProcesses.Worker w : two) {
        assertThat(w.process().waitFor(10, java.util.concurrent.TimeUnit.SECONDS))
            .as("worker %s exited (also the one the run did not use)", w.address())
            .isTrue();
        assertThat(w.process().exitValue()).isZero();
      }
    }
  }

  /** Four runs (nodes 1 and 3, senders 1 and 2 per node), each merged exactly from its nodes. */
  private static void checkMatrix(Path out, long messagesPerSender) throws IOException {
    Path matrix;
    try (Stream<Path> s = Files.list(out).filter(Files::isDirectory)) {
      matrix = s.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    List<Map<String, String>> rows = readSummary(matrix.resolve("summary.xlsx"));
    assertThat(rows).hasSize(4);
    int[][] cells = {{1, 1}, {1, 2}, {3, 1}, {3, 2}};
    for (int i = 0; i < 4; i++) {
      int nodes = cells[i][0];
      int sendersPerNode = cells[i][1];
      Map<String, String> row = rows.get(i);
      assertThat(row.get("cell")).contains("nodes=" + nodes).contains("senders=" + sendersPerNode);
      long sent = (long) Double.parseDouble(row.get("messages_sent"));
      long received = (long) Double.parseDouble(row.get("messages_received"));
      assertThat(sent).isEqualTo(nodes * sendersPerNode * messagesPerSender);
      assertThat(received).isEqualTo(sent);
      assertThat(Double.parseDouble(row.get("lost"))).isZero();
      assertThat(Integer.parseInt(row.get("senders").replace(".0", "")))
          .as("senders across the run")
          .isEqualTo(nodes * sendersPerNode);

      List<NodeResult> perNode =
          NodesFile.read(matrix.resolve(String.format(java.util.Locale.ROOT, "%03d", i + 1)));
      assertThat(perNode).hasSize(nodes);
      assertThat(perNode).allSatisfy(n -> assertThat(n.failure()).isNull());
      assertThat(perNode.stream().mapToLong(NodeResult::sent).sum()).isEqualTo(sent);
      assertThat(perNode.stream().mapToLong(NodeResult::received).sum()).isEqualTo(received);
      double rate = Double.parseDouble(row.get("sent_msgs_per_s"));
      assertThat(perNode.stream().mapToDouble(NodeResult::sentPerSecond).sum())
          .as("per-node send rates add up to the run's")
          .isCloseTo(rate, within(Math.max(0.1, rate * 1e-6)));
      double receivedRate = Double.parseDouble(row.get("received_msgs_per_s"));
      assertThat(perNode.stream().mapToDouble(NodeResult::receivedPerSecond).sum())
          .isCloseTo(receivedRate, within(Math.max(0.1, receivedRate * 1e-6)));
    }
  }

  @Test
  void aWorkerClockOffByFiveSecondsIsMeasuredAndItsLatenciesCorrected() throws Exception {
    try (WorkerProcesses skewed = new WorkerProcesses(Files.createTempDirectory(tmp, "skew"));
        JavaLocalBroker kafka = kafka()) {
      String ahead = skewed.start("--port", "0", "--test-only-clock-offset", "5s").address();
      Path out = tmp.resolve("clock-results");
      CliCapture cli = new CliCapture();

      // Senders on the skewed worker, receivers on a true one: every end-to-end latency crosses
      // the two clocks.
      int code =
          cli.run(
              "run",
              "--queue",
              "kafka",
              "-p",
              "kafka.bootstrapServers=" + kafka.address(),
              "--workers",
              ahead + "," + workers.get(0),
              "--worker-token-file",
              processes.tokenFile().toString(),
              "--sender-nodes",
              "1",
              "--receiver-nodes",
              "1",
              "--messages",
              "3000",
              "--receiver-idle",
              "20s",
              "--out",
              out.toString());

      assertThat(code).as(cli.err() + cli.out()).isZero();
      Path run;
      try (Stream<Path> s = Files.list(out).filter(Files::isDirectory)) {
        run = s.filter(Files::isDirectory).findFirst().orElseThrow();
      }
      NodeResult skew = NodesFile.read(run).get(0);
      System.err.printf(
          "[clock] measured %.3f ms +- %.3f ms for a worker 5000 ms ahead%n",
          skew.clockOffsetMs(), skew.clockUncertaintyMs());
      // Same host, same monotonic clock: the true offset is exactly the artificial one.
      assertThat(Math.abs(skew.clockOffsetMs() - 5000))
          .as("offset within its uncertainty")
          .isLessThanOrEqualTo(skew.clockUncertaintyMs());
      JsonNode result = new ObjectMapper().readTree(run.resolve("run.json").toFile());
      JsonNode e2e = result.path("latencies").path("end-to-end-latency");
      double p50 = e2e.path("p50Ms").asDouble(-1);
      double p90 = e2e.path("p90Ms").asDouble(-1);
      System.err.printf("[clock] end-to-end p50 %.3f ms, p90 %.3f ms%n", p50, p90);
      // Uncorrected, every latency would be 5 s off: below 5 s they would read 0 (clamped); a
      // correction the wrong way would put them above 5,000 ms. (The first messages wait for the
      // consumer group's join, so latencies of hundreds of ms are expected here.)
      assertThat(p50).isGreaterThan(0);
      assertThat(p90).isLessThan(5_000);
      // Every end-to-end figure carries the two clocks' uncertainty; none came out negative.
      JsonNode clock = result.path("endToEndClock");
      double bound = skew.clockUncertaintyMs() + NodesFile.read(run).get(1).clockUncertaintyMs();
      assertThat(clock.path("clockBoundMs").asDouble(-1)).isCloseTo(bound, within(1e-6));
      assertThat(clock.path("negativeSamples").asLong(-1)).isZero();
      assertThat(cli.out()).contains(" +/- ");
    }
  }

  static List<Map<String, String>> readSummary(Path xlsx) throws IOException {
    try (InputStream in = new FileInputStream(xlsx.toFile());
        ReadableWorkbook wb = new ReadableWorkbook(in)) {
      // One row per run, with the CSV's columns (the "summary" sheet has one row per cell).
      List<Row> rows =
          wb.getSheets().filter(s -> s.getName().equals("runs")).findFirst().orElseThrow().read();
      List<String> headers = new ArrayList<>();
      rows.get(0).forEach(c -> headers.add(c.getRawValue()));
      List<Map<String, String>> out = new ArrayList<>();
      for (Row r : rows.subList(1, rows.size())) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < headers.size(); i++) {
          m.put(headers.get(i), r.getCellRawValue(i).orElse(""));
        }
        out.add(m);
      }
      return out;
    }
  }

  /** A local single-node Kafka, as the runner starts it, with a small heap. */
  private static JavaLocalBroker kafka() throws InterruptedException {
    JavaLocalBroker kafka = new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER);
    kafka.start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", "384")));
    return kafka;
  }
}
