package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.runner.store.RunRecorder;
import io.mqbench.store.ResultsStore;
import io.mqbench.store.StoreLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --store} of the commands that read the results store. */
final class StoreOption {
  /** Where {@code mqbench run} records by default: {@code mqbench.db} under its default --out. */
  static final String DEFAULT = "results/" + RunRecorder.DEFAULT_FILE;

  @Option(
      names = {"--store"},
      paramLabel = "FILE|URL",
      defaultValue = DEFAULT,
      description =
          "The results store: a SQLite file, or a team's PostgreSQL server as"
              + " jdbc:postgresql://HOST:PORT/DB?user=NAME. Default: ${DEFAULT-VALUE}, where"
              + " `mqbench run` records with its default --out.")
  String store;

  /**
   * @return the store, which must be there already: reading makes none
   * @throws ConfigException in one line when it is not
   */
  ResultsStore existing() {
    StoreLocation location = StoreLocation.parse(store);
    if (location.sqlite() && !Files.exists(Path.of(location.shown()))) {
      throw new ConfigException(
          "no results store at "
              + location.shown()
              + ": `mqbench run` records every run in mqbench.db under its --out folder; give"
              + " that file with --store, or bring results folders in with `mqbench history"
              + " import FOLDER`");
    }
    return ResultsStore.open(location);
  }

  /**
   * @return the store, made if it is not there
   */
  ResultsStore openOrMake() {
    return ResultsStore.open(StoreLocation.parse(store));
  }
}
