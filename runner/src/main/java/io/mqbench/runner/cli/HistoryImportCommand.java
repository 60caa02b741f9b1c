package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.store.FolderImport;
import io.mqbench.store.ResultsStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code mqbench history import FOLDER...}: results folders brought into the store. */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Records the runs of results folders in the store: every run.json under each folder, the"
          + " folder making one batch. A run the store has already is left as it is, so importing"
          + " a folder twice adds nothing."
    })
final class HistoryImportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "FOLDER", arity = "1..*", description = "Results folders.")
  List<Path> folders;

  @Mixin StoreOption store = new StoreOption();

  private final Invocation invocation;

  HistoryImportCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    ResultsStore s = store.openOrMake();
    for (Path folder : folders) {
      FolderImport.Imported i = FolderImport.into(s, folder);
      invocation
          .out()
          .printf(
              Locale.ROOT,
              "%s: %d run%s found, %d added to %s%n",
              folder,
              i.found(),
              i.found() == 1 ? "" : "s",
              i.added(),
              s.shown());
    }
    return ExitCodes.OK;
  }
}
