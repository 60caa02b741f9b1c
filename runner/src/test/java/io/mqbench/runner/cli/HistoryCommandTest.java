package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.store.ResultsStore;
import io.mqbench.store.StoreLocation;
import io.mqbench.store.StoredRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mqbench history} over a store: trends per series, and the gate that a CI job reads. Stores
 * are filled with results of known figures, so that what the gate must say is known.
 */
class HistoryCommandTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();
  private int runs;

  private Path store() {
    return tmp.resolve("mqbench.db");
  }

  /** Records a batch of runs receiving at these rates, one minute after the last batch. */
  private void batch(String id, String backendKeyValue, double... receivedPerSecond) {
    ResultsStore s = ResultsStore.open(StoreLocation.parse(store().toString()));
    for (double rate : receivedPerSecond) {
      RunResult base = FixedResults.fixedResult(0);
      RunResult r =
          base.withRunId(id + "-" + runs)
              .withStartedAt(
                  Instant.parse("2026-11-01T00:00:00Z").plusSeconds(60L * runs++).toString())
              .withTotals(base.totals().withReceivedPerSecond(rate).withSentPerSecond(rate))
              .withSetup(
                  base.setup()
                      .withBackendConfig(java.util.Map.of("memory.receiveDelay", backendKeyValue)));
      s.record(r, new StoredRun.Batch(id, "matrix", "gate"), "results/" + id, null);
    }
  }

  @Test
  void theStoredRunsOfAWorkloadAreShownAsOneSeriesWithItsTrendAndAPage() {
    batch("monday", "0s", 40_000, 41_000, 40_500);
    batch("tuesday", "0s", 40_200, 40_800, 40_400);

    int code = cli.run("history", "--store", store().toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("memory", "runs      6 in 2 batches", "received msgs/s", "changes   none found")
        .contains("page       " + tmp.resolve("history.html"));
    assertThat(tmp.resolve("history.html")).content().contains("<svg", "monday", "tuesday");
  }

  @Test
  void theGateFailsANewestBatchThatSlowedDownAndNamesTheKeyThatMoved() {
    batch("monday", "0s", 40_000, 41_000, 40_500);
    batch("tuesday", "0s", 40_200, 40_800, 40_400);
    batch("slow", "1ms", 30_100, 30_500, 29_900);

    int code = cli.run("history", "--check", "--store", store().toString());

    assertThat(code).as(cli.out() + cli.err()).isEqualTo(ExitCodes.REGRESSION);
    assertThat(cli.out()).contains("worse", "memory.receiveDelay");
  }

  @Test
  void theGatePassesAnUnchangedRerun() {
    batch("monday", "0s", 40_000, 41_000, 40_500);
    batch("tuesday", "0s", 40_200, 40_800, 40_400);
    batch("wednesday", "0s", 40_300, 40_600, 40_700);

    int code = cli.run("history", "--check", "--store", store().toString());

    assertThat(code).as(cli.out() + cli.err()).isZero();
  }

  @Test
  void theGateSaysItCannotTellFromOneRunASide() {
    batch("monday", "0s", 40_000);
    batch("tuesday", "0s", 30_000);

    int code = cli.run("history", "--check", "--store", store().toString());

    assertThat(code).isEqualTo(ExitCodes.INCONCLUSIVE);
    assertThat(cli.out()).contains("cannot judge");
  }

  @Test
  void aStoreThatIsNotThereIsSaidInOneLine() {
    int code = cli.run("history", "--store", tmp.resolve("none.db").toString());

    assertThat(code).isEqualTo(2);
    assertThat(cli.err().lines()).hasSize(1);
    assertThat(cli.err()).startsWith("mqbench: no results store at ");
    assertThat(tmp.resolve("none.db")).doesNotExist();
  }

  @Test
  void anUnknownFigureIsRefusedInOneLine() {
    batch("monday", "0s", 40_000);

    int code =
        cli.run("history", "--store", store().toString(), "--figures", "received_per_fortnight");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err().lines()).hasSize(1).first().asString().startsWith("mqbench: --figures");
  }

  @Test
  void resultsFoldersAreImportedOnceAndEverythingExportsToCsv() throws Exception {
    Path results = tmp.resolve("results");
    assertThat(cli.runMemoryForASecond(results)).as(cli.err()).isZero();
    Path store = tmp.resolve("imported.db");
    Path folder;
    try (var list = Files.list(results).filter(Files::isDirectory)) {
      folder = list.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    cli.reset();

    assertThat(cli.run("history", "import", folder.toString(), "--store", store.toString()))
        .as(cli.err())
        .isZero();
    assertThat(cli.out()).contains("1 run found, 1 added");
    cli.reset();
    cli.run("history", "import", folder.toString(), "--store", store.toString());
    assertThat(cli.out()).contains("1 run found, 0 added");
    cli.reset();

    assertThat(cli.run("history", "export", "--store", store.toString())).isZero();
    assertThat(cli.out().lines()).hasSize(2);
    assertThat(cli.out()).startsWith("run_id,").contains(",memory,");
  }

  @Test
  void aBatchJudgedARegressionIsNoBaselineForTheRerunsAfterIt() {
    batch("monday", "0s", 40_000, 41_000, 40_500);
    batch("tuesday", "0s", 40_200, 40_800, 40_400);
    batch("slow", "1ms", 30_100, 30_500, 29_900);
    assertThat(cli.run("history", "--check", "--store", store().toString())).isEqualTo(7);
    batch("fixed", "0s", 40_300, 40_600, 40_700);
    cli.reset();

    int code = cli.run("history", "--check", "--store", store().toString());

    assertThat(code).as(cli.out()).isZero();
    assertThat(cli.out()).contains("baseline 6 runs of monday, tuesday");
  }

  @Test
  void aSlowdownAcceptedOnPurposeIsTheBaselineAfterwards() {
    batch("monday", "0s", 40_000, 41_000, 40_500);
    batch("tuesday", "0s", 40_200, 40_800, 40_400);
    batch("safer", "1ms", 30_100, 30_500, 29_900);
    assertThat(cli.run("history", "--check", "--accept", "--store", store().toString()))
        .isEqualTo(7);
    batch("safer-again", "1ms", 30_000, 30_400, 30_200);
    cli.reset();

    int code = cli.run("history", "--check", "--store", store().toString());

    assertThat(code).as(cli.out()).isNotEqualTo(7);
    assertThat(cli.out()).contains("safer");
  }
}
