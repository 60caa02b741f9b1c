package io.mqbench.results.svg;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

/**
 * A {@link CategoryChart} as SVG: a slot per category along the x axis, each series' bar side by
 * side in it (or all at its width when overlapped), an interval on a bar that has one.
 */
final class SvgBars {
  private static final double FILL = 0.9;

  private SvgBars() {}

  static String draw(CategoryChart chart) {
    CategoryStyler s = chart.getStyler();
    List<CategorySeries> series = new ArrayList<>();
    chart.getSeriesMap().values().stream().filter(CategorySeries::isEnabled).forEach(series::add);
    Set<String> named = new LinkedHashSet<>();
    series.forEach(x -> x.getXData().forEach(v -> named.add(String.valueOf(v))));
    List<String> categories = List.copyOf(named);
    List<SvgChart.Entry> entries = new ArrayList<>();
    if (s.isLegendVisible()) {
      for (int i = 0; i < series.size(); i++) {
        if (series.get(i).isShowInLegend()) {
          entries.add(
              new SvgChart.Entry(series.get(i).getName(), fill(series.get(i), i), null, null));
        }
      }
    }
    int rotation = s.getXAxisLabelRotation();
    int longest = categories.stream().mapToInt(String::length).max().orElse(0);
    double labels =
        rotation == 0
            ? 18
            : 10 + longest * SvgCanvas.CHAR_WIDTH * Math.sin(Math.toRadians(rotation));
    double plotHeight = SvgChart.Frame.plotHeight(chart, entries, labels);
    SvgAxis y = yAxis(s, series, plotHeight);
    SvgChart.Frame f = SvgChart.Frame.of(chart, entries, labels, y.widestLabel(), -1);
    SvgCanvas c = new SvgCanvas(f.width(), f.height());
    SvgChart.frame(c, chart, f, y, null, chart.getYAxisTitle());
    double slot = (f.right() - f.left()) / Math.max(1, categories.size());
    categoryLabels(c, f, categories, slot, rotation);
    for (int i = 0; i < series.size(); i++) {
      bars(c, f, s, y, series.get(i), i, series.size(), categories, slot);
    }
    SvgChart.legend(c, f);
    return c.finish();
  }

  /** Each category's name beneath its slot, turned when the chart says so. */
  private static void categoryLabels(
      SvgCanvas c, SvgChart.Frame f, List<String> categories, double slot, int rotation) {
    int k = 0;
    for (String category : categories) {
      double centre = f.left() + slot * (k++ + 0.5);
      if (rotation == 0) {
        c.text(centre, f.bottom() + 16, "middle", "", category);
      } else {
        double ty = f.bottom() + 12;
        String turn =
            "transform=\"rotate(-"
                + rotation
                + " "
                + SvgCanvas.n(centre)
                + " "
                + SvgCanvas.n(ty)
                + ")\"";
        c.text(centre, ty, "end", turn, category);
      }
    }
  }

  /** One series' bars, each in its category's slot, with its interval when it has one. */
  private static void bars(
      SvgCanvas c,
      SvgChart.Frame f,
      CategoryStyler s,
      SvgAxis y,
      CategorySeries one,
      int index,
      int count,
      List<String> categories,
      double slot) {
    double base = y.log() ? y.min() : Math.max(y.min(), Math.min(0, y.max()));
    double basePixel = y.pixel(base, f.bottom(), f.top());
    double width = slot * FILL / (s.isOverlapped() ? 1 : Math.max(1, count));
    Color intervals = s.getErrorBarsColor() == null ? Color.DARK_GRAY : s.getErrorBarsColor();
    Iterator<?> xs = one.getXData().iterator();
    Iterator<? extends Number> ys = one.getYData().iterator();
    Iterator<? extends Number> errs =
        one.getExtraValues() == null ? null : one.getExtraValues().iterator();
    while (xs.hasNext() && ys.hasNext()) {
      int at = categories.indexOf(String.valueOf(xs.next()));
      Number v = ys.next();
      Number err = errs != null && errs.hasNext() ? errs.next() : null;
      if (v == null || !Double.isFinite(v.doubleValue()) || (y.log() && v.doubleValue() <= 0)) {
        continue;
      }
      double left =
          f.left() + slot * at + slot * (1 - FILL) / 2 + (s.isOverlapped() ? 0 : index * width);
      double top = Math.max(f.top(), y.pixel(v.doubleValue(), f.bottom(), f.top()));
      String colour = SvgCanvas.hex(fill(one, index));
      c.rect(left, Math.min(top, basePixel), width, Math.abs(basePixel - top), colour, "");
      if (err != null && err.doubleValue() > 0) {
        SvgLines.errorBar(c, left + width / 2, v.doubleValue(), err.doubleValue(), y, f, intervals);
      }
    }
  }

  private static SvgAxis yAxis(CategoryStyler s, List<CategorySeries> series, double plotHeight) {
    boolean log = s.isYAxisLogarithmic();
    double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
    for (CategorySeries x : series) {
      Iterator<? extends Number> errs =
          x.getExtraValues() == null ? null : x.getExtraValues().iterator();
      for (Number v : x.getYData()) {
        double err = errs != null && errs.hasNext() ? value(errs.next()) : 0;
        if (v == null) {
          continue;
        }
        for (double w :
            new double[] {v.doubleValue() - err, v.doubleValue(), v.doubleValue() + err}) {
          if (Double.isFinite(w) && (!log || w > 0)) {
            lo = Math.min(lo, w);
            hi = Math.max(hi, w);
          }
        }
      }
    }
    if (!log) {
      lo = Math.min(lo, 0); // bars stand on 0
    }
    return SvgChart.yAxis(s, 0, lo, hi, plotHeight);
  }

  private static double value(Number n) {
    return n == null ? 0 : n.doubleValue();
  }

  private static Color fill(CategorySeries x, int index) {
    return x.getFillColor() != null ? x.getFillColor() : SvgLines.defaultColour(index);
  }
}
