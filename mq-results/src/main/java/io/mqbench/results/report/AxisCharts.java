package io.mqbench.results.report;

import io.mqbench.results.RunSetup;
import io.mqbench.results.files.LatencyChart;
import io.mqbench.results.files.LogAxis;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * msgs/s by one matrix axis: lines along a numeric axis (senders, size, rate), bars for categories
 * (queues, a backend's setting), never a line through names. The mean of a cell's repetitions; its
 * 95 % interval drawn only where a cell was repeated, and said so in the title only then. The value
 * axis is logarithmic where the values span more than a decade.
 */
final class AxisCharts {
  private static final int WIDTH = 900, HEIGHT = 480;

  /** The matrix axis that names the queue. */
  static final String QUEUE = "queue";

  private AxisCharts() {}

  /**
   * What one chart shows: its series, each with a value per x, the queue each series is of, and
   * whether it is of an unsafe run.
   */
  private record Plot(
      List<String> xs,
      Map<String, Map<String, Estimate>> series,
      Map<String, String> queues,
      Set<String> unsafe,
      List<RunFigures> runs) {

    List<Double> means() {
      List<Double> means = new ArrayList<>();
      series.values().forEach(byX -> byX.values().forEach(e -> means.add(e.mean())));
      return means;
    }

    boolean repeated() {
      return series.values().stream()
          .flatMap(byX -> byX.values().stream())
          .anyMatch(Estimate::hasInterval);
    }

    String name(String series) {
      return series + (unsafe.contains(series) ? ReportCharts.UNSAFE : "");
    }
  }

  /**
   * @param cells the cells of one source
   * @param axis the axis along x
   * @param axes the source's matrix axes
   * @param received received msgs/s instead of sent
   * @param colours the page's colours
   * @return the chart: lines if every value of the axis is a number, else bars
   */
  static ReportCharts.Picture byAxis(
      List<CellFigures> cells,
      String axis,
      List<String> axes,
      boolean received,
      SeriesColours colours) {
    String what = received ? "received msgs/s" : "sent msgs/s";
    String axisName = axis.replaceFirst("^properties\\.", "");
    boolean numeric =
        cells.stream()
            .map(c -> c.cell().get(axis))
            .filter(v -> v != null)
            .allMatch(v -> number(v) != null);
    if (numeric) {
      Plot p = plot(cells, axis, axes, received, false);
      return lines(p, what, axisName, colours);
    }
    Plot p = plot(cells, axis, axes, received, axis.equals(QUEUE));
    return bars(p, what, axisName, axis.equals(QUEUE) ? otherAxes(axes, axis) : axisName, colours);
  }

  /**
   * @param byQueue bars by queue: a series per queue, the other axes' values along x (or the queue
   *     itself when there are none), so that every bar of a queue has the queue's colour
   */
  private static Plot plot(
      List<CellFigures> cells, String axis, List<String> axes, boolean received, boolean byQueue) {
    List<String> xs = new ArrayList<>();
    Map<String, Map<String, Estimate>> series = new LinkedHashMap<>();
    Map<String, String> queues = new LinkedHashMap<>();
    Set<String> unsafe = new LinkedHashSet<>();
    List<RunFigures> runs = new ArrayList<>();
    for (CellFigures c : cells) {
      if (c.cell().get(axis) == null) {
        continue;
      }
      Map<String, String> others = new LinkedHashMap<>(c.cell());
      others.keySet().retainAll(axes); // the values that vary, not those every cell shares
      others.remove(axis);
      String rest = others.isEmpty() ? c.queue() : RunSetup.labelOf(others);
      String x = byQueue ? rest : c.cell().get(axis);
      String name = byQueue ? c.queue() : rest;
      if (!xs.contains(x)) {
        xs.add(x);
      }
      series
          .computeIfAbsent(name, n -> new LinkedHashMap<>())
          .put(x, received ? c.received() : c.sent());
      queues.putIfAbsent(name, c.queue());
      if (c.unsafe()) {
        unsafe.add(name);
      }
      runs.addAll(c.runs());
    }
    return new Plot(xs, series, queues, unsafe, runs);
  }

  private static ReportCharts.Picture lines(
      Plot p, String what, String axisName, SeriesColours colours) {
    boolean log = LogAxis.wide(p.means());
    boolean intervals = p.repeated();
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(LatencyChart.heightFor(HEIGHT, p.series().size()))
            .title(what + " by " + axisName + (intervals ? " (mean, 95 % interval)" : ""))
            .xAxisTitle(axisName)
            .yAxisTitle(what + (log ? ", log scale" : ""))
            .build();
    ReportCharts.style(chart);
    chart.getStyler().setXAxisDecimalPattern("#,##0.##");
    List<Double> xNumbers = p.xs().stream().map(AxisCharts::number).toList();
    if (LogAxis.wide(xNumbers) && xNumbers.stream().allMatch(v -> v > 0)) {
      chart.getStyler().setXAxisLogarithmic(true); // 100 B beside 64 kB
    } else if (xNumbers.stream().allMatch(v -> v == Math.rint(v))) {
      // Threads and sizes are whole: no label at 1.2 senders between the grid's lines.
      chart
          .getStyler()
          .setxAxisTickLabelsFormattingFunction(
              v -> v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : "");
    }
    List<String> xs = new ArrayList<>(p.xs());
    xs.sort(Comparator.comparingDouble(AxisCharts::number));
    double floor = yAxis(chart.getStyler(), p, log);
    SeriesColours.Chart styles = colours.chart();
    p.series()
        .forEach(
            (name, byX) -> {
              double[] x = new double[xs.size()];
              double[] y = new double[xs.size()];
              double[] err = new double[xs.size()];
              for (int i = 0; i < xs.size(); i++) {
                Estimate e = byX.get(xs.get(i));
                x[i] = number(xs.get(i));
                y[i] = e == null || !e.present() ? Double.NaN : e.mean(); // NaN: a gap
                // XChart draws an interval symmetric about the mean: one reaching below the floor
                // of a logarithmic axis stops at it.
                err[i] =
                    e == null || !e.hasInterval()
                        ? 0
                        : Math.min(e.halfWidth(), log ? e.mean() - floor : Double.MAX_VALUE);
              }
              XYSeries s =
                  intervals
                      ? chart.addSeries(p.name(name), x, y, err)
                      : chart.addSeries(p.name(name), x, y);
              styles.points(s, colours.key(p.queues().get(name), name));
            });
    return ReportCharts.Picture.of(chart.getTitle(), chart, p.runs());
  }

  private static ReportCharts.Picture bars(
      Plot p, String what, String axisName, String xTitle, SeriesColours colours) {
    boolean log = LogAxis.wide(p.means());
    // XChart 3.8.8 draws a bar's interval on a logarithmic axis as log10 of its half-width, a
    // length that means nothing: there the intervals are the cells table's alone.
    boolean intervals = p.repeated() && !log;
    // One series a category (a queue's bar at its own name): centred, not a slot per series; its
    // legend would repeat the axis's names, and the key beneath the chart gives the colours.
    boolean oneEach = oneSeriesPerCategory(p);
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(oneEach ? HEIGHT : LatencyChart.heightFor(HEIGHT, p.series().size()))
            .title(
                what
                    + " by "
                    + axisName
                    + (intervals ? " (mean, 95 % interval)" : p.repeated() ? " (mean)" : ""))
            .xAxisTitle(xTitle)
            .yAxisTitle(what + (log ? ", log scale" : ""))
            .build();
    ReportCharts.style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Bar);
    chart.getStyler().setErrorBarsColor(Color.DARK_GRAY);
    chart.getStyler().setOverlapped(oneEach);
    chart.getStyler().setLegendVisible(!oneEach);
    yAxis(chart.getStyler(), p, log);
    if (ReportCharts.crowded(p.xs())) {
      chart.getStyler().setXAxisLabelRotation(45); // 8 queues side by side ran into each other
    }
    SeriesColours.Chart styles = colours.chart();
    p.series()
        .forEach(
            (name, byX) -> {
              List<Double> y = new ArrayList<>();
              List<Double> err = new ArrayList<>();
              for (String x : p.xs()) {
                Estimate e = byX.get(x);
                boolean none = e == null || !e.present();
                // XChart 3.8.8 cannot take a missing bar beside intervals (it reads every value
                // to scale them): there a missing bar is one of no height, on a linear axis.
                y.add(none ? (intervals ? Double.valueOf(0) : null) : Double.valueOf(e.mean()));
                err.add(none || !e.hasInterval() ? 0.0 : e.halfWidth());
              }
              CategorySeries s =
                  intervals
                      ? chart.addSeries(p.name(name), p.xs(), y, err)
                      : chart.addSeries(p.name(name), p.xs(), y);
              styles.bars(s, colours.key(p.queues().get(name), name));
            });
    return ReportCharts.Picture.of(chart.getTitle(), chart, p.runs());
  }

  /**
   * Sets the value axis: logarithmic over the values, or linear from 0.
   *
   * @return the axis's floor
   */
  private static double yAxis(AxesChartStyler s, Plot p, boolean log) {
    if (!log) {
      s.setYAxisMin(0.0); // two repetitions' interval can reach below 0 msgs/s
      s.setYAxisDecimalPattern("#,##0");
      return 0;
    }
    List<Double> positive = p.means().stream().filter(v -> v > 0).toList();
    LogAxis axis =
        LogAxis.apply(
            s,
            positive.stream().min(Double::compare).orElseThrow(),
            positive.stream().max(Double::compare).orElseThrow());
    return axis.min();
  }

  private static boolean oneSeriesPerCategory(Plot p) {
    for (String x : p.xs()) {
      long n = p.series().values().stream().filter(byX -> byX.containsKey(x)).count();
      if (n > 1) {
        return false;
      }
    }
    return true;
  }

  /** The x axis's title of bars by queue: the other axes, whose values are along it. */
  private static String otherAxes(List<String> axes, String axis) {
    List<String> others =
        axes.stream()
            .filter(a -> !a.equals(axis))
            .map(a -> a.replaceFirst("^properties\\.", ""))
            .toList();
    return others.isEmpty() ? QUEUE : String.join(", ", others);
  }

  /** A matrix value as a number, or null if it is not one (a queue's name, a setting). */
  static Double number(String value) {
    if (value == null) {
      return null;
    }
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
