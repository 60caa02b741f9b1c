package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three workers on three "hosts": network namespaces with their own private addresses, joined to
 * this (the coordinator's) namespace by veth pairs, so that traffic goes over those addresses only
 * and the workers must bind beyond loopback, with a token. One worker is killed mid-cell: that cell
 * fails naming it, the matrix goes on with the next cell, and nothing hangs.
 *
 * <p>Needs root and {@code ip netns} (CI has both); elsewhere it is skipped, saying why.
 */
class WorkersInNetworkNamespacesIT {
  private static final long PID = ProcessHandle.current().pid();
  private static final int SUBNET = (int) (PID % 250);

  @TempDir Path tmp;
  private final List<String> namespaces = new ArrayList<>();
  private WorkerProcesses processes;

  private static String namespace(int i) {
    return "mqbn-" + PID + "-" + i;
  }

  private static String hostAddress(int i) {
    return "10.231." + SUBNET + "." + (4 * i + 1);
  }

  private static String workerAddress(int i) {
    return "10.231." + SUBNET + "." + (4 * i + 2);
  }

  private static String sh(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!p.waitFor(20, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", command) + ": no answer within 20 s");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + ": exit " + p.exitValue() + ": " + out);
    }
    return out;
  }

  /** Makes namespace {@code i} with a veth pair to this namespace, or says why it cannot. */
  private void host(int i) throws IOException, InterruptedException {
    String ns = namespace(i);
    String outside = "mqh" + (PID % 100_000) + i;
    String inside = "mqw" + (PID % 100_000) + i;
    sh("ip", "netns", "add", ns);
    namespaces.add(ns);
    sh("ip", "link", "add", outside, "type", "veth", "peer", "name", inside);
    sh("ip", "link", "set", inside, "netns", ns);
    sh("ip", "addr", "add", hostAddress(i) + "/30", "dev", outside);
    sh("ip", "link", "set", outside, "up");
    sh("ip", "netns", "exec", ns, "ip", "addr", "add", workerAddress(i) + "/30", "dev", inside);
    sh("ip", "netns", "exec", ns, "ip", "link", "set", inside, "up");
    sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
  }

  @AfterEach
  void tearDown() {
    if (processes != null) {
      processes.close();
    }
    for (String ns : namespaces) {
      try {
        sh("ip", "netns", "del", ns); // takes its end of the veth pair, and so the pair, along
      } catch (IOException | InterruptedException e) {
        System.err.println("[netns] could not delete " + ns + ": " + e.getMessage());
      }
    }
  }

  private void requireNamespaces() {
    String why = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      why = "not root";
    } else if (!Files.isExecutable(Path.of("/usr/sbin/ip"))
        && !Files.isExecutable(Path.of("/sbin/ip"))
        && !Files.isExecutable(Path.of("/usr/bin/ip"))) {
      why = "no `ip` command (iproute2)";
    } else {
      try {
        host(0);
      } catch (IOException | InterruptedException e) {
        why = "cannot make a network namespace: " + e.getMessage().strip();
      }
    }
    if (why != null) {
      System.err.println("[netns] SKIPPED: " + why);
    }
    Assumptions.assumeTrue(why == null, "network namespaces unavailable here: " + why);
  }

  @Test
  void aWorkerKilledMidCellFailsThatCellNamingItAndTheMatrixGoesOn() throws Exception {
    requireNamespaces();
    host(1);
    host(2);
    processes = new WorkerProcesses(tmp);
    Path token = tmp.resolve("token");
    Files.writeString(token, "netns-test-token-" + PID);
    List<WorkerProcesses.Worker> workers = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      workers.add(
          processes.start(
              List.of("ip", "netns", "exec", namespace(i)),
              "--bind",
              workerAddress(i),
              "--port",
              "7070",
              "--token-file",
              token.toString()));
    }
    Path scenario = tmp.resolve("matrix.yml");
    // The first cell runs on all three workers, the second on the first two only.
    Files.writeString(
        scenario, "queue: memory\nduration: 8s\nreceiverIdle: 2s\nmatrix:\n  nodes: [3, 2]\n");
    String list =
        workerAddress(0) + ":7070," + workerAddress(1) + ":7070," + workerAddress(2) + ":7070";
    Path out = tmp.resolve("results");
    CliCapture cli = new CliCapture();
    ExecutorService coordinator = Executors.newSingleThreadExecutor();
    long start = System.nanoTime();
    Future<Integer> code =
        coordinator.submit(
            () ->
                cli.run(
                    "run",
                    "--scenario",
                    scenario.toString(),
                    "--workers",
                    list,
                    "--worker-token-file",
                    token.toString(),
                    "--out",
                    out.toString()));
    // Killed once its cell has run for a while: mid-cell.
    WorkerProcesses.Worker victim = workers.get(2);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!victim.logText().contains("mqbench worker: cell ") && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    Thread.sleep(3_000);
    victim.process().destroyForcibly();
    int exit;
    try {
      exit = code.get(90, TimeUnit.SECONDS);
    } finally {
      coordinator.shutdownNow();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.err.printf(
        "[netns] matrix ended in %.1f s, exit %d%n%s%s", seconds, exit, cli.err(), cli.out());

    assertThat(exit).as("exit code of a matrix with a failed run").isNotZero();
    assertThat(seconds).as("seconds for two 8 s cells").isLessThan(60);
    Path matrix;
    try (Stream<Path> s = Files.list(out).filter(Files::isDirectory)) {
      matrix = s.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    List<Map<String, String>> rows = MultiNodeIT.readSummary(matrix.resolve("summary.xlsx"));
    assertThat(rows).hasSize(2);
    // Failed, or unsettled where acknowledged messages went down with the worker's queue: either
    // way the run records the failure, naming the worker and why.
    assertThat(rows.get(0).get("status"))
        .as("the cell whose worker was killed")
        .matches("(failed|unsettled): .*")
        .contains("worker " + workerAddress(2) + ":7070: unreachable");
    assertThat(rows.get(1).get("status")).as("the next cell").isEqualTo("ok");
    assertThat(Double.parseDouble(rows.get(1).get("lost"))).isZero();
    assertThat(Double.parseDouble(rows.get(1).get("messages_sent"))).isPositive();
    assertThat(cli.err() + cli.out()).doesNotContain("netns-test-token-");
  }
}
