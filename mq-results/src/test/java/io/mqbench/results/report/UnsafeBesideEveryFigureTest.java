package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: an unsafe result is labelled beside every figure, not only by its row's colour, and in
 * every chart's legend.
 */
class UnsafeBesideEveryFigureTest {
  private static final Durability NOT_STORED =
      new Durability(Durability.Level.NONE, "(the producer does not wait)", "kafka.acks=0");
  private static final Durability QUORUM =
      new Durability(
          Durability.Level.FSYNC,
          "on a majority of the queue's replicas",
          "rabbitmq.queueType=quorum, publisher confirms");

  private static final Pattern CELL = Pattern.compile("<(td|th)[^>]*>(.*?)</\\1>", Pattern.DOTALL);
  private static final Pattern TAG =
      Pattern.compile("<span class=\"unsafe\" title=\"[^\"]*not stored when acknowledged[^\"]*\">");

  /**
   * A matrix of kafka at acks=0 (unsafe) and rabbitmq quorum queues (safe) by senders, and a sweep
   * of each: every run of kafka is unsafe, none of rabbitmq is.
   */
  private static List<RunFigures> runs() {
    List<RunFigures> runs = new ArrayList<>();
    for (String queue : List.of("kafka", "rabbitmq")) {
      Durability d = queue.equals("kafka") ? NOT_STORED : QUORUM;
      double speed = queue.equals("kafka") ? 1.5 : 1;
      for (String senders : List.of("1", "4")) {
        Map<String, String> cell = new LinkedHashMap<>(); // in this order in names
        cell.put("queue", queue);
        cell.put("senders", senders);
        RunResult r = FixedResults.fixedResult(0).inCell(cell, 1);
        runs.add(
            RunFigures.of(
                FixedResults.withDurability(r, d)
                    .withQueue(queue)
                    .withRunId(queue + senders)
                    .withTotals(
                        r.totals()
                            .withSentPerSecond(20_000 * speed * Integer.parseInt(senders))
                            .withReceivedPerSecond(19_000 * speed * Integer.parseInt(senders))
                            .withEndToEndPerSecond(18_000 * speed * Integer.parseInt(senders))),
                "matrix"));
      }
      for (double rate : List.of(1000.0, 2000.0)) {
        runs.add(
            RunFigures.of(
                FixedResults.withDurability(
                    SweepSteps.step(queue, rate, FixedResults.histogram(1000, (long) (rate / 200))),
                    d),
                "sweep-" + queue));
      }
    }
    return runs;
  }

  /** The table's rows, each its cells' inner HTML, the header first. */
  private static List<List<String>> table(String html, String id) {
    int start = html.indexOf("<table id=\"" + id + "\"");
    String table = html.substring(start, html.indexOf("</table>", start));
    List<List<String>> rows = new ArrayList<>();
    for (String row : table.split("<tr>")) {
      List<String> cells = new ArrayList<>();
      Matcher m = CELL.matcher(row);
      while (m.find()) {
        cells.add(m.group(2));
      }
      if (!cells.isEmpty()) {
        rows.add(cells);
      }
    }
    return rows;
  }

  private static String text(String cellHtml) {
    return cellHtml.replaceAll("<[^>]*>", "").trim();
  }

  @Test
  void anUnsafeCellNeverTakesTheStarFromTheSafeOnesEvenWhenFaster() {
    String html = HtmlReport.render(runs(), List.of(), "now");

    for (List<String> row : table(html, "cells")) {
      String joined = String.join(" ", row);
      if (joined.contains("queue=kafka")) {
        assertThat(joined).as("kafka at acks=0, 1.5x as fast").doesNotContain("★");
      }
    }
    assertThat(html).contains("★");
  }

  @Test
  void everyFigureOfAnUnsafeRunIsLabelledUnsafe() {
    String html =
        HtmlReport.render(
            runs(),
            List.of(
                "sweep-kafka: the highest rate met is 2,000 msgs/s",
                "sweep-rabbitmq: the highest rate met is 2,000 msgs/s"),
            "now");

    int unsafeFigures = 0;
    int safeFigures = 0;
    for (String id : List.of("cells", "runs")) {
      List<List<String>> rows = table(html, id);
      List<String> header = rows.get(0).stream().map(UnsafeBesideEveryFigureTest::text).toList();
      List<Integer> figureColumns = new ArrayList<>();
      for (int i = 0; i < header.size(); i++) {
        if (header.get(i).matches(".*(msgs/s| ms)|lost")) {
          figureColumns.add(i);
        }
      }
      assertThat(figureColumns).as(id + " figure columns").hasSizeGreaterThan(3);
      for (List<String> row : rows.subList(1, rows.size())) {
        boolean unsafe = row.stream().anyMatch(c -> text(c).contains("kafka"));
        for (int i : figureColumns) {
          String figure = row.get(i);
          if (text(figure).isEmpty()) {
            continue;
          }
          if (unsafe) {
            unsafeFigures++;
            assertThat(TAG.matcher(figure).find())
                .as("%s: %s of %s", id, header.get(i), text(row.get(0)))
                .isTrue();
          } else {
            safeFigures++;
            assertThat(figure)
                .as("%s: %s of %s", id, header.get(i), text(row.get(0)))
                .doesNotContain("unsafe");
          }
        }
      }
    }
    assertThat(unsafeFigures).isGreaterThan(40);
    assertThat(safeFigures).isGreaterThan(40);
    assertThat(html).containsPattern("<li>sweep-kafka: [^<]*msgs/s <span class=\"unsafe\"");
    assertThat(html).containsPattern("<li>sweep-rabbitmq: [^<]*msgs/s</li>");
  }

  @Test
  void everyChartSeriesOfAnUnsafeRunOrCellSaysSoInItsLegend() {
    List<RunFigures> runs = runs();

    List<ReportCharts.Picture> pictures = HtmlReport.charts(runs, CellFigures.of(runs));

    List<String> unsafe = new ArrayList<>();
    List<String> safe = new ArrayList<>();
    for (ReportCharts.Picture p : pictures) {
      for (String series : p.series()) {
        // A line of the charts by queue joins kafka's cell to rabbitmq's: it is no safer than
        // kafka's.
        boolean ofKafka = series.contains("kafka") || series.startsWith("senders=");
        (ofKafka ? unsafe : safe).add(p.title() + ": " + series);
        assertThat(series.endsWith(" (unsafe)")).as(p.title() + ": " + series).isEqualTo(ofKafka);
      }
    }
    assertThat(unsafe)
        .anyMatch(s -> s.startsWith("sent msgs/s by senders"))
        .anyMatch(s -> s.startsWith("sent msgs/s by queue"))
        .anyMatch(s -> s.startsWith("sent msgs/s over time"))
        .anyMatch(s -> s.startsWith("response time p99 against achieved msgs/s"))
        .anyMatch(s -> s.startsWith("end-to-end latency by percentile"));
    assertThat(safe)
        .anyMatch(s -> s.startsWith("sent msgs/s by senders"))
        .anyMatch(s -> s.startsWith("sent msgs/s over time"))
        .anyMatch(s -> s.startsWith("response time p99 against achieved msgs/s"))
        .anyMatch(s -> s.startsWith("end-to-end latency by percentile"));
  }

  @Test
  void theInProcessReferenceIsNotUnsafeForKeepingMessagesInMemory() {
    RunFigures memory = RunFigures.of(FixedResults.fixedResult(0), "a");

    String html = HtmlReport.render(List.of(memory), List.of(), "now");

    assertThat(memory.result().delivery().durability().level()).isEqualTo(Durability.Level.MEMORY);
    assertThat(html).doesNotContain("class=\"unsafe\"");
    assertThat(HtmlReport.charts(List.of(memory), CellFigures.of(List.of(memory))))
        .flatMap(ReportCharts.Picture::series)
        .isNotEmpty()
        .noneMatch(s -> s.contains("unsafe"));
  }
}
