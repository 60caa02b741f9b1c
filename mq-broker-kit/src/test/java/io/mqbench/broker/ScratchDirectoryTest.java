package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchDirectoryTest {
  @TempDir Path tmp;

  @Test
  void directoriesWhoseOwnerProcessIsGoneAreRemovedAndOthersKept() throws Exception {
    Path abandoned = Files.createDirectories(tmp.resolve("mqbench-x-1"));
    Files.writeString(abandoned.resolve("owner.pid"), "999999999");
    Path mine = Files.createDirectories(tmp.resolve("mqbench-x-2"));
    Files.writeString(mine.resolve("owner.pid"), String.valueOf(ProcessHandle.current().pid()));
    Path foreign = Files.createDirectories(tmp.resolve("mqbench-x-3")); // no owner file

    ScratchDirectory.removeAbandoned(tmp, "mqbench-x-");

    assertThat(abandoned).doesNotExist();
    assertThat(mine).exists();
    assertThat(foreign).exists();
  }

  @Test
  void closeDeletesTheDirectoryItCreated() {
    ScratchDirectory dir = ScratchDirectory.create("mqbench-scratch-test-");
    assertThat(dir.path().resolve("owner.pid")).exists();
    dir.close();
    assertThat(dir.path()).doesNotExist();
  }

  @Test
  void aFileThatVanishesDuringTheDeleteIsNotAnErrorAndNothingIsPrinted() throws Exception {
    // A broker still tidying its own files while its directory is deleted: one of them is gone
    // by the time the delete reaches it.
    Path dir = Files.createDirectories(tmp.resolve("mqbench-broker-1"));
    Path segments = Files.createDirectories(dir.resolve("segments"));
    for (int i = 0; i < 20; i++) {
      Files.writeString(segments.resolve("0000" + i + ".log"), "x");
    }
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Files.writeString(logs.resolve("server.log"), "x");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AtomicBoolean vanished = new AtomicBoolean();

    ScratchDirectory.deleteTree(
        dir,
        new PrintStream(err, true, StandardCharsets.UTF_8),
        p -> {
          // Inside one of the two subdirectories, the other one, already listed, goes.
          if (p.getParent().getParent().equals(dir) && vanished.compareAndSet(false, true)) {
            deleteQuietly(p.getParent().equals(segments) ? logs : segments);
          }
        });

    assertThat(vanished).isTrue();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(dir).doesNotExist();
  }

  @Test
  void aDeleteThatReallyFailsSaysSoInOneLineWithoutTheExceptionsName() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("mqbench-broker-2"));
    Path locked = Files.createDirectories(dir.resolve("locked"));
    Files.writeString(locked.resolve("file"), "x");
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    ScratchDirectory.deleteTree(
        dir,
        new PrintStream(err, true, StandardCharsets.UTF_8),
        p -> {
          if (p.equals(locked)) {
            try {
              // Something writes a file into the directory after the walk emptied it.
              Files.writeString(locked.resolve("late"), "x");
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          }
        });

    String said = err.toString(StandardCharsets.UTF_8);
    assertThat(said.lines()).hasSize(1);
    assertThat(said).startsWith("mqbench: could not delete " + dir).doesNotContain("Exception");
  }

  private static void deleteQuietly(Path dir) {
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
