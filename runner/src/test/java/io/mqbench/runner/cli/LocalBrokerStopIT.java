package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, defect 6: a run stopped with SIGTERM ends, settles and writes its results against a
 * live local broker, and the broker is gone afterwards. The runner is a process of its own with the
 * MongoDB stand-in (the quickest local broker to start) and a real signal.
 */
class LocalBrokerStopIT {
  @TempDir Path tmp;

  /** The runner, its stderr in a file, its scratch directories in {@code tmp/scratch}. */
  private Process runner(boolean ownProcessGroup, List<String> jvmOptions) throws IOException {
    Files.createDirectories(tmp.resolve("scratch"));
    List<String> command = new ArrayList<>();
    if (ownProcessGroup) {
      command.add("setsid"); // the runner leads a process group, as a shell's job or a service
    }
    command.add(RunnerProcess.java());
    command.add("-Djava.io.tmpdir=" + tmp.resolve("scratch"));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(
        List.of(
            "run",
            "--queue",
            "mongo",
            "--duration",
            "60s",
            "--warmup",
            "0s",
            "--progress",
            "never",
            "--out",
            tmp.resolve("results").toString()));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(tmp.resolve("runner.log").toFile())
        .start();
  }

  private String log() throws IOException {
    return Files.readString(tmp.resolve("runner.log"));
  }

  /** Waits until the run measures, then returns the local broker's process. */
  private ProcessHandle measuringWithItsBroker(Process runner) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    Optional<ProcessHandle> broker = Optional.empty();
    while (broker.isEmpty() || !log().contains("mqbench: NOTE")) {
      assertThat(runner.isAlive()).as(log()).isTrue();
      assertThat(System.nanoTime()).as("the local broker started: " + log()).isLessThan(deadline);
      Thread.sleep(200);
      broker =
          runner
              .descendants()
              .filter(
                  p ->
                      p.info().arguments().stream()
                          .flatMap(java.util.Arrays::stream)
                          .anyMatch(a -> a.endsWith("StdinWatchdog")))
              .findFirst();
    }
    Thread.sleep(4_000); // connected and measuring, messages in flight
    return broker.get();
  }

  private void assertStoppedWithSettledResultsAndNoBroker(Process runner, ProcessHandle broker)
      throws Exception {
    assertStoppedWithSettledResultsAndNoBroker(runner, broker, ExitCodes.TERMINATED);
  }

  private void assertStoppedWithSettledResultsAndNoBroker(
      Process runner, ProcessHandle broker, int exitCode) throws Exception {
    assertThat(runner.waitFor(60, TimeUnit.SECONDS)).as("the runner ended: " + log()).isTrue();
    assertThat(runner.exitValue()).as(log()).isEqualTo(exitCode);
    JsonNode run;
    try (Stream<Path> folders = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      Path folder = folders.findFirst().orElseThrow();
      run = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
    }
    assertThat(run.path("status").asText()).as(log()).isEqualTo("interrupted");
    assertThat(run.path("failure").isMissingNode())
        .as("no failure (a broker that died first fails the stopping run): " + run.path("failure"))
        .isTrue();
    assertThat(run.path("totals").path("sent").asLong()).isPositive();
    assertThat(run.path("totals").path("lost").asLong()).isZero();
    assertThat(run.path("totals").path("unsettled").asLong())
        .as("every acknowledged message received from the live broker: " + log())
        .isZero();
    assertThat(broker.onExit().get(20, TimeUnit.SECONDS).isAlive())
        .as("the broker is gone")
        .isFalse();
    try (Stream<Path> left = Files.list(tmp.resolve("scratch"))) {
      assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("mqbench-")))
          .as("the local broker's directory is deleted")
          .isEmpty();
    }
  }

  /**
   * Failed before: a terminal's Ctrl-C or a service manager's stop signals the runner's whole
   * process group, and the broker, in that group, died at once while the run was stopping (the run
   * then failed against it and left its messages unsettled).
   */
  @Test
  void sigtermToTheRunnersProcessGroupStopsTheLocalBrokerOnlyAfterTheResults() throws Exception {
    // -Xmx keeps the run in the runner's own JVM, so that the broker is the runner's child.
    Process runner = runner(true, List.of("-Xmx512m"));
    try {
      ProcessHandle broker = measuringWithItsBroker(runner);

      // The whole group, as a terminal or a service manager does.
      new ProcessBuilder("kill", "-TERM", "--", "-" + runner.pid()).start().waitFor();

      assertStoppedWithSettledResultsAndNoBroker(runner, broker);
    } finally {
      runner.descendants().forEach(ProcessHandle::destroyForcibly);
      runner.destroyForcibly();
    }
  }

  @Test
  void sigtermToTheRunnerStopsTheLocalBrokerOnlyAfterTheResults() throws Exception {
    Process runner = runner(false, List.of());
    try {
      ProcessHandle broker = measuringWithItsBroker(runner);

      RunnerProcess.signal("TERM", runner.pid());

      assertStoppedWithSettledResultsAndNoBroker(runner, broker);
    } finally {
      runner.descendants().forEach(ProcessHandle::destroyForcibly);
      runner.destroyForcibly();
    }
  }

  /**
   * Failed before: a hang-up is no stop request the runner handles, so the JVM shuts down; the run
   * stopped and settled, but the JVM ended before the results were written (an empty run.json).
   */
  @Test
  void aHangUpStopsTheLocalBrokerOnlyAfterTheResultsAreWritten() throws Exception {
    Process runner = runner(false, List.of("-Xmx512m"));
    try {
      ProcessHandle broker = measuringWithItsBroker(runner);

      RunnerProcess.signal("HUP", runner.pid());

      assertStoppedWithSettledResultsAndNoBroker(runner, broker, 128 + 1);
    } finally {
      runner.descendants().forEach(ProcessHandle::destroyForcibly);
      runner.destroyForcibly();
    }
  }

  /**
   * Issue 29, defect 10: a runner killed with SIGKILL runs no shutdown hook; its broker followed
   * it, but the broker's data (3.2 GB after a Kafka run) stayed until a later local broker's start.
   */
  @Test
  void aRunnerKilledWithSigkillLeavesNeitherItsBrokerNorItsData() throws Exception {
    Process runner = runner(false, List.of("-Xmx512m"));
    try {
      ProcessHandle broker = measuringWithItsBroker(runner);

      RunnerProcess.signal("KILL", runner.pid());

      assertThat(broker.onExit().get(30, TimeUnit.SECONDS).isAlive())
          .as("the broker is gone")
          .isFalse();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      List<String> left;
      do {
        Thread.sleep(200);
        try (Stream<Path> dirs = Files.list(tmp.resolve("scratch"))) {
          left =
              dirs.map(p -> p.getFileName().toString())
                  // The runner's own clients' log (a few KB) stays until the next run sweeps
                  // it; the broker's data, which may be gigabytes, must go now.
                  .filter(n -> n.startsWith("mqbench-") && !n.startsWith("mqbench-runner-"))
                  .toList();
        }
      } while (!left.isEmpty() && System.nanoTime() < deadline);
      assertThat(left).as("the local broker's directory is deleted").isEmpty();
    } finally {
      runner.descendants().forEach(ProcessHandle::destroyForcibly);
      runner.destroyForcibly();
    }
  }
}
