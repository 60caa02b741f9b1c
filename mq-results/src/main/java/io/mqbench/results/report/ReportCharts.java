package io.mqbench.results.report;

import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunSetup;
import io.mqbench.results.files.CatchUpChart;
import io.mqbench.results.files.FaultChart;
import io.mqbench.results.files.LatencyChart;
import io.mqbench.results.files.LogAxis;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn with XChart (the library the results folder's chart already uses) and
 * embedded in the page as PNG data URIs, so the page needs no network and no script.
 */
final class ReportCharts {
  private static final int WIDTH = 900, HEIGHT = 480;

  /**
   * The legend's mark of a series with a figure of a run whose acknowledged messages could be lost.
   */
  static final String UNSAFE = " (unsafe)";

  /**
   * A chart with its title and the image.
   *
   * @param title what it shows
   * @param chart the chart drawn
   * @param png the PNG's bytes
   */
  record Picture(String title, Chart<?, ?> chart, byte[] png) {
    static Picture of(String title, Chart<?, ?> chart) {
      return new Picture(title, chart, ReportCharts.png(chart));
    }

    /**
     * @return the legend's names, in order
     */
    List<String> series() {
      return List.copyOf(chart.getSeriesMap().keySet());
    }

    String dataUri() {
      return "data:image/png;base64," + Base64.getEncoder().encodeToString(png);
    }
  }

  private ReportCharts() {}

  /**
   * msgs/s by one matrix axis: the axis's values along x, one line per combination of the other
   * axes' values, error bars the 95 % interval of the repetitions.
   *
   * @param cells the cells of one source
   * @param axis the axis along x
   * @param received received msgs/s instead of sent
   * @return the chart
   */
  static Picture byAxis(List<CellFigures> cells, String axis, List<String> axes, boolean received) {
    List<String> xValues = new ArrayList<>();
    Map<String, Map<String, Estimate>> lines = new LinkedHashMap<>();
    Set<String> unsafeLines = new LinkedHashSet<>();
    for (CellFigures c : cells) {
      String x = c.cell().get(axis);
      if (x == null) {
        continue;
      }
      if (!xValues.contains(x)) {
        xValues.add(x);
      }
      Map<String, String> others = new LinkedHashMap<>(c.cell());
      others.keySet().retainAll(axes); // the values that vary, not those every cell shares
      others.remove(axis);
      String line = others.isEmpty() ? "all" : RunSetup.labelOf(others);
      lines
          .computeIfAbsent(line, l -> new LinkedHashMap<>())
          .put(x, received ? c.received() : c.sent());
      if (c.unsafe()) {
        unsafeLines.add(line);
      }
    }
    String what = received ? "received msgs/s" : "sent msgs/s";
    String axisName = axis.replaceFirst("^properties\\.", "");
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(LatencyChart.heightFor(HEIGHT, lines.size()))
            .title(what + " by " + axisName + " (mean, 95 % interval)")
            .xAxisTitle(axisName)
            .yAxisTitle(what)
            .build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
    chart.getStyler().setErrorBarsColor(Color.DARK_GRAY);
    chart.getStyler().setOverlapped(true); // every line's point of a value at the same x
    chart.getStyler().setYAxisMin(0.0); // two repetitions' interval can reach below 0 msgs/s
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    if (crowded(xValues)) {
      chart.getStyler().setXAxisLabelRotation(45); // 8 queues side by side ran into each other
    }
    lines.forEach(
        (name, byX) -> {
          List<Double> y = new ArrayList<>();
          List<Double> err = new ArrayList<>();
          for (String x : xValues) {
            Estimate e = byX.get(x);
            y.add(e == null || !e.present() ? null : e.mean());
            err.add(e == null || !e.hasInterval() ? 0.0 : e.halfWidth());
          }
          chart.addSeries(name + (unsafeLines.contains(name) ? UNSAFE : ""), xValues, y, err);
        });
    return Picture.of(chart.getTitle(), chart);
  }

  /**
   * @param xValues a category axis's labels
   * @return true when the longest, written level, is wider than the share of the plot each label is
   *     centred in (about 8 pixels a character of the axis's bold font)
   */
  static boolean crowded(List<String> xValues) {
    int longest = xValues.stream().mapToInt(String::length).max().orElse(0);
    return !xValues.isEmpty() && longest * 8 > (WIDTH - 120) / xValues.size();
  }

  /**
   * msgs/s second by second, one line per run.
   *
   * @param runs the runs
   * @param received received msgs/s instead of sent
   * @return the chart
   */
  static Picture overTime(List<RunFigures> runs, boolean received) {
    String what = received ? "received msgs/s" : "sent msgs/s";
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(LatencyChart.heightFor(HEIGHT, runs.size()))
            .title(what + " over time, per run")
            .xAxisTitle("time since the start (s)")
            .yAxisTitle(what)
            .build();
    style(chart);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setXAxisDecimalPattern("#,##0.##");
    Set<String> names = new LinkedHashSet<>();
    for (RunFigures r : runs) {
      if (r.timeline().isEmpty()) {
        continue;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (double[] t : r.timeline()) {
        if (t[0] - Math.floor(t[0]) > 0 && t[0] - Math.floor(t[0]) < 0.5 && x.size() > 0) {
          continue; // a last tick of a few milliseconds: its rate is noise, a cliff to 0 or a spike
        }
        x.add(t[0]);
        y.add(received ? t[2] : t[1]);
      }
      chart
          .addSeries(unique(names, ReportNames.run(r, sources(runs) > 1), r.unsafe()), x, y)
          // a run shorter than a second or two is a point or two: markers make it visible
          .setMarker(x.size() < 3 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    }
    return Picture.of(chart.getTitle(), chart);
  }

  /**
   * @param r a catch-up run
   * @return its timeline: msgs/s sent and received, the backlog on a second axis, the receivers'
   *     start and the catch-up instant marked
   */
  static Picture faults(RunFigures r) {
    XYChart chart = FaultChart.chart(r.result(), WIDTH, HEIGHT + 40);
    return Picture.of(chart.getTitle(), chart);
  }

  static Picture catchUp(RunFigures r) {
    XYChart chart = CatchUpChart.chart(r.result(), WIDTH, HEIGHT + 40);
    return Picture.of(chart.getTitle(), chart);
  }

  /**
   * Latency by percentile on logarithmic axes, one line per cell (the repetitions' histograms
   * added: a percentile of the merged distribution, not a mean of percentiles).
   *
   * @param cells the cells
   * @param latency the latency's name
   * @param title the chart's title
   * @return the chart, or null if no cell has values of that latency
   */
  static Picture latency(List<CellFigures> cells, LatencyKind latency, String title) {
    Map<String, Histogram> series = new LinkedHashMap<>();
    Set<String> names = new LinkedHashSet<>();
    for (CellFigures c : cells) {
      Histogram merged = null;
      for (RunFigures r : c.runs()) {
        Histogram h = r.histogram(latency);
        if (h == null) {
          continue;
        }
        if (merged == null) {
          merged = h.copy();
        } else {
          merged.add(h);
        }
      }
      if (merged != null && merged.getTotalCount() > 0) {
        series.put(
            unique(
                names,
                ReportNames.cell(c, cells.stream().map(CellFigures::source).distinct().count() > 1),
                c.unsafe()),
            merged);
      }
    }
    if (series.isEmpty()) {
      return null;
    }
    XYChart chart = LatencyChart.chart(title, series);
    style(chart);
    return Picture.of(title, chart);
  }

  /**
   * Latency against achieved throughput, one line per source: a sweep's curve.
   *
   * @param cells rate-mode cells, each a rate of a sweep
   * @param latency the latency's name
   * @param suffix the percentile shown
   * @return the chart
   */
  static Picture curve(List<CellFigures> cells, LatencyKind latency, String suffix) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(
                latency.label(true) + " " + suffix.replace('_', '.') + " against achieved msgs/s")
            .xAxisTitle("achieved msgs/s")
            .yAxisTitle("latency (ms), log")
            .build();
    style(chart);
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    Map<String, List<double[]>> bySource = new LinkedHashMap<>();
    Set<String> unsafeSources = new LinkedHashSet<>();
    for (CellFigures c : cells) {
      Estimate y = c.latency(latency, suffix);
      if (!c.achieved().present() || !y.present()) {
        continue;
      }
      String name = c.queue() + " (" + c.source() + ")";
      bySource
          .computeIfAbsent(name, s -> new ArrayList<>())
          .add(new double[] {c.achieved().mean(), Math.max(y.mean(), 0.001)});
      if (c.unsafe()) {
        unsafeSources.add(name);
      }
    }
    bySource.forEach(
        (name, points) -> {
          points.sort((a, b) -> Double.compare(a[0], b[0]));
          chart.addSeries(
              name + (unsafeSources.contains(name) ? UNSAFE : ""),
              points.stream().map(p -> p[0]).toList(),
              points.stream().map(p -> p[1]).toList());
        });
    LogAxis.apply(chart);
    return Picture.of(chart.getTitle(), chart);
  }

  private static String unique(Set<String> taken, String fullName, boolean unsafe) {
    // Beside the plot, a long legend leaves the plot no width, and XChart then never finishes
    // laying out the axis: names are kept short, and legends go below the plot. The unsafe mark is
    // kept whole.
    int room = 70 - (unsafe ? UNSAFE.length() : 0);
    String name =
        (fullName.length() > room ? fullName.substring(0, room - 1) + "…" : fullName)
            + (unsafe ? UNSAFE : "");
    String n = name;
    for (int i = 2; !taken.add(n); i++) {
      n = name + " (" + i + ")";
    }
    return n;
  }

  private static long sources(List<RunFigures> runs) {
    return runs.stream().map(RunFigures::source).distinct().count();
  }

  private static void style(Chart<?, ?> chart) {
    Styler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
  }

  private static byte[] png(Chart<?, ?> chart) {
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
