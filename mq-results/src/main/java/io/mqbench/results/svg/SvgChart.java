package io.mqbench.results.svg;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.markers.Marker;

/**
 * An XChart chart written as SVG text: its title, axes, series and legend, laid out in its width
 * and height, the legend below the plot.
 *
 * <p>Written rather than painted by XChart, because every run writes its report: painting charts
 * (AWT's fonts and text layout, rasterising, PNG encoding) and the JIT compiling that code cost the
 * runner most of the CPU it spends on its report, in a benchmark whose harness is measured against
 * the brokers' own tools. The chart stays XChart's model, built as before: its series, colours,
 * dashes, markers and axis settings are what is drawn.
 */
public final class SvgChart {
  private static final int TITLE_Y = 26, PLOT_TOP = 44, SIDE = 24, LEGEND_ROW = 20;

  /** Room at the plot's right for half of its last x label, such as 99.9999%. */
  private static final int RIGHT = 44;

  private static final String GRID = "#e3e3e3", FRAME = "#8c8c8c";

  private SvgChart() {}

  /**
   * @param chart an {@link XYChart} or a {@link CategoryChart} with its series added
   * @return the SVG document
   * @throws IllegalArgumentException for another kind of chart
   */
  public static String of(Chart<?, ?> chart) {
    if (chart instanceof XYChart xy) {
      return SvgLines.draw(xy);
    }
    if (chart instanceof CategoryChart bars) {
      return SvgBars.draw(bars);
    }
    throw new IllegalArgumentException("no SVG for a " + chart.getClass().getSimpleName());
  }

  /**
   * A legend's entry.
   *
   * @param name the series' name
   * @param colour its colour
   * @param stroke its line (null for a box of colour)
   * @param marker its marker, or null
   */
  record Entry(String name, Color colour, BasicStroke stroke, Marker marker) {}

  /**
   * Where things go on a chart: the plot's edges, the legend's rows.
   *
   * @param width the chart's width
   * @param height its height
   * @param left the plot's left edge
   * @param right its right edge
   * @param top its top edge
   * @param bottom its bottom edge
   * @param xLabels the height the x axis's labels take below the plot
   * @param legendTop where the legend's first row is
   * @param entries the legend's entries
   */
  record Frame(
      int width,
      int height,
      double left,
      double right,
      double top,
      double bottom,
      double xLabels,
      double legendTop,
      List<Entry> entries) {

    /**
     * @param chart the chart
     * @param entries its legend's entries (none when the legend is hidden)
     * @param xLabelsHeight the height its x axis's labels take
     * @param leftLabels the widest label of the left axis, in characters
     * @param rightLabels of the right axis, or -1 when there is none
     * @return the frame
     */
    static Frame of(
        Chart<?, ?> chart,
        List<Entry> entries,
        double xLabelsHeight,
        int leftLabels,
        int rightLabels) {
      int w = chart.getWidth(), h = chart.getHeight();
      double legend = legendRows(entries, w) * LEGEND_ROW + (entries.isEmpty() ? 0 : 12);
      double bottom = h - 8 - legend - 24 - xLabelsHeight;
      double left = 30 + leftLabels * SvgCanvas.CHAR_WIDTH + 10;
      double right = w - (rightLabels < 0 ? RIGHT : 30 + rightLabels * SvgCanvas.CHAR_WIDTH + 10);
      return new Frame(
          w, h, left, right, PLOT_TOP, bottom, xLabelsHeight, h - legend + 10, entries);
    }

    /**
     * @return the height the plot leaves for the left axis, before its labels are known
     */
    static double plotHeight(Chart<?, ?> chart, List<Entry> entries, double xLabelsHeight) {
      return of(chart, entries, xLabelsHeight, 0, -1).bottom() - PLOT_TOP;
    }
  }

  /**
   * How many labels an axis of this length in pixels takes, about one every spacing pixels.
   *
   * @param pixels its length
   * @param spacing the room a label wants
   * @return at least 2
   */
  static int labels(double pixels, double spacing) {
    return Math.max(2, (int) (pixels / spacing) + 1);
  }

  /**
   * A y axis over values from lo to hi, as the styler sets it for the group: logarithmic or linear,
   * its ends, its labels' pattern or function.
   *
   * @param s the chart's styler
   * @param group the axis's group: 0 at the left, 1 at the right
   * @param lo the lowest value shown (infinite when there is none)
   * @param hi the highest
   * @param plotHeight the plot's height, for how many labels fit
   * @return the axis
   */
  static SvgAxis yAxis(AxesChartStyler s, int group, double lo, double hi, double plotHeight) {
    Double min = s.getYAxisMin(group) != null ? s.getYAxisMin(group) : s.getYAxisMin();
    Double max = s.getYAxisMax(group) != null ? s.getYAxisMax(group) : s.getYAxisMax();
    String pattern = s.getYAxisGroupDecimalPatternMap().get(group);
    pattern = pattern != null ? pattern : s.getYAxisDecimalPattern();
    if (s.isYAxisLogarithmic()) {
      return SvgAxis.logarithmic(
          lo,
          hi,
          min,
          max,
          s.isYAxisLogarithmicDecadeOnly(),
          pattern,
          s.getyAxisTickLabelsFormattingFunction());
    }
    return SvgAxis.linear(
        lo,
        hi,
        min,
        max,
        labels(plotHeight, 45),
        pattern,
        s.getyAxisTickLabelsFormattingFunction());
  }

  /** The title, the plot's frame and grid, the axes' labels and titles. */
  static void frame(
      SvgCanvas c, Chart<?, ?> chart, Frame f, SvgAxis left, SvgAxis right, String leftTitle) {
    c.text(
        f.width() / 2.0, TITLE_Y, "middle", "font-size=\"15\" font-weight=\"bold\"", title(chart));
    for (double t : left.ticks()) {
      double y = left.pixel(t, f.bottom(), f.top());
      c.line(f.left(), y, f.right(), y, GRID, 1);
      c.text(f.left() - 6, y + 4, "end", "", left.label().apply(t));
    }
    c.rect(f.left(), f.top(), f.right() - f.left(), f.bottom() - f.top(), "none", frameStroke());
    double middle = (f.top() + f.bottom()) / 2;
    verticalTitle(c, 18, middle, leftTitle);
    if (right != null) {
      for (double t : right.ticks()) {
        double y = right.pixel(t, f.bottom(), f.top());
        c.line(f.right(), y, f.right() + 4, y, FRAME, 1);
        c.text(f.right() + 7, y + 4, "start", "", right.label().apply(t));
      }
    }
    String xTitle =
        ((AxesChartStyler) chart.getStyler()).isXAxisTitleVisible() ? xTitle(chart) : "";
    if (xTitle != null && !xTitle.isEmpty()) {
      c.text((f.left() + f.right()) / 2, f.bottom() + f.xLabels() + 18, "middle", "", xTitle);
    }
  }

  /** A y axis's title, read upwards beside it. */
  static void verticalTitle(SvgCanvas c, double x, double y, String title) {
    if (title == null || title.isEmpty()) {
      return;
    }
    c.text(
        x,
        y,
        "middle",
        "transform=\"rotate(-90 " + SvgCanvas.n(x) + ' ' + SvgCanvas.n(y) + ")\"",
        title);
  }

  /** The x axis's labels of a value axis, and its grid. */
  static void xValues(SvgCanvas c, Frame f, SvgAxis x) {
    for (double t : x.ticks()) {
      double px = x.pixel(t, f.left(), f.right());
      c.line(px, f.top(), px, f.bottom(), GRID, 1);
      c.text(px, f.bottom() + 16, "middle", "", x.label().apply(t));
    }
  }

  /** The legend's entries in rows below the plot, each a sample of its line or colour. */
  static void legend(SvgCanvas c, Frame f) {
    double x = SIDE, y = f.legendTop();
    for (Entry e : f.entries()) {
      double w = entryWidth(e);
      if (x > SIDE && x + w > f.width() - SIDE) {
        x = SIDE;
        y += LEGEND_ROW;
      }
      if (e.stroke() == null) {
        c.rect(x, y - 10, 22, 12, SvgCanvas.hex(e.colour()), "");
      } else {
        c.polyline(
            List.of(new double[] {x, y - 4}, new double[] {x + 22, y - 4}), e.colour(), e.stroke());
        SvgMarks.marker(c, e.marker(), x + 11, y - 4, 8, e.colour());
      }
      c.text(x + 28, y, "start", "", e.name());
      x += w;
    }
  }

  static String title(Chart<?, ?> chart) {
    return chart.getTitle() == null ? "" : chart.getTitle();
  }

  private static String xTitle(Chart<?, ?> chart) {
    if (chart instanceof XYChart xy) {
      return xy.getXAxisTitle();
    }
    return chart instanceof CategoryChart bars ? bars.getXAxisTitle() : "";
  }

  private static String frameStroke() {
    return "stroke=\"" + FRAME + "\" stroke-width=\"1\"";
  }

  private static int legendRows(List<Entry> entries, int width) {
    if (entries.isEmpty()) {
      return 0;
    }
    int rows = 1;
    double x = SIDE;
    for (Entry e : entries) {
      double w = entryWidth(e);
      if (x > SIDE && x + w > width - SIDE) {
        rows++;
        x = SIDE;
      }
      x += w;
    }
    return rows;
  }

  private static double entryWidth(Entry e) {
    return 28 + e.name().length() * SvgCanvas.CHAR_WIDTH + 18;
  }

  /** The values of a series that a (possibly logarithmic) axis can show. */
  static List<Double> shown(double[] values, boolean log) {
    List<Double> out = new ArrayList<>();
    for (double v : values) {
      if (Double.isFinite(v) && (!log || v > 0)) {
        out.add(v);
      }
    }
    return out;
  }
}
