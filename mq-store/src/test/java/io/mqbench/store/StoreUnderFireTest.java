package io.mqbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store against what happens to benchmark processes: killed mid-write, two at once. */
class StoreUnderFireTest {
  @TempDir Path dir;

  @Test
  void aWriterKilledWithSigkillLeavesEveryCommittedRunWholeAndTheStoreSound() throws Exception {
    Path file = dir.resolve("store.db");
    ResultsStore.open(StoreLocation.parse(file.toString()))
        .record(StoreFixtures.run("before", 0), StoreFixtures.BATCH, "r", null);
    int figuresPerRun =
        ResultsStore.open(StoreLocation.parse(file.toString())).runs(null).get(0).figures().size();

    Process writer = writer(file, "killed", 1_000_000);
    List<String> committed = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while (committed.size() < 25 && (line = out.readLine()) != null) {
        committed.add(line);
      }
      writer.destroyForcibly(); // SIGKILL: no shutdown hook, no rollback by the process itself
      assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(committed).hasSize(25);

    ResultsStore store = ResultsStore.open(StoreLocation.parse(file.toString()));
    assertThat(store.integrity()).isEqualTo("ok");
    List<StoredRun> runs = store.runs(null);
    assertThat(runs.get(0).runId()).isEqualTo("before");
    assertThat(runs.stream().map(StoredRun::runId)).containsAll(committed);
    // The run being written when the process died is absent or whole, never half there.
    assertThat(runs).allSatisfy(r -> assertThat(r.figures()).hasSize(figuresPerRun));
    assertThat(store.record(StoreFixtures.run("after", 9), StoreFixtures.BATCH, "r", null))
        .isTrue();
  }

  @Test
  void twoProcessesWritingAtOnceLoseNothingAndCorruptNothing() throws Exception {
    Path file = dir.resolve("store.db");
    Process a = writer(file, "a", 40);
    Process b = writer(file, "b", 40);
    for (Process p : List.of(a, b)) {
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(new String(p.getErrorStream().readAllBytes())).isZero();
    }
    ResultsStore store = ResultsStore.open(StoreLocation.parse(file.toString()));
    assertThat(store.integrity()).isEqualTo("ok");
    List<StoredRun> runs = store.runs(null);
    assertThat(runs).hasSize(80);
    assertThat(runs.stream().filter(r -> r.batch().id().equals("a"))).hasSize(40);
    assertThat(runs.stream().map(r -> r.figures().size()).distinct()).hasSize(1);
  }

  private static Process writer(Path file, String prefix, int count) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(
            java.toString(),
            "-cp",
            System.getProperty("java.class.path"),
            StoreWriter.class.getName(),
            file.toString(),
            prefix,
            String.valueOf(count))
        .redirectError(ProcessBuilder.Redirect.PIPE)
        .start();
  }
}
