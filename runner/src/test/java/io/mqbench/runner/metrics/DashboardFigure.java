package io.mqbench.runner.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws the Grafana dashboard's six panels (docker/monitoring/grafana/dashboards/mqbench.json, its
 * titles and units) from a series of real scrapes, with XChart, since Grafana cannot run where
 * mqbench is built. Each panel computes what its PromQL query does: rates are counter increases
 * over a 5 s window, percentiles are {@code histogram_quantile} over the buckets' increases in that
 * window (as {@code rate(..._bucket[5s])} would), gauges are drawn as scraped.
 *
 * <p>Usage: {@code DashboardFigure SCRAPES DASHBOARD OUT.png}, where {@code SCRAPES/coordinator}
 * and {@code SCRAPES/<worker>} hold one scrape per file named by its epoch milliseconds ({@code
 * scripts/metrics-figure.sh} makes them).
 */
public final class DashboardFigure {
  private static final double WINDOW_SECONDS = 5;

  private DashboardFigure() {}

  /** A scrape and when it was taken. */
  record Timed(double seconds, Scrape scrape) {}

  public static void main(String[] args) throws IOException {
    Path scrapes = Path.of(args[0]);
    JsonNode dashboard = new ObjectMapper().readTree(Path.of(args[1]).toFile());
    Path out = Path.of(args[2]);
    List<Timed> coordinator = read(scrapes.resolve("coordinator"), Double.NaN);
    double t0 = coordinator.get(0).seconds();
    coordinator = read(scrapes.resolve("coordinator"), t0);
    Map<String, List<Timed>> workers = new TreeMap<>();
    try (Stream<Path> dirs = Files.list(scrapes)) {
      for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
        if (!d.getFileName().toString().equals("coordinator")) {
          workers.put(d.getFileName().toString(), read(d, t0));
        }
      }
    }
    List<String> titles = new ArrayList<>();
    dashboard.required("panels").forEach(p -> titles.add(p.required("title").asText()));

    List<XYChart> charts = new ArrayList<>();
    XYChart rates = chart(titles.get(0), "msgs/s");
    add(rates, "sent", coordinator, rate("mqbench_sent_messages_total"));
    add(rates, "received", coordinator, rate("mqbench_received_messages_total"));
    charts.add(rates);
    XYChart e2e = logarithmic(chart(titles.get(1), "ms (log)"));
    for (double q : new double[] {0.5, 0.99, 0.999}) {
      add(e2e, label(q), coordinator, quantileMs("mqbench_end_to_end_latency_seconds", q));
    }
    charts.add(e2e);
    XYChart send = logarithmic(chart(titles.get(2), "ms (log)"));
    add(send, "send p99", coordinator, quantileMs("mqbench_send_latency_seconds", 0.99));
    add(send, "response p99", coordinator, quantileMs("mqbench_response_latency_seconds", 0.99));
    charts.add(send);
    XYChart lag = logarithmic(chart(titles.get(3), "ms (log)"));
    add(lag, "schedule lag p99", coordinator, quantileMs("mqbench_schedule_lag_seconds", 0.99));
    add(lag, "harness lag p99", coordinator, quantileMs("mqbench_harness_lag_seconds", 0.99));
    charts.add(lag);
    XYChart loss = chart(titles.get(4), "messages");
    add(loss, "lost so far", coordinator, gauge("mqbench_lost_messages"));
    add(loss, "in flight", coordinator, gauge("mqbench_in_flight_messages"));
    add(loss, "duplicates", coordinator, gauge("mqbench_duplicate_messages"));
    charts.add(loss);
    XYChart byNode = chart(titles.get(5), "msgs/s");
    workers.forEach(
        (node, series) -> add(byNode, node, series, rate("mqbench_received_messages_total")));
    charts.add(byNode);
    BitmapEncoder.saveBitmap(charts, 3, 2, out.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static String label(double q) {
    return "p" + (q * 100 == Math.rint(q * 100) ? String.valueOf((int) (q * 100)) : q * 100);
  }

  private static List<Timed> read(Path dir, double t0) throws IOException {
    List<Timed> all = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        double ms = Double.parseDouble(f.getFileName().toString().replace(".txt", ""));
        String text = Files.readString(f);
        if (!text.isBlank()) {
          Scrape s = Scrape.parse(text);
          if (!s.named("mqbench_run_finished").isEmpty()) {
            all.add(new Timed(ms / 1000 - (Double.isNaN(t0) ? 0 : t0), s));
          }
        }
      }
    }
    all.sort((a, b) -> Double.compare(a.seconds(), b.seconds()));
    return all;
  }

  private static XYChart chart(String title, String unit) {
    XYChart c =
        new XYChartBuilder()
            .width(640)
            .height(300)
            .title(title)
            .xAxisTitle("seconds (scrape time)")
            .yAxisTitle(unit)
            .build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    c.getStyler().setChartBackgroundColor(Color.WHITE);
    c.getStyler().setPlotGridLinesColor(new Color(0xDDDDDD));
    c.getStyler().setMarkerSize(3);
    return c;
  }

  /** Latency panels: log scale, as the dashboard's; values of 0 cannot be drawn there. */
  private static XYChart logarithmic(XYChart c) {
    c.getStyler().setYAxisLogarithmic(true);
    return c;
  }

  /** A value at a scrape, given the scrape and the one a window earlier. */
  private interface Panel {
    double at(Timed now, Timed before);
  }

  private static void add(XYChart c, String name, List<Timed> series, Panel panel) {
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    int from = 0;
    for (Timed now : series) {
      while (from < series.size() - 1
          && now.seconds() - series.get(from + 1).seconds() >= WINDOW_SECONDS) {
        from++;
      }
      Timed before = series.get(from);
      if (now.seconds() - before.seconds() < WINDOW_SECONDS * 0.8) {
        continue;
      }
      double v = panel.at(now, before);
      if (!Double.isNaN(v) && (!c.getStyler().isYAxisLogarithmic() || v > 0)) {
        x.add(now.seconds());
        y.add(v);
      }
    }
    if (x.isEmpty()) {
      x.add(0.0);
      y.add(0.0);
    }
    XYSeries s = c.addSeries(name, x, y);
    s.setMarker(SeriesMarkers.CIRCLE);
  }

  private static Panel rate(String counter) {
    return (now, before) ->
        (sum(now.scrape(), counter) - sum(before.scrape(), counter))
            / (now.seconds() - before.seconds());
  }

  private static Panel gauge(String name) {
    return (now, before) -> sum(now.scrape(), name);
  }

  private static Panel quantileMs(String histogram, double q) {
    Function<Scrape, double[]> cumulative =
        s -> s.buckets(histogram).values().stream().mapToDouble(Double::doubleValue).toArray();
    return (now, before) -> {
      double[] a = cumulative.apply(now.scrape());
      double[] b = cumulative.apply(before.scrape());
      if (a.length != LatencyBuckets.UPPER_BOUNDS.length || b.length != a.length) {
        return Double.NaN;
      }
      double[] increase = new double[a.length];
      for (int i = 0; i < a.length; i++) {
        double up = a[i] - b[i];
        double below = i == 0 ? 0 : a[i - 1] - b[i - 1];
        increase[i] = up - below;
      }
      return 1000 * BucketQuantile.of(q, LatencyBuckets.UPPER_BOUNDS, increase);
    };
  }

  private static double sum(Scrape s, String name) {
    return s.named(name).stream().mapToDouble(Scrape.Sample::value).sum();
  }
}
