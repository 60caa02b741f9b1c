package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.store.StoreCsv;
import io.mqbench.store.StoredRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mqbench history export [FILE]}: every stored run as one CSV table. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Writes every run of the store as CSV: a row per run, its provenance (batch, queue,"
          + " workload, host fingerprint, versions, cluster, durability, status, backend keys)"
          + " then every figure by its summary.csv column name."
    })
final class HistoryExportCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "FILE",
      arity = "0..1",
      description = "The CSV file. Default: standard output.")
  Path file;

  @Option(
      names = {"--queue"},
      paramLabel = "QUEUE",
      description = "Only this queue's runs.")
  String queue;

  @Mixin StoreOption store = new StoreOption();

  private final Invocation invocation;

  HistoryExportCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    List<StoredRun> runs = store.existing().runs(queue);
    String csv = StoreCsv.of(runs);
    if (file == null) {
      invocation.out().print(csv);
      return ExitCodes.OK;
    }
    try {
      Files.writeString(file, csv, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
    invocation.err().printf(Locale.ROOT, "mqbench: %d runs written to %s%n", runs.size(), file);
    return ExitCodes.OK;
  }
}
