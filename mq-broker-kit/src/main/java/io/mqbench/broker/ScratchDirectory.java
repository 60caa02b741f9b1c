package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A temporary directory for a local broker's data, configuration and logs, owned by this process.
 *
 * <p>It holds an {@code owner.pid} file. {@link #close()} deletes the directory; a harness killed
 * with SIGKILL cannot, so its {@link OrphanReaper} does once the processes working in it are gone,
 * and {@link #create} also deletes every directory of the same prefix whose owner process is gone
 * (where no reaper could run). Directories of harnesses still running are left alone.
 */
public final class ScratchDirectory implements AutoCloseable {
  static final String OWNER_FILE = "owner.pid";

  private final Path path;
  private final OrphanReaper reaper;

  private ScratchDirectory(Path path) {
    this.path = path;
    this.reaper = OrphanReaper.ofDirectory(path);
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
    reaper.cancel();
    deleteTree(path);
  }

  /**
   * @return what deletes the directory if this JVM dies first (tests)
   */
  OrphanReaper reaper() {
    return reaper;
  }

  /**
   * Deletes every directory of this prefix in the temporary directory whose owner process is gone
   * (one a harness killed with SIGKILL left behind).
   *
   * @param prefix the directories' name start, such as {@code mqbench-runner-}
   */
  public static void removeAbandoned(String prefix) {
    removeAbandoned(Paths.get(System.getProperty("java.io.tmpdir")), prefix);
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
   * Deletes a directory tree; a missing directory is fine, and so is anything in it that vanishes
   * while it is deleted (a broker still tidying its own files). A real failure is said in one line
   * on stderr.
   *
   * @param dir the directory
   */
  public static void deleteTree(Path dir) {
    deleteTree(dir, System.err, p -> {});
  }

  /**
   * @param err where a real failure is said
   * @param deleting called with each path just before it is deleted (tests race it)
   */
  static void deleteTree(Path dir, PrintStream err, Consumer<Path> deleting) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(dir, new Deleter(deleting));
    } catch (IOException | UncheckedIOException e) {
      IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
      err.println("mqbench: could not delete " + dir + ": " + reason(cause));
    }
  }

  private static String reason(IOException e) {
    if (e instanceof DirectoryNotEmptyException) {
      return e.getMessage() + " was not empty (something was still writing to it)";
    }
    if (e instanceof AccessDeniedException) {
      return e.getMessage() + ": permission denied";
    }
    return e instanceof FileSystemException f && f.getReason() != null
        ? f.getFile() + ": " + f.getReason()
        : String.valueOf(e.getMessage());
  }

  /** Deletes what it visits, children first; what is already gone is skipped. */
  private static final class Deleter extends SimpleFileVisitor<Path> {
    private final Consumer<Path> deleting;

    Deleter(Consumer<Path> deleting) {
      this.deleting = deleting;
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
      deleting.accept(file);
      Files.deleteIfExists(file);
      return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
      if (e instanceof NoSuchFileException) {
        return FileVisitResult.CONTINUE;
      }
      throw e;
    }

    @Override
    public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
      if (e != null && !(e instanceof NoSuchFileException)) {
        throw e;
      }
      deleting.accept(d);
      Files.deleteIfExists(d);
      return FileVisitResult.CONTINUE;
    }
  }
}
