package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A scratch directory's reaper removes it when its harness dies without closing it (the pipe's end
 * stands for the JVM's), only once no process works in it any more, and never after the harness
 * closed it itself.
 */
@EnabledOnOs(OS.LINUX)
class OrphanReaperTest {

  private static boolean goneWithin(Path dir, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (Files.exists(dir) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    return !Files.exists(dir);
  }

  @Test
  void theDirectoryOfAHarnessThatDiesIsRemovedByItsReaper() throws Exception {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-reaper-test-");
    Path dir = scratch.path();
    Files.createDirectories(dir.resolve("data/journal"));
    Files.writeString(dir.resolve("data/journal/1.log"), "kept by nobody");

    scratch.reaper().abandon();

    assertThat(goneWithin(dir, 10)).as(dir + " removed after the harness's end").isTrue();
  }

  @Test
  void theDirectoryStaysWhileAProcessStillWorksInIt() throws Exception {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-reaper-test-");
    Path dir = scratch.path();
    Process broker = new ProcessBuilder("sleep", "2").directory(dir.toFile()).start();
    try {
      scratch.reaper().abandon();
      Thread.sleep(1_000);
      assertThat(dir).as("kept while a broker still stops in it").exists();
      assertThat(goneWithin(dir, 10)).as("removed once the broker is gone").isTrue();
    } finally {
      broker.destroyForcibly();
      scratch.close();
    }
  }

  @Test
  void aClosedDirectoryStopsItsReaperWhichThenRemovesNothing() throws Exception {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-reaper-test-");
    Process reaper = scratch.reaper().process();
    assertThat(reaper.isAlive()).isTrue();

    scratch.close();

    assertThat(reaper.waitFor(5, TimeUnit.SECONDS)).as("the reaper stopped").isTrue();
    assertThat(scratch.path()).doesNotExist();
  }
}
