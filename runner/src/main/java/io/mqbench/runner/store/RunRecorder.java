package io.mqbench.runner.store;

import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.store.ResultsStore;
import io.mqbench.store.StoreException;
import io.mqbench.store.StoreLocation;
import io.mqbench.store.StoredRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Records each run of an invocation in the results store as soon as its results folder is written,
 * so that a matrix stopped or killed midway keeps every run it finished. A store that cannot take a
 * run is a warning: the results folder is the record that must not be lost.
 */
public final class RunRecorder {
  /** The store's file under {@code --out} unless {@code --store} names another place. */
  public static final String DEFAULT_FILE = "mqbench.db";

  /** Records nothing: {@code --no-store}, a dry run. */
  public static final RunRecorder OFF = new RunRecorder(null, null);

  private final ResultsStore store;
  private final PrintStream err;
  private StoredRun.Batch batch;

  private RunRecorder(ResultsStore store, PrintStream err) {
    this.store = store;
    this.err = err;
  }

  /**
   * @param given {@code --store}, or null for the default
   * @param out {@code --out}
   * @return where the store is
   * @throws io.mqbench.config.ConfigException in one line when it names no store
   */
  public static StoreLocation location(String given, Path out) {
    return StoreLocation.parse(given != null ? given : out.resolve(DEFAULT_FILE).toString());
  }

  /**
   * Opens the store, making it if it is not there.
   *
   * @param location where it is
   * @param err where warnings go
   * @return a recorder into it
   * @throws io.mqbench.config.ConfigException in one line when it cannot be opened
   */
  public static RunRecorder open(StoreLocation location, PrintStream err) {
    return new RunRecorder(ResultsStore.open(location), err);
  }

  /**
   * Starts an invocation's batch: the runs recorded next belong to it.
   *
   * @param kind {@code run}, {@code matrix}, {@code sweep} or {@code suite}
   * @param name the suite's or scenario's name, or the queue
   * @param folder the invocation's results folder, whose name begins the batch's id
   */
  public void startBatch(String kind, String name, Path folder) {
    byte[] random = new byte[3];
    ThreadLocalRandom.current().nextBytes(random);
    batch =
        new StoredRun.Batch(
            folder.getFileName() + "-" + HexFormat.of().formatHex(random), kind, name);
  }

  /**
   * Records a run whose folder has been written.
   *
   * @param result the run
   * @param folder its results folder, holding its run.json
   */
  public void record(RunResult result, Path folder) {
    if (store == null) {
      return;
    }
    if (batch == null) {
      startBatch("run", result.queue(), folder);
    }
    try {
      store.record(result, batch, folder.toString(), runJson(folder));
    } catch (StoreException e) {
      err.println("mqbench: warning: " + e.getMessage() + "; its results folder has it");
    }
  }

  /**
   * @return where runs are recorded, for the terminal; empty when nowhere
   */
  public String shown() {
    return store == null ? "" : store.shown();
  }

  private static String runJson(Path folder) {
    try {
      return Files.readString(folder.resolve(ResultsWriter.RUN_JSON), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return null; // the figures are recorded all the same
    }
  }
}
