package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** The folders results are written to: checked before anything runs, named when a run starts. */
final class ResultsFolders {
  private ResultsFolders() {}

  /**
   * @param out the folder under which results go
   * @param name what the results are of ({@code kafka}, {@code kafka-sweep})
   * @return a folder of this second and that name under {@code out}, not yet there
   */
  static Path create(Path out, String name) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path folder = out.resolve(stamp + "-" + name);
    for (int i = 2; Files.exists(folder); i++) {
      folder = out.resolve(stamp + "-" + name + "-" + i);
    }
    return folder;
  }

  /**
   * Finds an output folder that cannot be written before the run, not after it: the folder, or the
   * nearest part of its path that exists, must be a directory in which a folder can be made. The
   * probe folder is removed at once, so that {@code --dry-run} leaves no trace. Permission bits
   * alone do not tell: root may "write" to {@code /proc}, where no folder can be made.
   */
  static void check(Path out) {
    if (out.toString().isBlank()) {
      throw new ConfigException("--out must name a folder, was empty");
    }
    Path existing = out.toAbsolutePath().normalize();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    String why =
        existing == null
            ? "no part of the path exists"
            : !Files.isDirectory(existing)
                ? existing + " is not a directory"
                : !Files.isWritable(existing)
                    ? existing + " is not writable"
                    : cannotMakeAFolderIn(existing);
    if (why != null) {
      throw new ConfigException("--out " + out + ": results cannot be written there (" + why + ")");
    }
  }

  /** Why no folder can be made in {@code dir}, or null if one can (and was removed again). */
  private static String cannotMakeAFolderIn(Path dir) {
    try {
      // A name of this process and instant, not createTempDirectory's random one: seeding its
      // SecureRandom was most of this check's start-up cost, and nothing here needs secrecy.
      Path probe =
          dir.resolve(
              ".mqbench-write-check-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
      Files.delete(Files.createDirectory(probe));
      return null;
    } catch (FileSystemException e) {
      return "cannot make a folder in "
          + dir
          + (e.getReason() == null ? "" : ": " + e.getReason().toLowerCase(Locale.ROOT));
    } catch (IOException e) {
      return "cannot make a folder in " + dir + ": " + e.getMessage();
    }
  }
}
