package io.mqbench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {
  @TempDir Path dir;

  @Test
  void aRecordedRunIsReadBackWithItsProvenanceAndFigures() {
    ResultsStore store = ResultsStore.open(StoreLocation.parse(dir.resolve("s.db").toString()));

    assertThat(store.record(StoreFixtures.run("r1", 0), StoreFixtures.BATCH, "results/x", "{}"))
        .isTrue();

    List<StoredRun> runs = store.runs(null);
    assertThat(runs).hasSize(1);
    StoredRun r = runs.get(0);
    assertThat(r.runId()).isEqualTo("r1");
    assertThat(r.batch()).isEqualTo(StoreFixtures.BATCH);
    assertThat(r.mqbenchCommit()).isEqualTo("abc1234");
    assertThat(r.host().cpuModel()).isEqualTo("Test CPU");
    assertThat(r.host().memoryBytes()).isEqualTo(8L << 30);
    assertThat(r.host().kernel()).isEqualTo("6.1.0");
    assertThat(r.host().disk()).isEqualTo("vda solid state");
    assertThat(r.hostId()).isEqualTo(Hosts.id(r.host()));
    assertThat(r.workload()).contains("senders=").doesNotContain("seed=");
    assertThat(r.workloadId()).isEqualTo(Workload.id(r.workload()));
    assertThat(r.figure("received_msgs_per_s")).hasValue(40_001.2);
    assertThat(store.runJson("r1")).hasValue("{}");
  }

  @Test
  void aRunRecordedTwiceIsStoredOnce() {
    ResultsStore store = ResultsStore.open(StoreLocation.parse(dir.resolve("s.db").toString()));
    store.record(StoreFixtures.run("r1", 0), StoreFixtures.BATCH, "a", null);

    assertThat(store.record(StoreFixtures.run("r1", 0), StoreFixtures.BATCH, "a", null)).isFalse();
    assertThat(store.runs(null)).hasSize(1);
  }

  @Test
  void runsOfTheSameLoadShareAWorkloadWhateverTheirSeed() {
    var a = StoreFixtures.run("r1", 0);
    var b =
        StoreFixtures.run("r2", 1)
            .withSetup(
                StoreFixtures.run("r2", 1)
                    .setup()
                    .withSettings(
                        io.mqbench.results.Settings.of(
                            a.setup().settings().run(), a.setup().settings().warmup(), 99)));
    assertThat(Workload.describe(b)).isEqualTo(Workload.describe(a));
    var c =
        a.withSetup(
            a.setup()
                .withSettings(
                    io.mqbench.results.Settings.of(
                        a.setup().settings().run().withSenders(7),
                        a.setup().settings().warmup(),
                        1)));
    assertThat(Workload.id(Workload.describe(c))).isNotEqualTo(Workload.id(Workload.describe(a)));
  }

  @Test
  void aStoreOfALaterSchemaIsRefusedRatherThanMisread() throws Exception {
    Path file = dir.resolve("s.db");
    ResultsStore.open(StoreLocation.parse(file.toString()));
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      s.execute("UPDATE meta SET value = '99' WHERE name = 'schema'");
    }
    assertThatThrownBy(() -> ResultsStore.open(StoreLocation.parse(file.toString())))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("schema 99");
  }

  @Test
  void aStoreIsAFileOrAPostgresServerAndNothingElse() throws Exception {
    assertThatThrownBy(() -> StoreLocation.parse("jdbc:mysql://h/db"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("not jdbc:mysql");
    Files.createDirectories(dir.resolve("folder"));
    assertThatThrownBy(() -> StoreLocation.parse(dir.resolve("folder").toString()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("is a folder");
    assertThat(StoreLocation.parse("jdbc:postgresql://h:5432/db?user=u&password=secret").shown())
        .doesNotContain("secret");
  }

  @Test
  void aFileThatIsNotAStoreIsRefusedInOneLine() throws Exception {
    Path file = Files.writeString(dir.resolve("notes.txt"), "not a database at all, just text\n");
    assertThatThrownBy(() -> ResultsStore.open(StoreLocation.parse(file.toString())))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("results store " + file + " cannot be opened")
        .hasMessageNotContaining("\n");
  }
}
