package io.mqbench.store;

import io.mqbench.config.ConfigException;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Results folders written before the store, or elsewhere, brought into it: every {@code run.json}
 * under a folder, the folder making one batch. A run already there is left as it is, so importing
 * twice adds nothing.
 */
public final class FolderImport {
  private FolderImport() {}

  /**
   * What an import did.
   *
   * @param found the runs found
   * @param added those the store did not have
   */
  public record Imported(int found, int added) {}

  /**
   * @param store the store
   * @param folder a run's, a matrix's, a sweep's or a suite's results folder, or a folder of them
   * @return what was found and added
   * @throws ConfigException in one line when the folder is missing or holds no run.json
   */
  public static Imported into(ResultsStore store, Path folder) {
    if (!Files.isDirectory(folder)) {
      throw new ConfigException(folder + " is not a results folder: no such folder");
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files =
          walk.filter(p -> p.getFileName().toString().equals(ResultsWriter.RUN_JSON))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + folder + ": " + e.getMessage(), e);
    }
    if (files.isEmpty()) {
      throw new ConfigException(folder + " holds no run.json: not a results folder");
    }
    String name = folder.toAbsolutePath().normalize().getFileName().toString();
    String kind = files.size() == 1 ? "run" : name.endsWith("-sweep") ? "sweep" : "matrix";
    String id =
        name
            + "-"
            + Workload.sha256(folder.toAbsolutePath().normalize().toString()).substring(0, 6);
    StoredRun.Batch batch = new StoredRun.Batch(id, kind, name);
    int added = 0;
    for (Path file : files) {
      RunResult result = ResultsWriter.read(file);
      if (store.record(result, batch, file.getParent().toString(), text(file))) {
        added++;
      }
    }
    return new Imported(files.size(), added);
  }

  private static String text(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
