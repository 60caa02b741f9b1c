package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FaultResult;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
      FaultRun ran =
          FaultRun.of(
              tmp,
              "results",
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
              "kill-receiver@5s");
      System.err.println(ran.out());

      String line = ran.line("kill-receiver@5s");
      assertThat(line).contains("worker node 3 (" + killed.address() + ") halted as kill -9");
      Matcher held = Pattern.compile("holding ([0-9,]+) unacknowledged").matcher(line);
      assertThat(held.find()).as(line).isTrue();
      assertThat(killed.process().waitFor(10, TimeUnit.SECONDS))
          .as("the halted worker's process is gone")
          .isTrue();
      assertThat(sender.process().isAlive()).isTrue();
      assertThat(receiving.process().isAlive()).isTrue();

      RunResult r = ran.result();
      assertThat(r.status()).as(ran.err()).isNotIn(RunStatus.FAILED, RunStatus.UNSETTLED);
      ran.assertNothingLost();
      assertThat(r.totals().sent()).as("sent for the whole run").isGreaterThan(25_000);
      long unacknowledged = Long.parseLong(held.group(1).replace(",", ""));
      assertThat(r.totals().duplicates())
          .as("what the halted worker held came again to the other one")
          .isGreaterThanOrEqualTo(unacknowledged);
      FaultResult f = r.faults().injected().get(0);
      assertThat(f.after().received())
          .as("the other receiving worker went on after the halt")
          .isPositive();
    }
  }
}
