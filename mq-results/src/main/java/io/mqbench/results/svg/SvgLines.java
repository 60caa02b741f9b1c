package io.mqbench.results.svg;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;

/** An {@link XYChart} as SVG: lines, areas and points over value axes, a second y axis at right. */
final class SvgLines {
  /** XChart's own first colours, for a series given none. */
  private static final List<Color> DEFAULTS =
      List.of(
          new Color(0x1f77b4),
          new Color(0xff7f0e),
          new Color(0x2ca02c),
          new Color(0xd62728),
          new Color(0x9467bd),
          new Color(0x8c564b));

  private SvgLines() {}

  static String draw(XYChart chart) {
    XYStyler s = chart.getStyler();
    List<XYSeries> series = new ArrayList<>();
    chart.getSeriesMap().values().stream().filter(XYSeries::isEnabled).forEach(series::add);
    List<SvgChart.Entry> entries = new ArrayList<>();
    if (s.isLegendVisible()) {
      for (int i = 0; i < series.size(); i++) {
        XYSeries x = series.get(i);
        if (x.isShowInLegend()) {
          boolean area = x.getXYSeriesRenderStyle() == XYSeriesRenderStyle.Area;
          entries.add(
              new SvgChart.Entry(
                  x.getName(),
                  area ? fill(x, i) : colour(x, i),
                  area ? null : stroke(x),
                  x.getMarker()));
        }
      }
    }
    boolean second = series.stream().anyMatch(x -> x.getYAxisGroup() == 1);
    double plotHeight = SvgChart.Frame.plotHeight(chart, entries, 18);
    SvgAxis left = yAxis(s, series, 0, plotHeight);
    SvgAxis right = second ? yAxis(s, series, 1, plotHeight) : null;
    SvgChart.Frame f =
        SvgChart.Frame.of(
            chart, entries, 18, left.widestLabel(), right == null ? -1 : right.widestLabel());
    SvgAxis x = xAxis(s, series, f.right() - f.left());
    SvgCanvas c = new SvgCanvas(f.width(), f.height());
    String leftTitle = chart.getYAxisGroupTitle(0);
    SvgChart.frame(c, chart, f, left, right, leftTitle == null ? chart.getYAxisTitle() : leftTitle);
    if (right != null) {
      SvgChart.verticalTitle(
          c, f.width() - 10, (f.top() + f.bottom()) / 2, chart.getYAxisGroupTitle(1));
    }
    SvgChart.xValues(c, f, x);
    c.raw(
        "<clipPath id=\"plot\"><rect x=\""
            + SvgCanvas.n(f.left())
            + "\" y=\""
            + SvgCanvas.n(f.top() - 4)
            + "\" width=\""
            + SvgCanvas.n(f.right() - f.left())
            + "\" height=\""
            + SvgCanvas.n(f.bottom() - f.top() + 8)
            + "\"/></clipPath><g clip-path=\"url(#plot)\">");
    for (int i = 0; i < series.size(); i++) {
      XYSeries one = series.get(i);
      series(c, one, i, x, one.getYAxisGroup() == 1 ? right : left, f, s.getMarkerSize());
    }
    c.raw("</g>");
    SvgChart.legend(c, f);
    return c.finish();
  }

  private static void series(
      SvgCanvas c,
      XYSeries x,
      int index,
      SvgAxis xAxis,
      SvgAxis yAxis,
      SvgChart.Frame f,
      int mark) {
    double[] xs = x.getXData(), ys = x.getYData(), errs = x.getExtraValues();
    List<List<double[]>> runs = new ArrayList<>();
    List<double[]> run = new ArrayList<>();
    for (int i = 0; i < xs.length; i++) {
      boolean shown =
          Double.isFinite(xs[i]) && Double.isFinite(ys[i]) && (!yAxis.log() || ys[i] > 0);
      if (!shown) {
        if (!run.isEmpty()) {
          runs.add(run);
          run = new ArrayList<>();
        }
        continue;
      }
      double px = xAxis.pixel(xs[i], f.left(), f.right());
      run.add(new double[] {px, yAxis.pixel(ys[i], f.bottom(), f.top())});
      if (errs != null && errs[i] > 0) {
        errorBar(c, px, ys[i], errs[i], yAxis, f, colour(x, index));
      }
    }
    if (!run.isEmpty()) {
      runs.add(run);
    }
    XYSeriesRenderStyle style = x.getXYSeriesRenderStyle();
    for (List<double[]> points : runs) {
      if (style == XYSeriesRenderStyle.Area) {
        List<double[]> closed = new ArrayList<>(points);
        closed.add(new double[] {points.get(points.size() - 1)[0], f.bottom()});
        closed.add(new double[] {points.get(0)[0], f.bottom()});
        c.polygon(closed, fill(x, index));
      } else if (style != XYSeriesRenderStyle.Scatter) {
        c.polyline(points, colour(x, index), stroke(x));
      }
      if (style != XYSeriesRenderStyle.Area) {
        Color m = x.getMarkerColor() == null ? colour(x, index) : x.getMarkerColor();
        points.forEach(p -> SvgMarks.marker(c, x.getMarker(), p[0], p[1], mark, m));
      }
    }
  }

  /** A mean's interval: a vertical line with a cap at each end, cut at the axis's ends. */
  static void errorBar(
      SvgCanvas c, double px, double y, double err, SvgAxis axis, SvgChart.Frame f, Color colour) {
    double low = axis.log() ? Math.max(y - err, axis.min()) : y - err;
    double top = Math.max(f.top(), axis.pixel(y + err, f.bottom(), f.top()));
    double bottom = Math.min(f.bottom(), axis.pixel(low, f.bottom(), f.top()));
    String hex = SvgCanvas.hex(colour);
    c.line(px, top, px, bottom, hex, 1.5);
    c.line(px - 4, top, px + 4, top, hex, 1.5);
    c.line(px - 4, bottom, px + 4, bottom, hex, 1.5);
  }

  private static SvgAxis yAxis(XYStyler s, List<XYSeries> series, int group, double plotHeight) {
    boolean log = s.isYAxisLogarithmic();
    double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
    for (XYSeries x : series) {
      if (x.getYAxisGroup() != group) {
        continue;
      }
      double[] ys = x.getYData(), errs = x.getExtraValues();
      for (int i = 0; i < ys.length; i++) {
        double err = errs == null ? 0 : errs[i];
        for (double v : new double[] {ys[i] - err, ys[i], ys[i] + err}) {
          if (Double.isFinite(v) && (!log || v > 0)) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
          }
        }
      }
    }
    return SvgChart.yAxis(s, group, lo, hi, plotHeight);
  }

  private static SvgAxis xAxis(XYStyler s, List<XYSeries> series, double plotWidth) {
    boolean log = s.isXAxisLogarithmic();
    double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
    for (XYSeries x : series) {
      for (double v : SvgChart.shown(x.getXData(), log)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    if (log) {
      return SvgAxis.logarithmic(
          lo,
          hi,
          s.getXAxisMin(),
          s.getXAxisMax(),
          s.isXAxisLogarithmicDecadeOnly(),
          s.getXAxisDecimalPattern(),
          s.getxAxisTickLabelsFormattingFunction());
    }
    return SvgAxis.linear(
        lo,
        hi,
        s.getXAxisMin(),
        s.getXAxisMax(),
        SvgChart.labels(plotWidth, 90),
        s.getXAxisDecimalPattern(),
        s.getxAxisTickLabelsFormattingFunction());
  }

  static Color colour(XYSeries x, int index) {
    return x.getLineColor() != null ? x.getLineColor() : defaultColour(index);
  }

  /** The colour of the index-th series when it was given none. */
  static Color defaultColour(int index) {
    return DEFAULTS.get(index % DEFAULTS.size());
  }

  private static Color fill(XYSeries x, int index) {
    return x.getFillColor() != null ? x.getFillColor() : colour(x, index);
  }

  /** The series' line, solid when it was given none (XChart's first style). */
  private static BasicStroke stroke(XYSeries x) {
    return x.getLineStyle() != null ? x.getLineStyle() : SeriesLines.SOLID;
  }
}
