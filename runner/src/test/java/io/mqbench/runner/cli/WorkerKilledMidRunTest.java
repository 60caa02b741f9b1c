package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.Tick;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.NodeResult;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.NodesFile;
import io.mqbench.results.files.ResultsWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run over two {@code mqbench worker} processes, one of which is killed with SIGKILL at half
 * time: the run fails naming it and keeps what that worker measured up to its last checkpoint (its
 * sends, its receipts, their end-to-end samples), marked partial; no second of the timeline counts
 * backwards.
 */
class WorkerKilledMidRunTest {
  @TempDir Path tmp;

  @Test
  @Timeout(120)
  void aWorkerKilledAtHalfTimeKeepsItsReceiptsAndEndToEndValuesUpToItsLastCheckpoint()
      throws Exception {
    try (WorkerProcesses processes = new WorkerProcesses(tmp)) {
      WorkerProcesses.Worker alive = processes.start("--port", "0");
      WorkerProcesses.Worker killed = processes.start("--port", "0");
      Thread killer =
          new Thread(
              () -> {
                try {
                  while (!killed.logText().contains("cell ")) {
                    Thread.sleep(20);
                  }
                  Thread.sleep(4_000); // half of the run's 8 s
                } catch (InterruptedException e) {
                  return;
                }
                // SIGKILL to the worker's JVM, and to a JVM it may have started for its heap.
                killed.process().descendants().forEach(ProcessHandle::destroyForcibly);
                killed.process().destroyForcibly();
              });
      killer.start();
      Path out = tmp.resolve("results");
      CliCapture cli = new CliCapture();

      int code =
          cli.run(
              "run",
              "--queue",
              "memory",
              "--workers",
              alive.address() + "," + killed.address(),
              "--worker-token-file",
              processes.tokenFile().toString(),
              "--mode",
              "rate",
              "--rate",
              "4000",
              "--duration",
              "8s",
              "--warmup",
              "0s",
              "--out",
              out.toString());
      killer.join();

      Path run;
      try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
        run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
      }
      RunResult result = ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON));
      // The killed worker's last checkpoint may hold a message its sender had acknowledged and its
      // receiver not yet taken (its queue is in its own process): neither received nor proven
      // lost, so the failed run is unsettled (seen once in a full .ci/run, two modules at a time).
      RunStatus expected = result.totals().unsettled() > 0 ? RunStatus.UNSETTLED : RunStatus.FAILED;
      assertThat(code).as(cli.err()).isEqualTo(expected.exitCode());
      assertThat(result.failure()).contains("worker " + killed.address());
      String partial = "worker " + killed.address() + ": measured up to its last checkpoint";
      assertThat(result.delivery().partial())
          .singleElement(InstanceOfAssertFactories.STRING)
          .startsWith(partial);
      assertThat(cli.out()).contains("partial    " + partial);
      List<NodeResult> nodes = NodesFile.read(run);
      NodeResult dead = nodes.get(1);
      assertThat(dead.node()).isEqualTo(killed.address());
      // 2,000 msgs/s on each worker, killed after about 4 s: 3 checkpoints at least.
      assertThat(dead.received()).as("the killed worker's receipts").isGreaterThan(4_000);
      assertThat(dead.sent()).as("the killed worker's sends").isGreaterThan(4_000);
      assertThat(dead.failure()).contains("measured up to its last checkpoint");
      // What each worker's process used, per worker and added up (the dead one's to its
      // checkpoint).
      assertThat(nodes.get(0).harness()).as("the live worker's CPU").isNotNull();
      assertThat(nodes.get(0).harness().cpuSeconds()).isPositive();
      assertThat(dead.harness()).as("the killed worker's CPU to its checkpoint").isNotNull();
      assertThat(result.harness().processes()).isEqualTo(2);
      assertThat(result.harness().cpuSeconds())
          .isCloseTo(
              nodes.get(0).harness().cpuSeconds() + dead.harness().cpuSeconds(),
              org.assertj.core.api.Assertions.offset(1e-6));
      Latency endToEnd = result.latency().byKind().get(LatencyKind.END_TO_END);
      long negative =
          result.latency().endToEndClock() == null
              ? 0
              : result.latency().endToEndClock().negativeSamples();
      assertThat(endToEnd.count() + negative)
          .as("end-to-end samples of both workers, the killed one's up to its checkpoint")
          .isEqualTo(result.totals().received())
          .isEqualTo(nodes.get(0).received() + dead.received());
      assertThat(result.rates().timeline())
          .isNotEmpty()
          .allSatisfy(
              t -> {
                assertThat(t.sentInSecond()).as("sent in second %d", t.second()).isNotNegative();
                assertThat(t.receivedInSecond())
                    .as("received in second %d", t.second())
                    .isNotNegative();
              });
      Tick last = result.rates().timeline().get(result.rates().timeline().size() - 1);
      assertThat(last.receivedTotal()).isEqualTo(result.totals().received());
    }
  }
}
