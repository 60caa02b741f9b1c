package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.store.ResultsStore;
import io.mqbench.store.StoreLocation;
import io.mqbench.store.StoredRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every run is remembered in the results store, not only in its folder. */
class RunsAreRememberedTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();

  @Test
  void everyRunIsRecordedInTheStoreBesideItsResultsFolders() {
    assertThat(cli.runMemoryForASecond(tmp)).as(cli.err()).isZero();
    assertThat(cli.runMemoryForASecond(tmp)).as(cli.err()).isZero();

    List<StoredRun> runs = store(tmp.resolve("mqbench.db")).runs(null);
    assertThat(runs).hasSize(2);
    assertThat(runs.get(0).seriesKey()).isEqualTo(runs.get(1).seriesKey());
    assertThat(runs.get(0).batch().id()).isNotEqualTo(runs.get(1).batch().id());
    assertThat(runs.get(1).figures()).containsKey("received_msgs_per_s");
    // On a host busy with other work the true verdict is host-limited (RunVerdictsTest decides
    // verdicts): what is recorded is the run's own.
    assertThat(runs.get(1).status()).isIn("ok", "host-limited");
  }

  @Test
  void aMatrixsRunsShareOneBatchInTheStoreItNames() throws IOException {
    Path scenario =
        Files.writeString(
            tmp.resolve("two.yml"), "queue: memory\nduration: 1s\nmatrix:\n  senders: [1, 2]\n");
    Path store = tmp.resolve("elsewhere").resolve("team.db");

    int code =
        cli.run(
            "run",
            "--scenario",
            scenario.toString(),
            "--out",
            tmp.resolve("results").toString(),
            "--store",
            store.toString());

    assertThat(code).as(cli.err()).isZero();
    List<StoredRun> runs = store(store).runs("memory");
    assertThat(runs).hasSize(2);
    assertThat(runs).extracting(r -> r.batch().kind()).containsOnly("matrix");
    assertThat(runs.get(0).batch()).isEqualTo(runs.get(1).batch());
    assertThat(runs.get(0).workloadId()).isNotEqualTo(runs.get(1).workloadId());
    assertThat(tmp.resolve("results").resolve("mqbench.db")).doesNotExist();
  }

  @Test
  void noStoreRecordsNothing() {
    int code =
        cli.run(
            "run", "--queue", "memory", "--duration", "1s", "--out", tmp.toString(), "--no-store");

    assertThat(code).as(cli.err()).isZero();
    assertThat(tmp.resolve("mqbench.db")).doesNotExist();
  }

  @Test
  void aStoreThatIsNoStoreIsRefusedInOneLineBeforeAnythingRuns() throws IOException {
    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--duration",
            "1s",
            "--out",
            tmp.resolve("results").toString(),
            "--store",
            "jdbc:mysql://db/results");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err().lines()).hasSize(1);
    assertThat(cli.err()).startsWith("mqbench: --store jdbc:mysql://db/results: a store is");
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  private static ResultsStore store(Path file) {
    return ResultsStore.open(StoreLocation.parse(file.toString()));
  }
}
