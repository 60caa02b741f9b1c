package io.mqbench.results.files;

import io.mqbench.results.svg.Markup;
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
 * <p>Written by hand rather than painted by XChart, because every run writes it: painting a chart
 * (AWT's fonts and text layout, rasterising, PNG encoding) and the JIT compiling that code cost the
 * runner about half a CPU-second at the end of each run, in a benchmark whose harness is measured
 * against the brokers' own tools. Text and lines need neither fonts nor pixels here; the browser
 * opening the file lays them out. The report's charts ({@code report.html}) are still XChart's.
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
    StringBuilder s = new StringBuilder(16_384);
    s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(height)
        .append("\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(height)
        .append("\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n")
        .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(s, WIDTH / 2.0, 25, "middle", "font-size=\"15\" font-weight=\"bold\"", title);
    xAxis(s);
    if (names.isEmpty()) {
      text(
          s,
          (PLOT_LEFT + PLOT_RIGHT) / 2.0,
          (PLOT_TOP + PLOT_BOTTOM) / 2.0,
          "middle",
          "fill=\"#555\"",
          "no latency values recorded");
    } else {
      LogAxis axis = LogAxis.logTicks(lowest, highest);
      yAxis(s, axis);
      for (int i = 0; i < curves.size(); i++) {
        curve(s, curves.get(i), colour(i), axis);
      }
    }
    s.append("<rect x=\"")
        .append(PLOT_LEFT)
        .append("\" y=\"")
        .append(PLOT_TOP)
        .append("\" width=\"")
        .append(PLOT_RIGHT - PLOT_LEFT)
        .append("\" height=\"")
        .append(PLOT_BOTTOM - PLOT_TOP)
        .append("\" fill=\"none\" stroke=\"#888\"/>\n");
    legend(s, names);
    return s.append("</svg>\n").toString();
  }

  /** One latency's curve, a polyline through its percentile points. */
  private static void curve(StringBuilder s, List<double[]> points, String colour, LogAxis axis) {
    s.append("<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"")
        .append(colour)
        .append("\" points=\"");
    for (double[] p : points) {
      s.append(number(px(p[0]))).append(',').append(number(py(p[1], axis))).append(' ');
    }
    s.setLength(s.length() - 1);
    s.append("\"/>\n");
  }

  /** The colour of the i-th series; the palette repeats past ten. */
  static String colour(int i) {
    return COLOURS.get(i % COLOURS.size());
  }

  private static void xAxis(StringBuilder s) {
    for (int nines = 0; nines <= (int) Math.round(X_MAX); nines++) {
      double x = px(nines);
      gridLine(s, x, PLOT_TOP, x, PLOT_BOTTOM);
      text(s, x, PLOT_BOTTOM + 18, "middle", "", LatencyChart.percentileLabel(nines));
    }
    text(
        s,
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        PLOT_BOTTOM + 42,
        "middle",
        "font-weight=\"bold\"",
        "percentile (%)");
  }

  private static void yAxis(StringBuilder s, LogAxis axis) {
    DecimalFormat ms =
        new DecimalFormat(LogAxis.LABEL_PATTERN, DecimalFormatSymbols.getInstance(Locale.ROOT));
    for (double v : axis.labels()) {
      double y = py(v, axis);
      gridLine(s, PLOT_LEFT, y, PLOT_RIGHT, y);
      text(s, PLOT_LEFT - 8, y + 4, "end", "", ms.format(v));
    }
    double middle = (PLOT_TOP + PLOT_BOTTOM) / 2.0;
    s.append("<text x=\"22\" y=\"")
        .append(number(middle))
        .append("\" text-anchor=\"middle\" font-weight=\"bold\" transform=\"rotate(-90 22 ")
        .append(number(middle))
        .append(")\">latency (ms)</text>\n");
  }

  private static void legend(StringBuilder s, List<String> names) {
    for (int i = 0; i < names.size(); i++) {
      double y = LEGEND_TOP + LEGEND_LINE * i;
      s.append("<line x1=\"")
          .append(PLOT_LEFT)
          .append("\" y1=\"")
          .append(number(y - 4))
          .append("\" x2=\"")
          .append(PLOT_LEFT + 30)
          .append("\" y2=\"")
          .append(number(y - 4))
          .append("\" stroke-width=\"2\" stroke=\"")
          .append(colour(i))
          .append("\"/>\n");
      text(s, PLOT_LEFT + 38, y, "start", "", names.get(i));
    }
  }

  private static void gridLine(StringBuilder s, double x1, double y1, double x2, double y2) {
    s.append("<line x1=\"")
        .append(number(x1))
        .append("\" y1=\"")
        .append(number(y1))
        .append("\" x2=\"")
        .append(number(x2))
        .append("\" y2=\"")
        .append(number(y2))
        .append("\" stroke=\"#ddd\" stroke-dasharray=\"4 3\"/>\n");
  }

  private static void text(
      StringBuilder s, double x, double y, String anchor, String attributes, String text) {
    s.append("<text x=\"")
        .append(number(x))
        .append("\" y=\"")
        .append(number(y))
        .append("\" text-anchor=\"")
        .append(anchor)
        .append('"');
    if (!attributes.isEmpty()) {
      s.append(' ').append(attributes);
    }
    s.append('>').append(Markup.escape(text)).append("</text>\n");
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

  /** One decimal is a tenth of a pixel: finer than any screen draws. */
  static String number(double v) {
    long tenths = Math.abs(Math.round(v * 10));
    String sign = v < 0 && tenths != 0 ? "-" : "";
    return sign + (tenths / 10) + (tenths % 10 == 0 ? "" : "." + tenths % 10);
  }
}
