package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
  @TempDir Path tmp;

  @Test
  void aSweepsNonMonotonicRatesAreALineOfItsSection() throws IOException {
    Path sweep = Files.createDirectories(tmp.resolve("20261125-memory-sweep"));
    Files.writeString(
        sweep.resolve(Reports.SWEEP_JSON),
        "{\"finding\": \"verified maximum rate: 1,000 msgs/s\","
            + " \"nonMonotonicMsgsPerSecond\": [2000.0, 2500.0]}");

    assertThat(Reports.sweepFindings(sweep))
        .containsExactly(
            "20261125-memory-sweep: verified maximum rate: 1,000 msgs/s",
            "20261125-memory-sweep: non-monotonic: 2,000, 2,500 msgs/s failed below a passing rate"
                + " (a noisy host, or a queue whose capacity varies): see sweep.csv");
    Files.writeString(
        sweep.resolve(Reports.SWEEP_JSON),
        "{\"finding\": \"f\", \"nonMonotonicMsgsPerSecond\": []}");
    assertThat(Reports.sweepFindings(sweep)).containsExactly("20261125-memory-sweep: f");
  }

  /** Two repetitions each of two cells that compare queues, as a matrix folder holds them. */
  private Path matrix() {
    Path folder = tmp.resolve("20261123-memory-vs-other-matrix");
    int n = 1;
    for (String queue : List.of("memory", "other")) {
      for (int rep = 1; rep <= 2; rep++) {
        RunResult r = FixedResults.fixedResult(0).inCell(Map.of("queue", queue), rep);
        ResultsFolder.write(r, folder.resolve(String.format("%03d", n++)));
      }
    }
    return folder;
  }

  @Test
  void aReportComparesEveryRunAndCellOfEveryFolderInOneSelfContainedPage() throws IOException {
    Path matrix = matrix();
    Path single = tmp.resolve("20261123-memory");
    ResultsFolder.write(FixedResults.fixedRateResult(), single);
    Path out = tmp.resolve("report.html");

    Reports.write(List.of(matrix, single), out);

    String html = Files.readString(out);
    assertThat(html).contains("<table id=\"cells\">").contains("<table id=\"runs\">");
    assertThat(html).contains("queue=memory").contains("queue=other");
    assertThat(html).contains("20261123-memory-vs-other-matrix").contains("20261123-memory");
    assertThat(html).contains("★").contains("± ");
    assertThat(html).contains("harness-limited").contains("Environment and versions");
    // sent and received by the queue axis, both over time, end-to-end, response and send latency
    assertThat(count(html, "<img class=\"chart\"")).isEqualTo(7);
    assertThat(count(html, "src=\"data:image/svg+xml;base64,")).isEqualTo(7);
    assertThat(html).doesNotContain("<script").doesNotContain("http://").doesNotContain("https://");
  }

  @Test
  void aSecretInAnEnvironmentIsNeverShown() throws IOException {
    Path single = tmp.resolve("run");
    ResultsFolder.write(FixedResults.fixedResult(0), single);
    String json = Files.readString(single.resolve("run.json"));
    Files.writeString(
        single.resolve("run.json"),
        json.replace(
            "\"memory.maxDepth\"", "\"memory.password\" : \"hunter2\", \"memory.maxDepth\""));

    Reports.write(List.of(single), tmp.resolve("r.html"));

    assertThat(Files.readString(tmp.resolve("r.html"))).doesNotContain("hunter2").contains("****");
  }

  @Test
  void aSweepsRatesAreCellsOfTheirOwnAndDrawALatencyAgainstThroughputCurve() throws IOException {
    Path sweep = tmp.resolve("20261123-memory-sweep");
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    for (int rate : new int[] {1000, 2000, 4000}) {
      Path run = sweep.resolve("00" + rate);
      ResultsFolder.write(FixedResults.fixedRateResult().inCell(Map.of(), 0), run);
      var tree =
          (com.fasterxml.jackson.databind.node.ObjectNode)
              json.readTree(run.resolve("run.json").toFile());
      ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("settings"))
          .put("rate", (double) rate);
      ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("rate"))
          .put("targetMsgsPerSecond", (double) rate);
      ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("rate"))
          .put("achievedMsgsPerSecond", rate * 0.99);
      json.writeValue(run.resolve("run.json").toFile(), tree);
    }
    Files.writeString(
        sweep.resolve(Reports.SWEEP_JSON), "{\"finding\": \"highest rate: 4,000 msgs/s\"}");

    List<CellFigures> cells = CellFigures.of(Reports.read(sweep));
    Reports.write(List.of(sweep), tmp.resolve("sweep.html"));

    assertThat(cells)
        .extracting(CellFigures::label)
        .containsExactly("memory rate=1000", "memory rate=2000", "memory rate=4000");
    String html = Files.readString(tmp.resolve("sweep.html"));
    assertThat(html).contains("highest rate: 4,000 msgs/s");
    assertThat(html).contains("alt=\"response time p99 against achieved msgs/s\"");
    assertThat(html).contains("alt=\"end-to-end p99 against achieved msgs/s\"");
  }

  @Test
  void aCellThatFailedItsVerdictIsNeverMarkedBest() {
    RunFigures ok = CellFiguresTest.run("1", 1, 100, 100, 2.0, io.mqbench.results.RunStatus.OK);
    RunFigures fast =
        CellFiguresTest.run("8", 1, 900, 900, 1.0, io.mqbench.results.RunStatus.LOST_MESSAGES);

    String html = HtmlReport.render(List.of(ok, fast), List.of(), "now");

    String table = html.substring(html.indexOf("<table id=\"cells\">"), html.indexOf("</table>"));
    assertThat(table).contains("<td class=\"best\">100 ★</td>").doesNotContain("900 ★");
  }

  static int count(String text, String what) {
    Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
