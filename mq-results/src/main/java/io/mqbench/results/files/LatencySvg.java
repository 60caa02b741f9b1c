package io.mqbench.results.files;

import io.mqbench.results.svg.SvgCanvas;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The results folder's latency-by-percentile chart as SVG text: the same curves, axes and labels as
 * {@link LatencyChart} (percentile one step per "nine", latency in ms on a logarithmic axis
 * labelled as {@link LogAxis} says), one polyline per histogram with values, the legend below.
 *
 * <p>Drawn on an {@link SvgCanvas} without an XChart model, because every run writes it: painting a
 * chart with AWT (fonts, text layout, rasterising, PNG encoding) and the JIT compiling that code
 * cost the runner about half a CPU-second at the end of each run, in a benchmark whose harness is
 * measured against the brokers' own tools. Text and lines need neither fonts nor pixels here; the
 * browser opening the file lays them out.
 */
public final class LatencySvg {
  static final int WIDTH = 1000;
  static final int PLOT_LEFT = 90, PLOT_RIGHT = 950, PLOT_TOP = 50, PLOT_BOTTOM = 470;
  private static final int LEGEND_TOP = 530, LEGEND_LINE = 22;

  /** Category colours (d3's category10): told apart on screen and in print. */
  private static final List<String> COLOURS =
      List.of(
          "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
          "#bcbd22", "#17becf");

  private static final double X_MAX = LatencyChart.x(99.9999);

  private static final String GRID = "#ddd", DASHED = "stroke-dasharray=\"4 3\"";
  private static final String GRID_FRAME = "stroke=\"#888\"";
  private static final BasicStroke CURVE = new BasicStroke(1.5f);

  private LatencySvg() {}

  /**
   * Writes the chart to a file.
   *
   * @param title the chart's title
   * @param microsByName histograms of microseconds, by series name; those without values are left
   *     out
   * @param svg the file to write
   * @throws IOException if the file cannot be written
   */
  public static void write(String title, Map<String, Histogram> microsByName, Path svg)
      throws IOException {
    Files.writeString(svg, svg(title, microsByName), StandardCharsets.UTF_8);
  }

  /**
   * @param title the chart's title
   * @param microsByName histograms of microseconds, by series name; those without values are left
   *     out
   * @return the SVG document
   */
  public static String svg(String title, Map<String, Histogram> microsByName) {
    List<String> names = new ArrayList<>();
    List<List<double[]>> curves = new ArrayList<>();
    double lowest = Double.POSITIVE_INFINITY, highest = 0;
    for (Map.Entry<String, Histogram> e : microsByName.entrySet()) {
      if (e.getValue().getTotalCount() == 0) {
        continue;
      }
      List<double[]> points = LatencyChart.points(e.getValue());
      for (double[] p : points) {
        lowest = Math.min(lowest, p[1]);
        highest = Math.max(highest, p[1]);
      }
      names.add(e.getKey());
      curves.add(points);
    }
    int height = LEGEND_TOP + LEGEND_LINE * Math.max(1, names.size()) + 10;
    SvgCanvas c = new SvgCanvas(WIDTH, height);
    c.text(WIDTH / 2.0, 25, "middle", "font-size=\"15\" font-weight=\"bold\"", title);
    xAxis(c);
    if (names.isEmpty()) {
      c.text(
          (PLOT_LEFT + PLOT_RIGHT) / 2.0,
          (PLOT_TOP + PLOT_BOTTOM) / 2.0,
          "middle",
          "fill=\"#555\"",
          "no latency values recorded");
    } else {
      LogAxis axis = LogAxis.logTicks(lowest, highest);
      yAxis(c, axis);
      for (int i = 0; i < curves.size(); i++) {
        List<double[]> pixels = new ArrayList<>();
        for (double[] p : curves.get(i)) {
          pixels.add(new double[] {px(p[0]), py(p[1], axis)});
        }
        c.polyline(pixels, Color.decode(colour(i)), CURVE);
      }
    }
    c.rect(PLOT_LEFT, PLOT_TOP, PLOT_RIGHT - PLOT_LEFT, PLOT_BOTTOM - PLOT_TOP, "none", GRID_FRAME);
    legend(c, names);
    return c.finish();
  }

  /** The colour of the i-th series; the palette repeats past ten. */
  static String colour(int i) {
    return COLOURS.get(i % COLOURS.size());
  }

  private static void xAxis(SvgCanvas c) {
    for (int nines = 0; nines <= (int) Math.round(X_MAX); nines++) {
      double x = px(nines);
      c.line(x, PLOT_TOP, x, PLOT_BOTTOM, GRID, 1, DASHED);
      c.text(x, PLOT_BOTTOM + 18, "middle", "", LatencyChart.percentileLabel(nines));
    }
    c.text(
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        PLOT_BOTTOM + 42,
        "middle",
        "font-weight=\"bold\"",
        "percentile (%)");
  }

  private static void yAxis(SvgCanvas c, LogAxis axis) {
    DecimalFormat ms =
        new DecimalFormat(LogAxis.LABEL_PATTERN, DecimalFormatSymbols.getInstance(Locale.ROOT));
    for (double v : axis.labels()) {
      double y = py(v, axis);
      c.line(PLOT_LEFT, y, PLOT_RIGHT, y, GRID, 1, DASHED);
      c.text(PLOT_LEFT - 8, y + 4, "end", "", ms.format(v));
    }
    double middle = (PLOT_TOP + PLOT_BOTTOM) / 2.0;
    c.text(
        22,
        middle,
        "middle",
        "font-weight=\"bold\" transform=\"rotate(-90 22 " + SvgCanvas.n(middle) + ")\"",
        "latency (ms)");
  }

  private static void legend(SvgCanvas c, List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      double y = LEGEND_TOP + LEGEND_LINE * i;
      c.line(PLOT_LEFT, y - 4, PLOT_LEFT + 30, y - 4, colour(i), 2);
      c.text(PLOT_LEFT + 38, y, "start", "", names.get(i));
    }
  }

  /** The plot's x pixel of a percentile position ({@link LatencyChart#x}). */
  static double px(double x) {
    return PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * x / X_MAX;
  }

  /** The plot's y pixel of a latency in ms on the logarithmic axis. */
  static double py(double ms, LogAxis axis) {
    double low = Math.log10(axis.min()), high = Math.log10(axis.max());
    return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * (Math.log10(ms) - low) / (high - low);
  }
}
