package io.mqbench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.results.files.ResultsWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderImportTest {
  @TempDir Path dir;

  @Test
  void aMatrixFolderWrittenBeforeTheStoreIsImportedOnceAsOneBatch() throws Exception {
    Path matrix = dir.resolve("20261101-120000-memory-matrix");
    ResultsWriter.writeRunJson(StoreFixtures.run("m1", 0), matrix.resolve("001"));
    ResultsWriter.writeRunJson(StoreFixtures.run("m2", 30), matrix.resolve("002"));
    ResultsStore store = ResultsStore.open(StoreLocation.parse(dir.resolve("s.db").toString()));

    assertThat(FolderImport.into(store, matrix)).isEqualTo(new FolderImport.Imported(2, 2));
    assertThat(FolderImport.into(store, matrix)).isEqualTo(new FolderImport.Imported(2, 0));

    var runs = store.runs(null);
    assertThat(runs).extracting(StoredRun::runId).containsExactly("m1", "m2");
    assertThat(runs.get(0).batch()).isEqualTo(runs.get(1).batch());
    assertThat(runs.get(0).batch().kind()).isEqualTo("matrix");
    assertThat(store.runJson("m2").orElseThrow()).contains("\"runId\" : \"m2\"");
  }

  @Test
  void aFolderWithoutRunsIsRefusedInOneLine() throws Exception {
    ResultsStore store = ResultsStore.open(StoreLocation.parse(dir.resolve("s.db").toString()));
    Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> FolderImport.into(store, dir.resolve("empty")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("holds no run.json");
    assertThatThrownBy(() -> FolderImport.into(store, dir.resolve("missing")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("no such folder");
  }

  @Test
  void everyRunExportsToOneCsvRowWithItsProvenanceAndFigures() {
    ResultsStore store = ResultsStore.open(StoreLocation.parse(dir.resolve("s.db").toString()));
    store.record(StoreFixtures.run("r1", 0), StoreFixtures.BATCH, "a", null);
    store.record(StoreFixtures.run("r2", 1), StoreFixtures.BATCH, "a", null);

    String csv = StoreCsv.of(store.runs(null));

    var lines = csv.lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0))
        .startsWith("run_id,started_at,batch_id")
        .contains("host_id", "mqbench_commit", "received_msgs_per_s");
    assertThat(lines.get(1)).startsWith("r1,").contains("abc1234", "Test CPU", "40001.2");
  }
}
