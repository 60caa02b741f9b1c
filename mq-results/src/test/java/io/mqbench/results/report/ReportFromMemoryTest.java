package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix's report is written from the results the run has in memory, and is the report {@code
 * mqbench report} makes of the same folder from its {@code run.json} files.
 */
class ReportFromMemoryTest {
  @TempDir Path tmp;

  /** Runs of two cells, one in rate mode and one that lost messages, written as a matrix's. */
  private List<RunResult> matrix(Path folder) {
    List<RunResult> results =
        List.of(
            FixedResults.fixedResult(0).inCell(Map.of("queue", "memory"), 1),
            FixedResults.fixedResult(3).inCell(Map.of("queue", "memory"), 2),
            FixedResults.fixedRateResult().inCell(Map.of("queue", "other"), 1));
    for (int i = 0; i < results.size(); i++) {
      ResultsFolder.write(results.get(i), folder.resolve(String.format("%03d", i + 1)));
    }
    return results;
  }

  @Test
  void theRunsInMemoryAreTheRunsReadBackFromTheirFiles() {
    Path folder = tmp.resolve("20261127-memory-vs-other-matrix");
    List<RunResult> results = matrix(folder);

    String fromMemory = HtmlReport.render(Reports.of(results, folder), List.of(), "then");
    String fromFiles = HtmlReport.render(Reports.read(folder), List.of(), "then");

    assertThat(fromMemory).isEqualTo(fromFiles).contains("20261127-memory-vs-other-matrix");
  }

  @Test
  void theReportWrittenFromMemoryIsTheReportOfTheFolder() throws IOException {
    Path folder = tmp.resolve("20261127-memory-vs-other-matrix");
    List<RunResult> results = matrix(folder);

    Path fromMemory = Reports.writeOf(results, folder, tmp.resolve("memory.html"));
    Path fromFiles = Reports.write(List.of(folder), tmp.resolve("files.html"));

    assertThat(withoutTime(fromMemory)).isEqualTo(withoutTime(fromFiles));
  }

  /** The report's lines, but for when it was made. */
  private static List<String> withoutTime(Path report) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(report)) {
      lines.add(line.replaceAll("made \\d{4}-\\d\\d-\\d\\dT[\\d:]+Z", "made then"));
    }
    return lines;
  }
}
