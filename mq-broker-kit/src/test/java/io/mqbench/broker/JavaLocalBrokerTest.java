package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local-broker template, run with a tiny broker of its own: what every Java backend's local
 * broker does.
 */
class JavaLocalBrokerTest {
  @TempDir Path tmp;

  private JavaLocalBroker broker(int size, LocalBrokerDescriptor.Readiness readiness) {
    return new JavaLocalBroker(
        TinyBroker.descriptor(readiness), size, TinyBroker.distribution(tmp.resolve("dist")));
  }

  private static String hello(String hostPort) throws IOException {
    int colon = hostPort.indexOf(':');
    try (Socket s =
            new Socket(
                hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
        BufferedReader r =
            new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
      return r.readLine();
    }
  }

  private static Properties launchFile(Path nodeDirectory) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newInputStream(nodeDirectory.resolve(JavaLocalBroker.LAUNCH_FILE))) {
      p.load(in);
    }
    return p;
  }

  @Test
  void startRunsTheMainFillsTheAddressAndCloseEndsTheProcessAndRemovesItsDirectory()
      throws Exception {
    JavaLocalBroker broker = broker(1, LocalBrokerDescriptor.Readiness.PORTS);
    assertThat(broker.description()).isEqualTo("tiny 7.7.7 on a free loopback port");

    MqConfig started = broker.start(TinyBroker.config(Map.of()));

    String address = started.get(TinyBroker.ADDRESS);
    assertThat(address).matches("tiny://127\\.0\\.0\\.1:\\d+");
    assertThat(broker.address()).isEqualTo(address.substring("tiny://".length()));
    assertThat(hello(broker.address())).isEqualTo("tiny 1");
    assertThat(broker.description()).isEqualTo("tiny 7.7.7 on " + broker.address());
    Path directory = broker.directory();
    Path node = directory.resolve("node-1");
    Properties launch = launchFile(node);
    assertThat(launch.getProperty("host")).isEqualTo("127.0.0.1");
    assertThat(launch.getProperty("ports")).matches(broker.address().split(":")[1] + ",\\d+");
    assertThat(launch.getProperty("node")).isEqualTo("1");
    assertThat(launch.getProperty("nodes")).isEqualTo("1");
    assertThat(launch.getProperty("directory")).isEqualTo(node.toString());
    assertThat(launch.getProperty("password")).isEqualTo("hunter2");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(node.resolve(JavaLocalBroker.LAUNCH_FILE))))
        .as("the launch file may hold a password")
        .isEqualTo("rw-------");
    assertThat(Files.readString(node.resolve(JavaLocalBroker.LOG_FILE)))
        .contains("the tiny broker serves");
    ProcessHandle process = ProcessHandle.of(broker.process().pid()).orElseThrow();
    assertThat(process.info().arguments().map(List::of).orElse(List.of()))
        .as("the heap is the heap key's default")
        .contains("-Xmx64m");

    broker.close();
    broker.close();

    assertThat(process.isAlive()).isFalse();
    assertThat(directory).doesNotExist();
    assertThatThrownBy(() -> broker.start(TinyBroker.config(Map.of())))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("already started");
  }

  @Test
  void theHeapKeyGivenIsTheBrokersHeap() throws Exception {
    try (JavaLocalBroker broker = broker(1, LocalBrokerDescriptor.Readiness.PORTS)) {
      broker.start(TinyBroker.config(Map.of("tiny.heapMb", "96")));

      assertThat(ProcessHandle.of(broker.process().pid()).orElseThrow().info().arguments())
          .hasValueSatisfying(args -> assertThat(args).contains("-Xmx96m"));
    }
  }

  @Test
  void theNodesOfAClusterShareOneIdAndKnowEachOthersPorts() throws Exception {
    try (JavaLocalBroker broker = broker(2, LocalBrokerDescriptor.Readiness.PORTS)) {
      MqConfig started = broker.start(TinyBroker.config(Map.of()));

      assertThat(started.get(TinyBroker.ADDRESS))
          .isEqualTo("tiny://" + broker.address(0) + "," + broker.address(1));
      assertThat(hello(broker.address(1))).isEqualTo("tiny 2");
      Properties one = launchFile(broker.directory().resolve("node-1"));
      Properties two = launchFile(broker.directory().resolve("node-2"));
      assertThat(two.getProperty("node")).isEqualTo("2");
      assertThat(two.getProperty("nodes")).isEqualTo("2");
      assertThat(two.getProperty("cluster.id"))
          .isEqualTo(one.getProperty("cluster.id"))
          .hasSize(22);
      assertThat(one.getProperty("node.2.ports"))
          .isEqualTo(two.getProperty("ports"))
          .isEqualTo(two.getProperty("node.2.ports"));
      assertThat(broker.process(0).pid()).isNotEqualTo(broker.process(1).pid());
    }
  }

  @Test
  void theReadinessHookRunsOnceEveryPortAnswers() throws Exception {
    List<String> seen = new ArrayList<>();
    try (JavaLocalBroker broker =
        broker(
            2,
            (b, timeout) -> {
              assertThat(timeout).isPositive();
              for (int i = 0; i < b.size(); i++) {
                assertThat(Loopback.answers(b.address(i), Duration.ofSeconds(1))).isTrue();
              }
              seen.add(b.address());
            })) {
      broker.start(TinyBroker.config(Map.of()));

      assertThat(seen).containsExactly(broker.address());
    }
  }

  @Test
  void aMainThatExitsFailsTheStartWithItsLogAndLeavesNothingBehind() {
    JavaLocalBroker broker = broker(1, LocalBrokerDescriptor.Readiness.PORTS);

    assertThatThrownBy(() -> broker.start(TinyBroker.config(Map.of("tiny.fail", "true"))))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("local tiny broker exited with status 3 during startup")
        .hasMessageContaining("the tiny broker refuses to start");
    assertThat(ownScratchDirectories()).isEmpty();
  }

  @Test
  void aMissingDistributionIsNamedWithTheModuleThatBuildsIt() {
    JavaLocalBroker broker =
        new JavaLocalBroker(
            TinyBroker.descriptor(LocalBrokerDescriptor.Readiness.PORTS),
            1,
            new java.net.URLClassLoader(new java.net.URL[0], null));

    assertThatThrownBy(broker::description)
        .isInstanceOf(MqException.class)
        .hasMessageContaining("tiny-broker distribution is not on the class path")
        .hasMessageContaining("mq-tiny-broker");
  }

  @Test
  void aCrashedNodeRestartsOnItsPortWithItsDirectory() throws Exception {
    try (JavaLocalBroker broker = broker(1, LocalBrokerDescriptor.Readiness.PORTS)) {
      broker.start(TinyBroker.config(Map.of()));
      long before = broker.process().pid();
      String address = broker.address();

      broker.crashAndRestart(0);

      assertThat(broker.process().pid()).isNotEqualTo(before);
      assertThat(ProcessHandle.of(before).map(ProcessHandle::isAlive).orElse(false)).isFalse();
      assertThat(broker.address()).isEqualTo(address);
      assertThat(hello(address)).isEqualTo("tiny 1");
    }
  }

  @Test
  void aBrokerOnLoopbackRefusesToCutANodeOffInOneLine() throws Exception {
    try (JavaLocalBroker broker = broker(1, LocalBrokerDescriptor.Readiness.PORTS)) {
      broker.start(TinyBroker.config(Map.of()));

      assertThat(broker.isInNetworkNamespaces()).isFalse();
      assertThat(broker.network()).isEmpty();
      assertThatThrownBy(() -> broker.faults().orElseThrow().partition(0))
          .isInstanceOf(MqException.class)
          .hasMessage(
              "the local tiny broker runs on 127.0.0.1, not in network namespaces of its own:"
                  + " there is no network of a node's own to cut");
      assertThat(hello(broker.address())).as("and goes on serving").isEqualTo("tiny 1");
    }
  }

  @Test
  void closeIsNeverHeld() throws Exception {
    JavaLocalBroker broker = broker(1, LocalBrokerDescriptor.Readiness.PORTS);
    broker.holdStop(() -> {}, Duration.ofMinutes(5));
    broker.start(TinyBroker.config(Map.of()));
    ProcessHandle process = ProcessHandle.of(broker.process().pid()).orElseThrow();

    long start = System.nanoTime();
    broker.close();

    assertThat(process.isAlive()).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
  }

  /**
   * Issue 23, defect 6: the JVM's shutdown stops a local broker through one hook, and while its
   * owner holds the stop, only once the owner has written its results.
   */
  @Test
  void atShutdownAHeldBrokerStopsOnlyAfterItsOwnerWroteItsResults() throws Exception {
    Path record = tmp.resolve("record");
    Path results = tmp.resolve("results");

    Process harness = heldStopHarness(record, results, "release", 30);

    assertThat(harness.waitFor(60, TimeUnit.SECONDS)).as("the harness exits").isTrue();
    assertThat(Files.readString(results)).isEqualTo("written");
    assertThat(Files.readString(record))
        .as("the broker was still up when the results were written")
        .isEqualTo("results=true");
    assertThat(brokerOf(harness)).as("the broker is gone").isEmpty();
  }

  @Test
  void atShutdownAHoldNeverReleasedIsGivenUpAfterItsLongestWait() throws Exception {
    Path record = tmp.resolve("record");
    Path results = tmp.resolve("results");

    long start = System.nanoTime();
    Process harness = heldStopHarness(record, results, "keep", 3);

    assertThat(harness.waitFor(60, TimeUnit.SECONDS)).as("the harness exits").isTrue();
    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(seconds).isBetween(3.0, 30.0);
    assertThat(Files.readString(record)).isEqualTo("results=true");
    assertThat(brokerOf(harness)).as("the broker is gone").isEmpty();
  }

  private Process heldStopHarness(Path record, Path results, String release, int seconds)
      throws IOException {
    return new ProcessBuilder(
            Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx64m",
            "-cp",
            System.getProperty("java.class.path"),
            HeldStopMain.class.getName(),
            tmp.resolve("held-dist").toString(),
            record.toString(),
            results.toString(),
            release,
            String.valueOf(seconds))
        .redirectErrorStream(true)
        .redirectOutput(tmp.resolve("harness.log").toFile())
        .start();
  }

  /** The broker the harness started, if it still runs. */
  private java.util.Optional<ProcessHandle> brokerOf(Process harness) throws IOException {
    String log = Files.readString(tmp.resolve("harness.log"));
    assertThat(log).contains("pid ");
    long pid = Long.parseLong(log.replaceAll("(?s).*pid (\\d+).*", "$1"));
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
  }

  private static List<Path> ownScratchDirectories() {
    Path tmp = Paths.get(System.getProperty("java.io.tmpdir"));
    String me = String.valueOf(ProcessHandle.current().pid());
    try (Stream<Path> dirs = Files.list(tmp)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith("mqbench-tiny-broker-"))
          .filter(
              d -> {
                try {
                  return Files.readString(d.resolve(ScratchDirectory.OWNER_FILE)).trim().equals(me);
                } catch (IOException e) {
                  return false;
                }
              })
          .toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
