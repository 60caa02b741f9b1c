package io.mqbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.store.StoredRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryPageTest {
  /** Two series on two hosts: one with a slowdown at a new version, one steady. */
  static List<StoredRun> twoSeries() {
    List<StoredRun> runs = new ArrayList<>();
    runs.addAll(
        new Runs(7)
            .batches(8, 3, 10_000)
            .mqbench("1.0.0")
            .batches(6, 3, 8_000)
            .broker("3.8.0")
            .batches(1, 3, 6_500)
            .list());
    runs.addAll(
        new Runs(8).queue("rabbitmq").host("ffee0011", Runs.HOST_B).batches(6, 3, 20_000).list());
    return runs;
  }

  @Test
  void thePageHasAChartPerSeriesAndFigureAndMarksTheChange(@TempDir Path dir) throws IOException {
    HistoryOptions o = HistoryOptions.defaults();
    List<Series> series = History.of(twoSeries(), o);
    GateResult gate = Gate.check(series, o, GateOptions.of(10));
    Path file = dir.resolve("history.html");

    HistoryPage.write(new HistoryPage.Header("history.db", ""), series, gate, file);

    String html = Files.readString(file);
    assertThat(html)
        .startsWith("<!DOCTYPE html>")
        .doesNotContain("<script")
        .doesNotContain("http://fonts");
    assertThat(count(html, "<section class=\"series\"")).isEqualTo(2);
    assertThat(count(html, "<svg class=\"trend\"")).isEqualTo(2 * 3);
    assertThat(html).contains("class=\"change\"");
    assertThat(html).contains("mqbench 0.9.0 → 1.0.0");
    assertThat(html).contains("class=\"baseline\"").contains("class=\"candidate\"");
    assertThat(html).contains("bench-a (a1b2c3d4)").contains("bench-b (ffee0011)");
    assertThat(html).contains("REGRESSED");
  }

  @Test
  void aSeriesWithoutChangesHasNoMarker() {
    HistoryOptions o = HistoryOptions.defaults();
    List<Series> series = History.of(new Runs(8).batches(6, 3, 20_000).list(), o);

    String html = HistoryPage.html(new HistoryPage.Header("history.db", "kafka"), series, null);

    assertThat(html).doesNotContain("class=\"change\"").contains("None found.");
    assertThat(html).contains("series matching <b>kafka</b>");
  }

  /** Writes the demonstration page to target/ for a look in a browser. */
  @Test
  void theDemonstrationPageIsWritten() throws IOException {
    HistoryOptions o = HistoryOptions.defaults();
    List<StoredRun> runs = new ArrayList<>(twoSeries());
    runs.addAll(
        new Runs(21)
            .queue("nats")
            .batches(4, 3, 30_000)
            .host("ffee0011", Runs.HOST_B)
            .batches(4, 3, 33_000)
            .list());
    List<Series> series = History.of(runs, o.withAllHosts(false));
    GateResult gate = Gate.check(series, o, GateOptions.of(10));
    Path file = Path.of("target", "history-demo.html");

    HistoryPage.write(new HistoryPage.Header("~/.mqbench/history.db", ""), series, gate, file);

    assertThat(Files.size(file)).isPositive();
  }

  /** Writes the all-hosts demonstration page to target/: one series, dots coloured by host. */
  @Test
  void withAllHostsOneSectionShowsEveryHostsRuns() throws IOException {
    HistoryOptions o = HistoryOptions.defaults().withAllHosts(true);
    List<StoredRun> runs =
        new Runs(21)
            .queue("nats")
            .batches(5, 3, 30_000)
            .host("ffee0011", Runs.HOST_B)
            .batches(5, 3, 36_000)
            .list();
    List<Series> series = History.of(runs, o);
    Path file = Path.of("target", "history-demo-all-hosts.html");

    HistoryPage.write(new HistoryPage.Header("history.db", "nats"), series, null, file);

    String html = Files.readString(file);
    assertThat(count(html, "<section class=\"series\"")).isEqualTo(1);
    assertThat(html).contains("run on bench-a").contains("run on bench-b");
    assertThat(html).contains("host bench-a → bench-b");
  }

  private static int count(String text, String part) {
    return (int) Pattern.compile(Pattern.quote(part)).matcher(text).results().count();
  }
}
