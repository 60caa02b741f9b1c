package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The nodes' processes, with {@code cat} standing in for a broker (it exits when stdin closes). */
class NodeProcessesTest {
  @TempDir Path tmp;

  @Test
  void aRestartedNodeRunsItsCommandAgainAndEveryProcessEverStartedIsKept() throws Exception {
    NodeProcesses nodes = new NodeProcesses("tiny", 2);
    try {
      nodes.start(List.of("cat"), Files.createDirectories(tmp.resolve("node-1")));
      nodes.start(List.of("cat"), Files.createDirectories(tmp.resolve("node-2")));
      BrokerProcess first = nodes.get(0);

      nodes.crashAndRestart(0);

      assertThat(first.isAlive()).isFalse();
      assertThat(nodes.get(0).isAlive()).isTrue();
      assertThat(nodes.get(0).pid()).isNotEqualTo(first.pid());
      assertThat(nodes.launched()).hasSize(3).contains(first, nodes.get(0), nodes.get(1));
      assertThat(tmp.resolve("node-1").resolve(JavaLocalBroker.LOG_FILE)).exists();
    } finally {
      nodes.closeAll();
    }
    assertThat(nodes.get(0).awaitExit(Duration.ofSeconds(10))).isTrue();
    assertThat(nodes.get(1).awaitExit(Duration.ofSeconds(10))).isTrue();
  }

  @Test
  void aStopHoldReachesNodesStartedAfterIt() throws Exception {
    NodeProcesses nodes = new NodeProcesses("tiny", 1);
    StopHold hold = new StopHold(() -> {}, Duration.ofSeconds(1));
    nodes.holdStop(hold);
    assertThat(nodes.hold()).isSameAs(hold);
    nodes.closeAll(); // nothing started yet: nothing to stop
    assertThat(nodes.get(0)).isNull();
  }
}
