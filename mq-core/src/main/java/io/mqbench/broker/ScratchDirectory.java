package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary directory for a local broker's data, configuration and logs, owned by this process.
 *
 * <p>It holds an {@code owner.pid} file. {@link #close()} deletes the directory; a harness killed
 * with SIGKILL cannot, so {@link #create} first deletes every directory of the same prefix whose
 * owner process is gone. Directories of harnesses still running are left alone.
 */
public final class ScratchDirectory implements AutoCloseable {
  static final String OWNER_FILE = "owner.pid";

  private final Path path;

  private ScratchDirectory(Path path) {
    this.path = path;
  }

  /**
   * Removes abandoned directories of this prefix, then creates a fresh one.
   *
   * @param prefix the directory name's start, such as {@code mqbench-kafka-}
   * @return the new directory
   * @throws MqException if it cannot be created
   */
  public static ScratchDirectory create(String prefix) {
    removeAbandoned(Paths.get(System.getProperty("java.io.tmpdir")), prefix);
    try {
      Path dir = Files.createTempDirectory(prefix);
      Files.writeString(dir.resolve(OWNER_FILE), String.valueOf(ProcessHandle.current().pid()));
      return new ScratchDirectory(dir);
    } catch (IOException e) {
      throw new MqException("cannot create a directory for a local broker: " + e.getMessage(), e);
    }
  }

  /**
   * @return the directory
   */
  public Path path() {
    return path;
  }

  /** Deletes the directory and everything in it. Idempotent; failures are reported on stderr. */
  @Override
  public void close() {
    deleteTree(path);
  }

  static void removeAbandoned(Path parent, String prefix) {
    try (Stream<Path> dirs = Files.list(parent)) {
      for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith(prefix)).toList()) {
        Path owner = dir.resolve(OWNER_FILE);
        if (!Files.isRegularFile(owner)) {
          continue;
        }
        long pid;
        try {
          pid = Long.parseLong(Files.readString(owner).trim());
        } catch (IOException | NumberFormatException e) {
          continue;
        }
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          deleteTree(dir);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // Best effort: a leftover directory costs disk space, not correctness.
    }
  }

  /**
   * Deletes a directory tree; a missing directory is fine.
   *
   * @param dir the directory
   */
  public static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      System.err.println("mqbench: could not delete " + dir + ": " + e);
    }
  }
}
