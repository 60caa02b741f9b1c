package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.results.CatchUpResult;
import io.mqbench.results.FixedResults;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.MachineCost;
import io.mqbench.results.RunCost;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * report.html answers at a glance when it compares queues: a queue keeps one colour on every chart
 * of the page, from a palette people can tell apart; names are bars and numbers are lines; values
 * spanning decades get a logarithmic axis; the ★ is never awarded across durabilities nor to a lone
 * value; and each chart names each queue's durability and whether the host set its pace.
 */
class ReportComparesQueuesTest {
  private static final Durability FSYNC =
      new Durability(Durability.Level.FSYNC, "on the queue's node", "persistent");
  private static final Durability MEMORY =
      new Durability(Durability.Level.MEMORY, "on the queue's node", "the page cache");

  /** The queues of the all-queues scenario. */
  private static final List<String> EIGHT =
      List.of(
          "kafka",
          "kafka-share",
          "rabbitmq",
          "rabbitmq-stream",
          "artemis",
          "redis",
          "nats",
          "postgres");

  /** A repetition of a matrix cell of one queue, moving sent msgs/s. */
  private static RunFigures run(
      String queue, double sent, Durability d, int repetition, Map<String, String> cell) {
    RunResult base = FixedResults.fixedResult(0);
    RunResult r =
        FixedResults.withDurability(base, d)
            .withQueue(queue)
            .withRunId(queue + cell.values() + repetition)
            .withTotals(
                base.totals()
                    .withSentPerSecond(sent)
                    .withReceivedPerSecond(sent * 0.99)
                    .withEndToEndPerSecond(sent * 0.98))
            .inCell(cell, repetition);
    return RunFigures.of(r, "matrix");
  }

  /** A single run of a matrix by queue. */
  private static RunFigures byQueue(String queue, double sent, Durability d) {
    return run(queue, sent, d, 1, Map.of("queue", queue));
  }

  private static List<ReportCharts.Picture> charts(List<RunFigures> runs) {
    return HtmlReport.charts(runs, CellFigures.of(runs));
  }

  private static ReportCharts.Picture chart(List<RunFigures> runs, String titleStart) {
    return charts(runs).stream()
        .filter(p -> p.title().startsWith(titleStart))
        .findFirst()
        .orElseThrow();
  }

  /** Each series' colour as drawn: XChart's own are translucent, so over the white background. */
  private static Color colour(Series s) {
    Color c =
        s instanceof CategorySeries bars ? bars.getFillColor() : ((XYSeries) s).getLineColor();
    double a = c.getAlpha() / 255.0;
    return new Color(
        (int) Math.round(c.getRed() * a + 255 * (1 - a)),
        (int) Math.round(c.getGreen() * a + 255 * (1 - a)),
        (int) Math.round(c.getBlue() * a + 255 * (1 - a)));
  }

  /** The queue a series is of: its name is the queue's, or holds "queue=" and the queue's. */
  private static String queueOf(String series, List<String> queues) {
    Matcher m = Pattern.compile("^(?:queue=)?([a-z-]+)").matcher(series);
    return m.find() && queues.contains(m.group(1)) ? m.group(1) : null;
  }

  /** Each queue's colours over every chart of the page. */
  private static Map<String, Set<Color>> coloursByQueue(
      List<RunFigures> runs, List<String> queues) {
    Map<String, Set<Color>> colours = new LinkedHashMap<>();
    for (ReportCharts.Picture p : charts(runs)) {
      p.chart()
          .getSeriesMap()
          .forEach(
              (name, s) -> {
                String queue = queueOf(name, queues);
                if (queue != null) {
                  colours
                      .computeIfAbsent(queue, q -> new LinkedHashSet<>())
                      .add(colour((Series) s));
                }
              });
    }
    return colours;
  }

  @Test
  void aQueueKeepsItsColourOnEveryChartOfThePage() {
    // The in-process reference is left out of the rate charts but not of the latency charts: a
    // colour cycled chart by chart moved every broker's colour by one between the two.
    List<String> queues = List.of("memory", "kafka", "nats", "redis");
    List<RunFigures> runs = new ArrayList<>();
    for (String q : queues) {
      runs.add(byQueue(q, 10_000 + 1_000 * runs.size(), MEMORY));
    }
    runs.set(2, RunFigures.of(runs.get(2).result().withCatchUp(caughtUp(runs.get(2))), "matrix"));

    Map<String, Set<Color>> colours = coloursByQueue(runs, queues);

    assertThat(colours.keySet()).containsExactlyInAnyOrderElementsOf(queues);
    colours.forEach((queue, c) -> assertThat(c).as(queue).hasSize(1));
    ReportCharts.Picture catchUp = chart(runs, "nats catch-up");
    assertThat(colour((Series) catchUp.chart().getSeriesMap().get("sent msgs/s")))
        .as("nats's rates in its catch-up chart")
        .isEqualTo(colours.get("nats").iterator().next());
  }

  /** A catch-up of a 2 s backlog, caught up in 3.25 s. */
  private static CatchUpResult caughtUp(RunFigures r) {
    Map<LatencyKind, Latency> latencies = r.result().latency().byKind();
    return new CatchUpResult(
        2.0,
        2.0,
        3_000,
        6_000,
        true,
        3.25,
        5.5,
        3.0,
        40,
        new CatchUpResult.Window(0, 2, 6_000, 0, 3_000, 0, latencies),
        new CatchUpResult.Window(2, 5.25, 9_750, 14_500, 3_000, 4_461, latencies),
        null);
  }

  @Test
  void onAPageOfOneQueueACellKeepsItsColourFromTheRateChartsToTheLatencyCharts() {
    List<RunFigures> runs = new ArrayList<>();
    for (String senders : List.of("1", "2", "4")) {
      for (int rep = 1; rep <= 2; rep++) {
        runs.add(run("kafka", 10_000 * rep, MEMORY, rep, Map.of("senders", senders)));
      }
    }

    Map<String, Set<Color>> colours = new LinkedHashMap<>();
    for (ReportCharts.Picture p : charts(runs)) {
      if (p.title().contains("over time") || p.title().contains("by percentile")) {
        p.chart()
            .getSeriesMap()
            .forEach(
                (name, s) ->
                    colours
                        .computeIfAbsent(name.replaceAll(" #\\d+$", ""), n -> new LinkedHashSet<>())
                        .add(colour((Series) s)));
      }
    }

    assertThat(colours.keySet()).containsExactly("senders=1", "senders=2", "senders=4");
    colours.forEach((cell, c) -> assertThat(c).as(cell).hasSize(1));
    assertThat(colours.values().stream().map(c -> c.iterator().next()).distinct()).hasSize(3);
  }

  /**
   * A CIE76 ΔE of 2.3 is the smallest difference people notice side by side; between thin lines of
   * a legend and a plot, 20 keeps two colours apart at a glance (XChart's own cycle has orange and
   * yellow, pink and pale grey below it). And no colour is paler than L* 75, lest it fade on white.
   */
  @Test
  void theEightQueuesOfAPageHaveColoursPeopleTellApart() {
    List<RunFigures> runs = new ArrayList<>();
    for (String q : EIGHT) {
      runs.add(byQueue(q, 10_000 + 1_000 * runs.size(), FSYNC));
    }

    Map<String, Set<Color>> byQueue = coloursByQueue(runs, EIGHT);

    List<Color> colours = byQueue.values().stream().map(c -> c.iterator().next()).toList();
    assertThat(colours).hasSize(8).doesNotHaveDuplicates();
    for (int i = 0; i < colours.size(); i++) {
      for (int j = i + 1; j < colours.size(); j++) {
        assertThat(deltaE(colours.get(i), colours.get(j)))
            .as("ΔE of %s and %s", EIGHT.get(i), EIGHT.get(j))
            .isGreaterThanOrEqualTo(20);
      }
    }
    for (int i = 0; i < colours.size(); i++) {
      assertThat(lab(colours.get(i))[0]).as("L* of " + EIGHT.get(i)).isLessThanOrEqualTo(75);
    }
  }

  @Test
  void aNinthQueueTakesTheFirstColourAgainOnlyWithAMarkOfItsOwn() {
    List<RunFigures> runs = new ArrayList<>();
    for (String q : EIGHT) {
      runs.add(byQueue(q, 10_000 + 1_000 * runs.size(), FSYNC));
    }
    runs.add(byQueue("sqs", 9_000, FSYNC));

    XYChart overTime = (XYChart) chart(runs, "sent msgs/s over time").chart();

    XYSeries first = overTime.getSeriesMap().get("queue=kafka #1");
    XYSeries ninth = overTime.getSeriesMap().get("queue=sqs #1");
    assertThat(ninth.getLineColor()).isEqualTo(first.getLineColor());
    assertThat(first.getMarker()).isEqualTo(SeriesMarkers.NONE);
    assertThat(ninth.getMarker()).isNotEqualTo(SeriesMarkers.NONE);
  }

  @Test
  void queuesAreBarsWithoutAnAllSeriesAndWithoutAnIntervalOneRunCannotHave() {
    List<RunFigures> runs =
        List.of(
            byQueue("kafka", 20_000, MEMORY),
            byQueue("rabbitmq", 15_000, FSYNC),
            byQueue("redis", 12_000, FSYNC));

    ReportCharts.Picture sent = chart(runs, "sent msgs/s by queue");

    assertThat(sent.chart()).isInstanceOf(CategoryChart.class);
    CategoryChart bars = (CategoryChart) sent.chart();
    assertThat(bars.getStyler().getDefaultSeriesRenderStyle())
        .isEqualTo(CategorySeries.CategorySeriesRenderStyle.Bar);
    assertThat(bars.getSeriesMap().values())
        .allMatch(
            s ->
                s.getChartCategorySeriesRenderStyle() == null
                    || s.getChartCategorySeriesRenderStyle()
                        == CategorySeries.CategorySeriesRenderStyle.Bar);
    // the background, the plot's frame and a bar per queue (no legend: the key beneath names them)
    assertThat(sent.svg().split("<rect ", -1)).hasSize(1 + 2 + 3);
    assertThat(sent.series()).doesNotContain("all").containsExactly("kafka", "rabbitmq", "redis");
    assertThat(sent.title()).doesNotContain("95 %");
    assertThat(bars.getSeriesMap().values()).allMatch(s -> s.getExtraValues() == null);
  }

  @Test
  void repeatedQueuesAreBarsWithTheirIntervalEachOnItsOwnBar() {
    List<RunFigures> runs = new ArrayList<>();
    for (int rep = 1; rep <= 2; rep++) {
      runs.add(run("kafka", 20_000 + 1_000 * rep, MEMORY, rep, Map.of("queue", "kafka")));
      runs.add(run("redis", 15_000 + 3_000 * rep, MEMORY, rep, Map.of("queue", "redis")));
    }
    Map<String, Estimate> sent = new LinkedHashMap<>();
    CellFigures.of(runs).forEach(c -> sent.put(c.queue(), c.sent()));

    ReportCharts.Picture bars = chart(runs, "sent msgs/s by queue");

    assertThat(bars.title()).contains("95 % interval");
    // Each queue its own series, its value and interval at its own name.
    for (String queue : List.of("kafka", "redis")) {
      CategorySeries s = ((CategoryChart) bars.chart()).getSeriesMap().get(queue);
      int at = new ArrayList<>(s.getXData()).indexOf(queue);
      assertThat(new ArrayList<>(s.getExtraValues()).get(at).doubleValue())
          .as(queue)
          .isEqualTo(sent.get(queue).halfWidth());
      assertThat(new ArrayList<>(s.getYData()).get(at).doubleValue())
          .isEqualTo(sent.get(queue).mean());
    }
  }

  @Test
  void aNumericAxisIsALineWithIntervalsOnlyWhereCellsWereRepeated() {
    List<RunFigures> runs = new ArrayList<>();
    for (String senders : List.of("1", "2", "4")) {
      for (int rep = 1; rep <= 2; rep++) {
        double sent = 10_000 * Integer.parseInt(senders) + 500 * rep;
        runs.add(run("kafka", sent, MEMORY, rep, Map.of("senders", senders)));
      }
    }

    ReportCharts.Picture sent = chart(runs, "sent msgs/s by senders");

    assertThat(sent.chart()).isInstanceOf(XYChart.class);
    assertThat(sent.title()).contains("95 % interval");
    assertThat(((XYChart) sent.chart()).getSeriesMap().values())
        .allMatch(s -> s.getExtraValues() != null);
  }

  @Test
  void valuesSpanningMoreThanADecadeGetALogarithmicAxisAndWithinOneALinearOne() {
    List<RunFigures> wide =
        List.of(byQueue("kafka", 300_000, MEMORY), byQueue("postgres", 2_000, MEMORY));
    List<RunFigures> close =
        List.of(byQueue("kafka", 50_000, MEMORY), byQueue("postgres", 20_000, MEMORY));

    ReportCharts.Picture log = chart(wide, "sent msgs/s by queue");
    ReportCharts.Picture linear = chart(close, "sent msgs/s by queue");

    assertThat(((AxesChartStyler) log.chart().getStyler()).isYAxisLogarithmic()).isTrue();
    assertThat(log.chart().getYAxisTitle()).contains("log scale");
    assertThat(((AxesChartStyler) linear.chart().getStyler()).isYAxisLogarithmic()).isFalse();
    assertThat(linear.chart().getYAxisTitle()).doesNotContain("log");
  }

  /** The cells table's row of a queue. */
  private static String row(String html, String queue) {
    String cells = html.substring(html.indexOf("id=\"cells\""), html.indexOf("id=\"runs\""));
    return Arrays.stream(cells.split("<tr>"))
        .filter(r -> r.contains(">" + queue + "<"))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theStarIsNeverAwardedAcrossDurabilities() {
    // kafka keeps acknowledged messages in memory: faster than the fsynced queues, and alone.
    List<RunFigures> runs =
        List.of(
            byQueue("kafka", 20_000, MEMORY),
            byQueue("rabbitmq", 15_000, FSYNC),
            byQueue("artemis", 10_000, FSYNC));

    String html = HtmlReport.render(runs, List.of(), "now");

    assertThat(row(html, "kafka")).doesNotContain("★");
    assertThat(row(html, "rabbitmq")).contains("15,000 ★");
    assertThat(row(html, "artemis")).doesNotContain("10,000 ★");
  }

  @Test
  void aLoneValueIsNoOnesBest() {
    RunFigures priced = byQueue("rabbitmq", 15_000, FSYNC);
    RunResult withCost =
        priced
            .result()
            .withCost(new RunCost(null, new MachineCost(0.384, "USD", "end to end", 15_000, 0.5)));
    List<RunFigures> runs =
        List.of(RunFigures.of(withCost, "matrix"), byQueue("artemis", 10_000, FSYNC));

    String html = HtmlReport.render(runs, List.of(), "now");

    assertThat(row(html, "rabbitmq")).contains("0.500000").doesNotContain("0.500000 ★");
  }

  @Test
  void everyChartNamesEachQueuesDurabilityAndWhetherTheHostSetItsPace() {
    RunFigures starved = byQueue("kafka", 20_000, MEMORY);
    List<RunFigures> runs =
        List.of(
            RunFigures.of(starved.result().withStatus(RunStatus.HOST_LIMITED), "matrix"),
            byQueue("rabbitmq", 15_000, FSYNC));

    String html = HtmlReport.render(runs, List.of(), "now");

    List<String> captions = new ArrayList<>();
    Matcher m = Pattern.compile("<figcaption>(.*?)</figcaption>", Pattern.DOTALL).matcher(html);
    while (m.find()) {
      captions.add(m.group(1).replaceAll("<[^>]*>", ""));
    }
    assertThat(captions).hasSizeGreaterThanOrEqualTo(5);
    for (String caption : captions) {
      assertThat(caption)
          .containsPattern("kafka[^a-z]*in memory[^a-z]*host-limited")
          .containsPattern("rabbitmq[^a-z]*fsynced to disk")
          .doesNotContainPattern("rabbitmq[^a-z]*fsynced to disk[^a-z]*host-limited");
    }
  }

  /** sRGB to CIELAB under D65. */
  private static double[] lab(Color c) {
    double r = linear(c.getRed()), g = linear(c.getGreen()), b = linear(c.getBlue());
    double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    double fx = f(x), fy = f(y), fz = f(z);
    return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
  }

  private static double linear(int channel) {
    double c = channel / 255.0;
    return c > 0.04045 ? Math.pow((c + 0.055) / 1.055, 2.4) : c / 12.92;
  }

  private static double f(double t) {
    return t > 216.0 / 24389 ? Math.cbrt(t) : t * 841.0 / 108 + 4.0 / 29;
  }

  private static double deltaE(Color a, Color b) {
    double[] p = lab(a), q = lab(b);
    return Math.sqrt(
        Math.pow(p[0] - q[0], 2) + Math.pow(p[1] - q[1], 2) + Math.pow(p[2] - q[2], 2));
  }
}
