package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FaultResult;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.ResultsWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: {@code kill-receiver} on a run over worker processes halts a receiving worker as kill
 * -9 would, at full load on Kafka. The run goes on with the other receiving worker (before, the
 * coordinator took the dead worker for a failure and stopped the run there, 1,310 acknowledged
 * messages unsettled); what the halted worker measured up to its death counts exactly, and what it
 * held unacknowledged is delivered again to the other worker.
 */
class WorkerKilledByAFaultIT {
  @TempDir Path tmp;

  @Test
  @Timeout(240)
  void aReceivingWorkerHaltedByAFaultLosesNothingAndTheOtherWorkerGetsWhatItHeld()
      throws Exception {
    try (WorkerProcesses processes = new WorkerProcesses(tmp)) {
      WorkerProcesses.Worker sender = processes.start("--port", "0");
      WorkerProcesses.Worker receiving = processes.start("--port", "0");
      WorkerProcesses.Worker killed = processes.start("--port", "0");
      Path out = tmp.resolve("results");
      CliCapture cli = new CliCapture();

      int code =
          cli.run(
              "run",
              "--queue",
              "kafka",
              "--workers",
              sender.address() + "," + receiving.address() + "," + killed.address(),
              "--worker-token-file",
              processes.tokenFile().toString(),
              "--sender-nodes",
              "1",
              "--receiver-nodes",
              "2",
              "--mode",
              "rate",
              "--rate",
              "2000",
              "--duration",
              "16s",
              "--warmup",
              "2s",
              "--fault",
              "kill-receiver@5s",
              "--out",
              out.toString());
      System.err.println(cli.err() + cli.out());

      String line =
          cli.err()
              .lines()
              .filter(l -> l.startsWith("mqbench: fault kill-receiver@5s: "))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no fault line in:\n" + cli.err()));
      assertThat(line).contains("worker node 3 (" + killed.address() + ") halted as kill -9");
      Matcher held = Pattern.compile("holding ([0-9,]+) unacknowledged").matcher(line);
      assertThat(held.find()).as(line).isTrue();
      assertThat(killed.process().waitFor(10, TimeUnit.SECONDS))
          .as("the halted worker's process is gone")
          .isTrue();
      assertThat(sender.process().isAlive()).isTrue();
      assertThat(receiving.process().isAlive()).isTrue();

      RunResult r;
      try (Stream<Path> runs = Files.list(out)) {
        Optional<Path> folder = runs.filter(Files::isDirectory).findFirst();
        assertThat(folder).as(cli.err()).isPresent();
        r = ResultsWriter.read(folder.get().resolve(ResultsWriter.RUN_JSON));
      }
      assertThat(r.status()).as(cli.err()).isNotIn(RunStatus.FAILED, RunStatus.UNSETTLED);
      assertThat(code).as(cli.err()).isNotEqualTo(ExitCodes.LOST_MESSAGES);
      assertThat(r.totals().lost()).as(cli.err()).isZero();
      assertThat(r.totals().unsettled()).as(cli.err()).isZero();
      assertThat(r.totals().sent()).as("sent for the whole run").isGreaterThan(25_000);
      long unacknowledged = Long.parseLong(held.group(1).replace(",", ""));
      assertThat(r.totals().duplicates())
          .as("what the halted worker held came again to the other one")
          .isGreaterThanOrEqualTo(unacknowledged);
      FaultResult f = r.faults().get(0);
      assertThat(f.after().received())
          .as("the other receiving worker went on after the halt")
          .isPositive();
    }
  }
}
