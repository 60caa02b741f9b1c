package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.report.ResultsFolder;
import io.mqbench.runner.cli.terminal.TerminalSummary;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.TestRunConfigs;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.session.BenchmarkSession;
import io.mqbench.runner.session.DurableMemory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backend's unsafe settings are accepted with a warning before the run, recorded in run.json, and
 * a loss under them is reported as expected.
 */
class UnsafeSettingsReportTest {
  @TempDir Path tmp;

  @Test
  void aLossUnderSettingsTheBackendWarnedAboutIsReportedAsExpected() throws Exception {
    DurableMemory dropping = new DurableMemory().dropEveryNthBatch(10);
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    RunSettings settings = TestSettings.throughput(1, 1, 1_000);
    RunConfig config = TestRunConfigs.seeded("memory", settings, tmp);

    RunResult r =
        new BenchmarkSession(
                dropping,
                dropping.configure(Map.of()),
                config,
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .run(c -> ProgressDisplay.none());

    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("mqbench: warning: memory.drop=10: every so many batches are dropped;");
    assertThat(r.totals().lost()).isEqualTo(dropping.dropped()).isPositive();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    TerminalSummary.print(
        r, "settings", tmp, false, new PrintStream(out, true, StandardCharsets.UTF_8));
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("LOST " + dropping.dropped() + " (loss was expected with memory.drop=10)");
    ResultsFolder.write(r, tmp.resolve("run"));
    JsonNode json = JsonTrees.read(tmp.resolve("run").resolve(ResultsWriter.RUN_JSON));
    assertThat(json.path("warnings").get(0).asText()).startsWith("memory.drop=10:");
  }
}
