package io.mqbench.results.report;

import io.mqbench.results.LatencyKind;
import io.mqbench.results.files.CatchUpChart;
import io.mqbench.results.files.FaultChart;
import io.mqbench.results.files.LatencyChart;
import io.mqbench.results.files.LogAxis;
import io.mqbench.results.svg.SvgChart;
import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The report's charts, built as XChart charts (the library the results folder's timelines use) and
 * embedded in the page as SVG data URIs ({@link SvgChart}), so the page needs no network and no
 * script.
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
   * @param svg the chart as an SVG document
   * @param runs the runs whose figures it shows, for the marks beside it
   */
  record Picture(String title, Chart<?, ?> chart, String svg, List<RunFigures> runs) {
    Picture {
      runs = List.copyOf(runs);
    }

    static Picture of(String title, Chart<?, ?> chart, List<RunFigures> runs) {
      return new Picture(title, chart, SvgChart.of(chart), runs);
    }

    /**
     * @return the legend's names, in order
     */
    List<String> series() {
      return List.copyOf(chart.getSeriesMap().keySet());
    }

    String dataUri() {
      return "data:image/svg+xml;base64,"
          + Base64.getEncoder().encodeToString(svg.getBytes(StandardCharsets.UTF_8));
    }
  }

  private ReportCharts() {}

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
   * msgs/s second by second, one line per run, the value axis logarithmic where the rates span more
   * than a decade.
   *
   * @param runs the runs
   * @param received received msgs/s instead of sent
   * @param colours the page's colours
   * @return the chart
   */
  static Picture overTime(List<RunFigures> runs, boolean received, SeriesColours colours) {
    String what = received ? "received msgs/s" : "sent msgs/s";
    Map<RunFigures, double[][]> lines = new LinkedHashMap<>();
    List<Double> all = new ArrayList<>();
    for (RunFigures r : runs) {
      double[][] xy = timeline(r, received);
      if (xy[0].length > 0) {
        lines.put(r, xy);
        Arrays.stream(xy[1]).forEach(all::add);
      }
    }
    boolean log = LogAxis.wide(all);
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(LatencyChart.heightFor(HEIGHT, runs.size()))
            .title(what + " over time, per run")
            .xAxisTitle("time since the start (s)")
            .yAxisTitle(what + (log ? ", log scale" : ""))
            .build();
    style(chart);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setXAxisDecimalPattern("#,##0.##");
    Set<String> names = new LinkedHashSet<>();
    SeriesColours.Chart styles = colours.chart();
    lines.forEach(
        (r, xy) -> {
          double[] y = xy[1].clone();
          if (log) {
            // A second with nothing moved has no place on a logarithmic axis: a gap.
            Arrays.setAll(y, i -> y[i] > 0 ? y[i] : Double.NaN);
          }
          XYSeries s =
              chart.addSeries(
                  unique(names, ReportNames.run(r, sources(runs) > 1), r.unsafe()), xy[0], y);
          // a run shorter than a second or two is a point or two: the style marks them
          styles.line(s, colours.key(r.queue(), ReportNames.cellOf(r, true)), y.length);
        });
    if (log) {
      LogAxis.apply(chart);
    }
    return Picture.of(chart.getTitle(), chart, List.copyOf(lines.keySet()));
  }

  /** A run's seconds and its rates at them, a last tick of a few milliseconds left out. */
  private static double[][] timeline(RunFigures r, boolean received) {
    List<double[]> points = new ArrayList<>();
    for (double[] t : r.timeline()) {
      if (t[0] - Math.floor(t[0]) > 0 && t[0] - Math.floor(t[0]) < 0.5 && !points.isEmpty()) {
        continue; // a last tick of a few milliseconds: its rate is noise, a cliff to 0 or a spike
      }
      points.add(new double[] {t[0], received ? t[2] : t[1]});
    }
    return new double[][] {
      points.stream().mapToDouble(p -> p[0]).toArray(),
      points.stream().mapToDouble(p -> p[1]).toArray()
    };
  }

  /**
   * @param r a run with faults
   * @param colours the page's colours: the run's queue's is its rates'
   * @return its timeline: msgs/s sent and received, each fault a band, recovery marked
   */
  static Picture faults(RunFigures r, SeriesColours colours) {
    XYChart chart = FaultChart.chart(r.result(), WIDTH, HEIGHT + 40, colourOf(r, colours));
    return Picture.of(chart.getTitle(), chart, List.of(r));
  }

  /**
   * @param r a catch-up run
   * @param colours the page's colours: the run's queue's is its rates'
   * @return its timeline: msgs/s sent and received, the backlog on a second axis, the receivers'
   *     start and the catch-up instant marked
   */
  static Picture catchUp(RunFigures r, SeriesColours colours) {
    XYChart chart = CatchUpChart.chart(r.result(), WIDTH, HEIGHT + 40, colourOf(r, colours));
    return Picture.of(chart.getTitle(), chart, List.of(r));
  }

  private static Color colourOf(RunFigures r, SeriesColours colours) {
    return colours.colour(colours.key(r.queue(), ReportNames.cellOf(r, true)));
  }

  /**
   * Latency by percentile on logarithmic axes, one line per cell (the repetitions' histograms
   * added: a percentile of the merged distribution, not a mean of percentiles).
   *
   * @param cells the cells
   * @param latency the latency's name
   * @param title the chart's title
   * @param colours the page's colours
   * @return the chart, or null if no cell has values of that latency
   */
  static Picture latency(
      List<CellFigures> cells, LatencyKind latency, String title, SeriesColours colours) {
    Map<String, Histogram> series = new LinkedHashMap<>();
    Map<String, String> keys = new LinkedHashMap<>();
    Set<String> names = new LinkedHashSet<>();
    List<RunFigures> runs = new ArrayList<>();
    boolean sources = cells.stream().map(CellFigures::source).distinct().count() > 1;
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
        String name = unique(names, ReportNames.cell(c, sources), c.unsafe());
        series.put(name, merged);
        keys.put(name, colours.key(c.queue(), ReportNames.cell(c, true)));
        runs.addAll(c.runs());
      }
    }
    if (series.isEmpty()) {
      return null;
    }
    XYChart chart = LatencyChart.chart(title, series);
    style(chart);
    chart.setYAxisTitle("latency (ms), log scale");
    SeriesColours.Chart styles = colours.chart();
    chart.getSeriesMap().forEach((name, s) -> styles.line(s, keys.get(name), s.getXData().length));
    return Picture.of(title, chart, runs);
  }

  /**
   * Latency against achieved throughput, one line per source: a sweep's curve.
   *
   * @param cells rate-mode cells, each a rate of a sweep
   * @param latency the latency's name
   * @param suffix the percentile shown
   * @param colours the page's colours
   * @return the chart
   */
  static Picture curve(
      List<CellFigures> cells, LatencyKind latency, String suffix, SeriesColours colours) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(
                latency.label(true) + " " + suffix.replace('_', '.') + " against achieved msgs/s")
            .xAxisTitle("achieved msgs/s")
            .yAxisTitle("latency (ms), log scale")
            .build();
    style(chart);
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    Map<String, List<double[]>> bySource = new LinkedHashMap<>();
    Map<String, String> queues = new LinkedHashMap<>();
    Set<String> unsafeSources = new LinkedHashSet<>();
    List<RunFigures> runs = new ArrayList<>();
    for (CellFigures c : cells) {
      Estimate y = c.latency(latency, suffix);
      if (!c.achieved().present() || !y.present()) {
        continue;
      }
      String name = c.queue() + " (" + c.source() + ")";
      bySource
          .computeIfAbsent(name, s -> new ArrayList<>())
          .add(new double[] {c.achieved().mean(), Math.max(y.mean(), 0.001)});
      queues.put(name, c.queue());
      runs.addAll(c.runs());
      if (c.unsafe()) {
        unsafeSources.add(name);
      }
    }
    SeriesColours.Chart styles = colours.chart();
    bySource.forEach(
        (name, points) -> {
          points.sort((a, b) -> Double.compare(a[0], b[0]));
          XYSeries s =
              chart.addSeries(
                  name + (unsafeSources.contains(name) ? UNSAFE : ""),
                  points.stream().map(p -> p[0]).toList(),
                  points.stream().map(p -> p[1]).toList());
          styles.line(s, colours.key(queues.get(name), name), points.size());
        });
    LogAxis.apply(chart);
    return Picture.of(chart.getTitle(), chart, runs);
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

  static void style(Chart<?, ?> chart) {
    Styler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
  }
}
