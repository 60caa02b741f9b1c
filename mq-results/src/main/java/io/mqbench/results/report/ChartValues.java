package io.mqbench.results.report;

import static io.mqbench.results.svg.Markup.escape;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;

/**
 * A chart's values as a table beneath it, folded: an image cannot show a value on hover, and a page
 * that stays one file without a script can still let a reader copy a figure. Only charts whose
 * series share their x values and have few of them (msgs/s by a matrix axis) get one; the cells
 * table holds the figures of the others.
 */
final class ChartValues {
  /** More values than this along x make a table no one reads beneath a chart. */
  private static final int MOST = 30;

  private ChartValues() {}

  /**
   * @param chart a drawn chart
   * @return its values as a folded table, or empty if its series do not share their x values
   */
  static String table(Chart<?, ?> chart) {
    List<String> names = new ArrayList<>();
    List<List<?>> xs = new ArrayList<>();
    List<List<String>> ys = new ArrayList<>();
    for (Object o : chart.getSeriesMap().values()) {
      Series s = (Series) o;
      names.add(s.getName());
      if (s instanceof XYSeries xy) {
        xs.add(Arrays.stream(xy.getXData()).boxed().toList());
        ys.add(values(Arrays.stream(xy.getYData()).boxed().toList(), xy.getExtraValues()));
      } else if (s instanceof CategorySeries c) {
        xs.add(new ArrayList<>(c.getXData()));
        ys.add(bars(new ArrayList<Number>(c.getYData()), c.getExtraValues()));
      } else {
        return "";
      }
    }
    if (xs.isEmpty() || xs.get(0).size() > MOST || xs.stream().distinct().count() > 1) {
      return "";
    }
    if (oneEach(ys)) {
      // A bar per category, each its own series (a queue at its own name): one row, not a diagonal.
      List<String> row = new ArrayList<>();
      for (int x = 0; x < ys.get(0).size(); x++) {
        int col = x;
        row.add(ys.stream().map(y -> y.get(col)).filter(v -> !v.isEmpty()).findFirst().orElse(""));
      }
      names = List.of(chart.getYAxisTitle().replace(", log scale", ""));
      ys = List.of(row);
    }
    StringBuilder t = new StringBuilder("<details><summary>values</summary><table><tr><th></th>");
    xs.get(0).forEach(x -> t.append("<th>").append(escape(format(x))).append("</th>"));
    t.append("</tr>");
    for (int i = 0; i < names.size(); i++) {
      t.append("<tr><th class=\"l\">").append(escape(names.get(i))).append("</th>");
      ys.get(i).forEach(y -> t.append("<td>").append(escape(y)).append("</td>"));
      t.append("</tr>");
    }
    return t.append("</table></details>").toString();
  }

  /** True when no x has a value in more than one series. */
  private static boolean oneEach(List<List<String>> ys) {
    for (int x = 0; x < ys.get(0).size(); x++) {
      int col = x;
      if (ys.stream().filter(y -> !y.get(col).isEmpty()).count() > 1) {
        return false;
      }
    }
    return ys.size() > 1;
  }

  /**
   * Each bar's value with its interval; beside intervals a missing bar is one of no height and no
   * interval ({@link AxisCharts}), shown empty.
   */
  private static List<String> bars(List<Number> y, Collection<? extends Number> err) {
    if (err == null) {
      return values(y, null);
    }
    double[] e = err.stream().mapToDouble(Number::doubleValue).toArray();
    List<Number> shown = new ArrayList<>(y);
    for (int i = 0; i < shown.size(); i++) {
      if (shown.get(i) != null && shown.get(i).doubleValue() == 0 && e[i] == 0) {
        shown.set(i, null);
      }
    }
    return values(shown, e);
  }

  /** Each value, with its 95 % half-width where the chart draws one. */
  private static List<String> values(List<? extends Number> y, double[] err) {
    List<String> v = new ArrayList<>();
    for (int i = 0; i < y.size(); i++) {
      Number n = y.get(i);
      boolean none = n == null || Double.isNaN(n.doubleValue());
      v.add(none ? "" : format(n) + (err != null && err[i] > 0 ? " ± " + format(err[i]) : ""));
    }
    return v;
  }

  private static String format(Object x) {
    if (!(x instanceof Number n)) {
      return Objects.toString(x);
    }
    double d = n.doubleValue();
    return Math.abs(d) >= 100 || d == Math.rint(d)
        ? String.format(Locale.ROOT, "%,.0f", d)
        : String.format(Locale.ROOT, "%.3f", d);
  }
}
