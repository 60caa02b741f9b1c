package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.MqException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, {@code partition-broker}: a local broker whose nodes run in network namespaces of their
 * own ({@link NetworkNamespaces}), with the template's tiny broker. Needs Linux, root and {@code
 * ip} (CI has them); where namespaces cannot be made, every test fails saying why, never skips.
 */
class JavaLocalBrokerInNetworkNamespacesIT {
  private static final Pattern OURS = Pattern.compile("mqb-?[0-9a-f]{4}(-\\d+)?");

  @TempDir Path tmp;

  private JavaLocalBroker brokerInNamespaces(int size) {
    return new JavaLocalBroker(
            TinyBroker.descriptor(LocalBrokerDescriptor.Readiness.PORTS),
            size,
            TinyBroker.distribution(tmp.resolve("dist")))
        .inNetworkNamespaces();
  }

  /** What {@code ip} prints; fails the test if it fails. */
  private static String ip(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("ip"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("ip " + args[0] + " ends").isTrue();
    assertThat(p.exitValue()).as("ip " + String.join(" ", args) + ": " + out).isZero();
    return out;
  }

  /** Every bridge, veth and namespace name of mqbench's networks now on this machine. */
  private static Set<String> ourNames() throws IOException, InterruptedException {
    Set<String> names = new TreeSet<>();
    for (String text : List.of(ip("-o", "link", "show"), ip("netns", "list"))) {
      Matcher m = OURS.matcher(text);
      while (m.find()) {
        names.add(m.group());
      }
    }
    return names;
  }

  private static String hello(String hostPort) throws IOException {
    int colon = hostPort.lastIndexOf(':');
    try (Socket s = new Socket()) {
      s.connect(
          new InetSocketAddress(
              hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))),
          3_000);
      s.setSoTimeout(3_000);
      return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
          .readLine();
    }
  }

  /**
   * The first line a node's port answers with, connecting from inside another namespace (bash's
   * /dev/tcp, at most {@code seconds}); empty when it does not answer.
   */
  private static String helloFrom(String namespace, String hostPort, int seconds)
      throws IOException, InterruptedException {
    String[] hp = hostPort.split(":");
    Process p =
        new ProcessBuilder(
                "ip",
                "netns",
                "exec",
                namespace,
                "timeout",
                String.valueOf(seconds),
                "bash",
                "-c",
                "exec 3<>/dev/tcp/" + hp[0] + "/" + hp[1] + " && head -n 1 <&3")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.waitFor(seconds + 10L, TimeUnit.SECONDS)).isTrue();
    return p.exitValue() == 0 ? out : "";
  }

  private static Properties launchFile(Path nodeDirectory) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newInputStream(nodeDirectory.resolve(JavaLocalBroker.LAUNCH_FILE))) {
      p.load(in);
    }
    return p;
  }

  @Test
  @Timeout(120)
  void eachNodeRunsInANamespaceOfItsOwnACutNodeAnswersNothingUntilHealedAndCloseLeavesNothing()
      throws Exception {
    JavaLocalBroker broker = brokerInNamespaces(2);
    assertThat(broker.isInNetworkNamespaces()).isTrue();
    assertThat(broker.description())
        .isEqualTo("tiny 7.7.7 on each node's address in a network namespace of its own");
    NetworkNamespaces net;
    ProcessHandle first;
    try {
      MqConfig started = broker.start(TinyBroker.config(Map.of()));
      net = broker.network().orElseThrow();
      String id = net.id();

      // The topology: a bridge here, a namespace per node, each node's veth a port of the bridge.
      assertThat(broker.address(0)).matches("10\\.213\\.\\d{1,3}\\.2:\\d+");
      assertThat(broker.address(1)).startsWith(net.host(1) + ":");
      assertThat(net.host(1)).isEqualTo(net.bridgeAddress().replaceAll("\\.1$", ".3"));
      assertThat(started.get(TinyBroker.ADDRESS))
          .isEqualTo("tiny://" + broker.address(0) + "," + broker.address(1));
      assertThat(broker.description())
          .isEqualTo(
              "tiny 7.7.7 on "
                  + broker.address()
                  + ", each node in a network namespace of its own (bridge "
                  + net.bridge()
                  + " "
                  + net.bridgeAddress()
                  + "/24, namespaces "
                  + net.namespace(0)
                  + " to "
                  + net.namespace(1)
                  + ")");
      assertThat(ip("netns", "list")).contains("mqb-" + id + "-1").contains("mqb-" + id + "-2");
      assertThat(ip("-o", "-4", "address", "show", "dev", "mqb" + id))
          .contains(net.bridgeAddress() + "/24");
      assertThat(ip("-o", "link", "show", "master", "mqb" + id))
          .contains("mqb" + id + "-1@")
          .contains("mqb" + id + "-2@");
      assertThat(ip("-n", net.namespace(0), "-o", "-4", "address", "show", "dev", "eth0"))
          .contains(net.host(0) + "/24");
      assertThat(ip("-n", net.namespace(0), "-o", "link", "show", "dev", "lo")).contains("UP");
      Properties launch = launchFile(broker.directory().resolve("node-2"));
      assertThat(launch.getProperty("host")).isEqualTo(net.host(1));
      assertThat(launch.getProperty("node.1.host")).isEqualTo(net.host(0));
      assertThat(launch.getProperty("node.2.host")).isEqualTo(net.host(1));

      // ip execs the broker: the process mqbench holds is the broker's JVM, in its namespace.
      first = ProcessHandle.of(broker.process(0).pid()).orElseThrow();
      assertThat(first.info().command().orElseThrow()).endsWith("/java");
      assertThat(ip("netns", "identify", String.valueOf(first.pid())).strip())
          .isEqualTo(net.namespace(0));

      // Reachable from here (through the bridge) and from the other node (across it).
      assertThat(hello(broker.address(0))).isEqualTo("tiny 1");
      assertThat(hello(broker.address(1))).isEqualTo("tiny 2");
      assertThat(helloFrom(net.namespace(1), broker.address(0), 5)).isEqualTo("tiny 1");

      BrokerFaults faults = broker.faults().orElseThrow();
      faults.partition(0);

      assertThat(net.isCut(0)).isTrue();
      assertThat(ip("-o", "link", "show", "dev", net.link(0))).contains("state DOWN");
      assertThatThrownBy(() -> hello(broker.address(0)))
          .as("a connect to the cut node is never answered")
          .isInstanceOf(SocketTimeoutException.class);
      assertThat(helloFrom(net.namespace(1), broker.address(0), 3))
          .as("the other node cannot reach it either")
          .isEmpty();
      assertThat(hello(broker.address(1))).as("the other node still serves").isEqualTo("tiny 2");
      assertThat(first.isAlive()).as("a partition is not a crash").isTrue();

      faults.heal(0);

      assertThat(net.isCut(0)).isFalse();
      String answer = "";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!answer.equals("tiny 1") && System.nanoTime() < deadline) {
        try {
          answer = hello(broker.address(0));
        } catch (IOException e) {
          Thread.sleep(200);
        }
      }
      assertThat(answer).as("the healed node answers again").isEqualTo("tiny 1");
      assertThat(helloFrom(net.namespace(1), broker.address(0), 10)).isEqualTo("tiny 1");

      // The other faults still work on a node in its namespace: a restart starts it there again.
      long before = broker.process(1).pid();
      faults.restart(1);
      long after = broker.process(1).pid();
      assertThat(after).isNotEqualTo(before);
      assertThat(ip("netns", "identify", String.valueOf(after)).strip())
          .isEqualTo(net.namespace(1));
      assertThat(hello(broker.address(1))).isEqualTo("tiny 2");
    } finally {
      broker.close();
    }

    assertThat(first.isAlive()).isFalse();
    assertThat(ip("netns", "list")).doesNotContain("mqb-" + net.id() + "-");
    assertThat(ip("-o", "link", "show")).doesNotContain("mqb" + net.id());
    assertThatThrownBy(() -> net.cut(0))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("removed");
  }

  @Test
  @Timeout(120)
  void aStartThatFailsLeavesNoNamespaceOrBridgeBehind() throws Exception {
    Set<String> before = ourNames();
    JavaLocalBroker broker = brokerInNamespaces(2);

    assertThatThrownBy(() -> broker.start(TinyBroker.config(Map.of("tiny.fail", "true"))))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("exited with status 3 during startup");

    assertThat(ourNames()).isSubsetOf(before);
  }

  @Test
  @Timeout(120)
  void networksOfHarnessesThatAreGoneAreRemovedByTheNextAndOthersAreKept() throws Exception {
    NetworkNamespaces abandoned = NetworkNamespaces.create(2);
    NetworkNamespaces live = NetworkNamespaces.create(1);
    NetworkNamespaces next = null;
    try {
      // As a harness killed with SIGKILL leaves it: owned by a pid that no process has.
      ip("link", "set", "dev", abandoned.bridge(), "alias", "mqbench pid 999999999");
      // As a harness killed between removing its namespaces and its bridge would leave one, had
      // it removed the bridge first: a namespace of ours without its bridge.
      String stray = "mqb-" + (live.id().equals("fffe") ? "fffd" : "fffe") + "-1";
      ip("netns", "add", stray);

      next = NetworkNamespaces.create(1);

      String links = ip("-o", "link", "show");
      String spaces = ip("netns", "list");
      assertThat(links).doesNotContain(abandoned.bridge());
      assertThat(spaces).doesNotContain("mqb-" + abandoned.id() + "-");
      assertThat(spaces).doesNotContain(stray);
      assertThat(links).contains(live.bridge() + ":").contains(next.bridge() + ":");
      assertThat(spaces).contains(live.namespace(0)).contains(next.namespace(0));
      assertThat(next.host(0)).isNotEqualTo(live.host(0));
    } finally {
      abandoned.close();
      live.close();
      if (next != null) {
        next.close();
      }
    }
    assertThat(ip("-o", "link", "show")).doesNotContain(live.bridge());
  }

  /** The JVM's shutdown removes the namespaces, once a held stop is released and the node gone. */
  @Test
  @Timeout(120)
  void atShutdownTheNamespacesGoAfterTheHeldBrokerStopped() throws Exception {
    Path record = tmp.resolve("record");
    Path results = tmp.resolve("results");
    Process harness =
        new ProcessBuilder(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                HeldStopMain.class.getName(),
                tmp.resolve("held-dist").toString(),
                record.toString(),
                results.toString(),
                "release",
                "30",
                "namespaces")
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("harness.log").toFile())
            .start();

    assertThat(harness.waitFor(60, TimeUnit.SECONDS)).as("the harness exits").isTrue();
    String log = Files.readString(tmp.resolve("harness.log"));
    Matcher bridge = Pattern.compile("bridge (mqb[0-9a-f]{4}) ").matcher(log);
    assertThat(bridge.find()).as(log).isTrue();
    String id = bridge.group(1).substring(3);
    assertThat(Files.readString(record))
        .as("the broker was still up when the results were written")
        .isEqualTo("results=true");
    assertThat(ip("netns", "list")).doesNotContain("mqb-" + id + "-");
    assertThat(ip("-o", "link", "show")).doesNotContain("mqb" + id);
    assertThat(log).doesNotContain("could not").doesNotContain("failed");
  }
}
