package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A runner killed with {@code kill -9} while its local cluster runs, each node in a network
 * namespace of its own, leaves nothing behind: no node process, no namespace, bridge or veth, no
 * scratch directory, without waiting for a next run to clean up. Needs Linux, root and {@code ip}
 * (CI has them).
 */
class KilledRunnerLeavesNothingIT {
  @TempDir Path tmp;

  private static final Pattern BRIDGE = Pattern.compile("bridge (mqb[0-9a-f]{4}) 10\\.213\\.");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"redis", "rabbitmq"}) // beside the nodes: Sentinels; an epmd per node
  @Timeout(300)
  void aRunnerKilledWithSigkillLeavesNoNodeNamespaceOrDirectory(String queue) throws Exception {
    Path scratch = Files.createDirectories(tmp.resolve("scratch"));
    Path log = tmp.resolve("runner.log");
    List<String> command = new ArrayList<>();
    command.add(RunnerProcess.java());
    command.add("-Djava.io.tmpdir=" + scratch);
    command.add("-Xmx512m"); // the run stays in this JVM: it is the one killed
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(
        List.of(
            "run",
            "--queue",
            queue,
            "-p",
            queue + ".localBrokerNodes=3",
            "--local-broker",
            "always",
            "--duration",
            "90s",
            "--warmup",
            "0s",
            // A partition later than the kill: it is what puts the nodes in namespaces.
            "--fault",
            "partition-broker@80s+2s:leader",
            "--progress",
            "never",
            "--out",
            tmp.resolve("results").toString()));
    Process runner =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    List<ProcessHandle> nodes;
    String bridge;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!read(log).contains("--fault partition-broker: started")) {
        assertThat(runner.isAlive()).as(read(log)).isTrue();
        assertThat(System.nanoTime()).as("the run started: " + read(log)).isLessThan(deadline);
        Thread.sleep(200);
      }
      Thread.sleep(5_000); // measuring, messages in flight
      Matcher m = BRIDGE.matcher(read(log));
      assertThat(m.find()).as(read(log)).isTrue();
      bridge = m.group(1);
      nodes = runner.descendants().toList();
      assertThat(nodes).as("the nodes run under the runner").hasSizeGreaterThanOrEqualTo(3);
      assertThat(PartitionFaultIT.ip("netns", "list"))
          .contains("mqb-" + bridge.substring(3) + "-1");
    } finally {
      runner.destroyForcibly(); // SIGKILL: no shutdown hook runs
    }
    assertThat(runner.waitFor(20, TimeUnit.SECONDS)).isTrue();

    // A RabbitMQ node's own stop, on a host busy with a whole test suite, took over a minute.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
    String left = leftovers(nodes, scratch, bridge);
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(250);
      left = leftovers(nodes, scratch, bridge);
    }
    nodes.forEach(ProcessHandle::destroyForcibly); // a failed test leaves nothing either
    assertThat(left).as("left behind 150 s after kill -9; the run said:\n" + read(log)).isEmpty();
  }

  /** What is still there: node processes, namespaces or links of the bridge, directories. */
  private static String leftovers(List<ProcessHandle> nodes, Path scratch, String bridge)
      throws Exception {
    StringBuilder left = new StringBuilder();
    nodes.stream()
        .filter(ProcessHandle::isAlive)
        .forEach(
            p -> left.append("process ").append(p.info().commandLine().orElse("")).append('\n'));
    String id = bridge.substring(3);
    PartitionFaultIT.ip("netns", "list")
        .lines()
        .filter(l -> l.startsWith("mqb-" + id + "-"))
        .forEach(l -> left.append("namespace ").append(l).append('\n'));
    PartitionFaultIT.ip("-o", "link", "show")
        .lines()
        .filter(l -> l.contains(bridge))
        .forEach(l -> left.append("link ").append(l).append('\n'));
    try (Stream<Path> dirs = Files.list(scratch)) {
      dirs.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("mqbench-") && !n.endsWith(".lock"))
          .forEach(n -> left.append("directory ").append(n).append('\n'));
    }
    return left.toString();
  }

  private static String read(Path log) throws IOException {
    return Files.exists(log) ? Files.readString(log) : "";
  }
}
