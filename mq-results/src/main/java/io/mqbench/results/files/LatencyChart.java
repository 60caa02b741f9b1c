package io.mqbench.results.files;

import io.mqbench.engine.RunSettings;
import io.mqbench.results.RunResult;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The classic latency-by-percentile chart: percentile on a logarithmic axis (50 %, 90 %, 99 %, ...,
 * 99.9999 %), latency in milliseconds, one line per histogram. The x value of percentile p is
 * {@code 1 / (1 - p)}, so each "nine" is one decade.
 */
public final class LatencyChart {
  private static final double MAX_PERCENTILE = 99.9999;

  private LatencyChart() {}

  /**
   * The chart as XChart draws it, for the report that embeds it (the results folder's file is
   * {@link LatencySvg}'s). Latency is on a logarithmic axis: on a linear one the tail flattens the
   * median and the usual percentiles into the x axis.
   *
   * @param title the chart's title
   * @param microsByName histograms of microseconds, by series name; those without values are left
   *     out
   * @return the chart
   */
  public static XYChart chart(String title, Map<String, Histogram> microsByName) {
    XYChart chart =
        new XYChartBuilder()
            .width(1000)
            .height(heightFor(600, microsByName.size()))
            .title(title)
            .xAxisTitle("percentile (%)")
            .yAxisTitle("latency (ms)")
            .build();
    // XChart drops log scaling when ticks are formatted by a function, so the axis is linear in
    // log10(1 / (1 - p)) and the labels turn it back into percentiles.
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax(x(MAX_PERCENTILE));
    chart.getStyler().setxAxisTickLabelsFormattingFunction(LatencyChart::percentileLabel);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setYAxisLogarithmic(true); // also with no values, for an empty chart
    // Beside the plot, long legend names (a matrix's cells) leave it no width: below it instead.
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    for (Map.Entry<String, Histogram> e : microsByName.entrySet()) {
      Histogram h = e.getValue();
      if (h.getTotalCount() == 0) {
        continue;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (double[] point : points(h)) {
        x.add(point[0]);
        y.add(point[1]);
      }
      XYSeries series = chart.addSeries(e.getKey(), x, y);
      series.setMarker(SeriesMarkers.NONE);
    }
    LogAxis.apply(chart);
    return chart;
  }

  /**
   * @param r a run
   * @return a title that says what was measured: queue, mode, the settings that shape latency, and
   *     the run's id
   */
  public static String title(RunResult r) {
    RunSettings s = r.setup().settings().run();
    StringBuilder t = new StringBuilder(r.queue()).append(", ").append(s.mode().label());
    s.rate().ifPresent(rate -> t.append(String.format(Locale.ROOT, " %,.0f msgs/s", rate)));
    t.append(
            String.format(
                Locale.ROOT, ", %d x %d, batch %d", s.senders(), s.receivers(), s.maxBatch()))
        .append(", ")
        .append(s.messageSizes().text())
        .append(" B, in flight ")
        .append(s.inFlight());
    if (!r.setup().cellLabel().isEmpty()) {
      t.append(", ").append(r.setup().cellLabel());
    }
    return t.append(", run ").append(r.runId()).toString();
  }

  /**
   * The height of a chart whose legend, below the plot, lists this many series: the plot keeps the
   * base height and the legend adds a line per series beyond four.
   *
   * @param base the height with up to four series
   * @param series how many series
   * @return the height in pixels
   */
  public static int heightFor(int base, int series) {
    return base + 21 * Math.max(0, series - 4);
  }

  /**
   * @param micros a histogram with values
   * @return its curve as (x, milliseconds) points, x from {@link #x}, ending at the highest
   *     percentile its values support (as the tables: {@code Latency.minimumCount}), at most
   *     99.9999 %: a line that ran on would repeat the largest value under a tail never observed
   */
  public static List<double[]> points(Histogram micros) {
    double last = Math.min(MAX_PERCENTILE, supported(micros.getTotalCount()));
    List<double[]> points = new ArrayList<>();
    for (HistogramIterationValue v : micros.percentiles(5)) {
      double p = v.getPercentileLevelIteratedTo();
      if (p >= last) {
        break; // the line ends where the data does; a large run's iteration goes past it
      }
      points.add(new double[] {x(p), positive(v.getValueIteratedTo() / 1000.0)});
    }
    points.add(new double[] {x(last), positive(micros.getValueAtPercentile(last) / 1000.0)});
    return points;
  }

  /** The highest percentile {@code count} values support: {@code 100 (1 - 1 / count)}. */
  static double supported(long count) {
    return count <= 1 ? 0 : 100.0 * (1 - 1.0 / count);
  }

  /** A logarithmic axis cannot show 0: a latency below 1 µs is drawn at 1 µs. */
  private static double positive(double ms) {
    return Math.max(ms, 0.001);
  }

  /** The x position of a percentile: 0 for 0 %, 1 for 90 %, 2 for 99 %, ... */
  static double x(double percentile) {
    return Math.log10(1 / (1 - percentile / 100));
  }

  /** Turns an x position back into its percentile label (0%, 90%, 99%, ...). */
  static String percentileLabel(double x) {
    double p = 100 * (1 - Math.pow(10, -x));
    String s = String.format(Locale.ROOT, "%.6f", p).replaceAll("0+$", "").replaceAll("\\.$", "");
    return s + "%";
  }
}
