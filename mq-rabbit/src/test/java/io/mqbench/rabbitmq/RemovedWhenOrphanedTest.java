package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A wrapped server on SIGTERM, with its owner alive and with its owner gone. */
class RemovedWhenOrphanedTest {
  @TempDir Path tmp;

  /** A server that ignores SIGTERM, as a node whose orderly stop never ends does. */
  private static final List<String> STUBBORN =
      List.of("/bin/sh", "-c", "trap '' TERM; while :; do sleep 1; done");

  @Test
  @Timeout(30)
  void aServerWhoseOwnerDiedIsKilledWithItsChildrenAndItsDirectoryDeleted() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("node"));
    Files.writeString(dir.resolve("owner.pid"), Long.toString(deadPid()));
    Process wrapper = new ProcessBuilder(RemovedWhenOrphaned.wrap(STUBBORN, dir)).start();
    List<ProcessHandle> tree = startedTree(wrapper);

    ProcessHandle.of(wrapper.pid()).orElseThrow().destroy(); // SIGTERM, as the kit's watcher sends

    assertThat(wrapper.waitFor(10, TimeUnit.SECONDS)).as("the wrapper ended").isTrue();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); // a killed child is reaped
    while (tree.stream().anyMatch(RemovedWhenOrphanedTest::running)
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(tree).noneMatch(RemovedWhenOrphanedTest::running);
    assertThat(dir).doesNotExist();
  }

  @Test
  @Timeout(30)
  void aServerWhoseOwnerLivesIsAskedToStopAndItsDirectoryKept() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("node"));
    Files.writeString(dir.resolve("owner.pid"), Long.toString(ProcessHandle.current().pid()));
    List<String> polite = List.of("/bin/sh", "-c", "trap 'exit 0' TERM; while :; do sleep 1; done");
    Process wrapper = new ProcessBuilder(RemovedWhenOrphaned.wrap(polite, dir)).start();
    startedTree(wrapper);

    ProcessHandle.of(wrapper.pid()).orElseThrow().destroy();

    assertThat(wrapper.waitFor(10, TimeUnit.SECONDS)).as("the wrapper ended").isTrue();
    assertThat(dir.resolve("owner.pid")).exists();
  }

  /** Waits until the server and its sleep run under the wrapper; returns them. */
  private static List<ProcessHandle> startedTree(Process wrapper) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    List<ProcessHandle> tree = wrapper.descendants().toList();
    while (tree.size() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(50);
      tree = wrapper.descendants().toList();
    }
    assertThat(tree).as("server and its child started").hasSizeGreaterThanOrEqualTo(2);
    return tree;
  }

  /** Alive and not a zombie waiting for its new parent to reap it. */
  private static boolean running(ProcessHandle p) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
      return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
    } catch (java.io.IOException gone) {
      return false;
    }
  }

  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }
}
