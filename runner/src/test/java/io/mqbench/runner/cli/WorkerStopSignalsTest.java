package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.StopSignals;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One SIGTERM or SIGINT, sent to a real worker process, stops it: an idle one at once, a busy one
 * once its cells are closed, within the grace --help names; and it says so as a worker, not as a
 * run that writes partial results.
 */
@Timeout(120)
class WorkerStopSignalsTest {
  /** Well under the grace of a busy worker; an idle one has nothing to wait for. */
  private static final double IDLE_STOP_SECONDS = 5;

  @TempDir Path tmp;
  private WorkerProcesses processes;
  private final ExecutorService coordinator = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    coordinator.shutdownNow();
    if (processes != null) {
      processes.close();
    }
  }

  private WorkerProcesses.Worker worker() throws Exception {
    processes = new WorkerProcesses(tmp);
    return processes.start("--port", "0");
  }

  /** Sends the signal once and waits for the exit: the seconds it took. */
  private static double signalAndWait(WorkerProcesses.Worker worker, String signal)
      throws Exception {
    long start = System.nanoTime();
    new ProcessBuilder("kill", "-" + signal, Long.toString(worker.process().pid()))
        .inheritIO()
        .start()
        .waitFor();
    assertThat(worker.process().waitFor(30, TimeUnit.SECONDS))
        .as("exited within 30 s after one SIG%s: %s", signal, worker.logText())
        .isTrue();
    return (System.nanoTime() - start) / 1e9;
  }

  private static void assertSaidAsAWorker(WorkerProcesses.Worker worker) {
    assertThat(worker.logText())
        .contains("mqbench worker: stopping")
        .doesNotContain("partial results");
  }

  @Test
  void oneSigtermStopsAnIdleWorkerAtOnce() throws Exception {
    WorkerProcesses.Worker worker = worker();

    double seconds = signalAndWait(worker, "TERM");

    assertThat(worker.process().exitValue()).as(worker.logText()).isEqualTo(143);
    assertThat(seconds).isLessThan(IDLE_STOP_SECONDS);
    assertSaidAsAWorker(worker);
  }

  @Test
  void oneSigintStopsAnIdleWorkerAtOnce() throws Exception {
    WorkerProcesses.Worker worker = worker();

    double seconds = signalAndWait(worker, "INT");

    assertThat(worker.process().exitValue()).as(worker.logText()).isEqualTo(130);
    assertThat(seconds).isLessThan(IDLE_STOP_SECONDS);
    assertSaidAsAWorker(worker);
  }

  @Test
  void oneSigtermStopsABusyWorkerWithinItsGrace() throws Exception {
    WorkerProcesses.Worker worker = worker();
    CliCapture cli = new CliCapture();
    Future<Integer> run =
        coordinator.submit(
            () ->
                cli.run(
                    "run",
                    "--queue",
                    "memory",
                    "--duration",
                    "60s",
                    "--workers",
                    worker.address(),
                    "--worker-token-file",
                    processes.tokenFile().toString(),
                    "--out",
                    tmp.resolve("results").toString()));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!worker.logText().contains("mqbench worker: cell ") && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    Thread.sleep(2_000);

    double seconds = signalAndWait(worker, "TERM");

    assertThat(worker.process().exitValue()).as(worker.logText()).isEqualTo(143);
    assertThat(seconds).isLessThan(WorkerCommand.STOP_GRACE_SECONDS + 2);
    assertSaidAsAWorker(worker);
    assertThat(run.get(60, TimeUnit.SECONDS)).as("the coordinator's run, failed").isNotZero();
  }

  @Test
  void aSignalBeforeTheCommandHasBegunDoesNotPromisePartialResults() {
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    StopSignals stop = StopSignals.manual(new PrintStream(said, true));

    stop.request(true);
    stop.onStop(() -> {}, StopSignals.Notices.RUN);

    assertThat(stop.requested()).isTrue();
    assertThat(said.toString())
        .contains("mqbench: stopping")
        .doesNotContain("partial results")
        .doesNotContain("mqbench worker");
  }

  @Test
  void theHelpSaysHowLongABusyWorkerTakesToStop() {
    CliCapture cli = new CliCapture();

    cli.run("worker", "--help");

    assertThat(cli.out() + cli.err())
        .contains("SIGTERM")
        .contains(WorkerCommand.STOP_GRACE_SECONDS + " s");
  }
}
