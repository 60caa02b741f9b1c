package io.mqbench.results.files;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * A logarithmic y axis labelled between powers of ten. XChart 3.8.8's logarithmic axis labels
 * either the powers of ten only (its default, under which values within one decade, 2 to 9 ms, get
 * one label or none) or every integer multiple of them (1, 2, ... 9, 10, 20, ...), which crowds an
 * axis over several decades: 8 and 9 are 5 % of a decade apart. It cannot label 1, 2, 5 alone
 * without drawing the labels by hand. So: every multiple when the values span up to about a decade,
 * else the powers of ten, the axis reaching out to whole decades where that makes them three.
 *
 * @param min the axis's lowest value
 * @param max its highest value
 * @param everyMultiple whether every integer multiple of a power of ten is labelled, not only the
 *     powers of ten
 * @param labels the values labelled, ascending, as XChart places them on that axis
 */
public record LogAxis(double min, double max, boolean everyMultiple, List<Double> labels) {
  /** A wider axis labelled at every multiple would have labels 8 and 9 touch on a 480 px chart. */
  static final double EVERY_MULTIPLE_UP_TO_DECADES = Math.log10(20);

  /** How a label's value is written: 2,000 ms, not 2E3 (XChart's own pattern). */
  public static final String LABEL_PATTERN = "#,##0.###";

  /** Relative slack for a value that floating point puts a hair beside a multiple. */
  private static final double SLACK = 1e-9;

  /** Copies the labels. */
  public LogAxis {
    labels = List.copyOf(labels);
  }

  /**
   * @param lowest the lowest value to show, above 0
   * @param highest the highest value to show
   * @return an axis that shows both, ending on labelled values
   */
  public static LogAxis logTicks(double lowest, double highest) {
    if (!(lowest > 0) || !(highest >= lowest) || Double.isInfinite(highest)) {
      throw new IllegalArgumentException(
          "a logarithmic axis needs 0 < lowest <= highest: " + lowest + ", " + highest);
    }
    if (lowest == highest) {
      // One value: the multiples either side, so it is not alone on an axis of one label.
      lowest /= 2;
      highest *= 2;
    }
    double min = floorMultiple(lowest);
    double max = ceilMultiple(highest);
    if (Math.log10(max / min) <= EVERY_MULTIPLE_UP_TO_DECADES + SLACK) {
      // Values close together (1.0 to 1.3) have two multiples about them: a multiple more each
      // side in turn, so that one label is not all there is to read a value against.
      for (int i = 0; labels(min, max, true).size() < 3; i++) {
        if (i % 2 == 0) {
          min = floorMultiple(min * (1 - 1e-6));
        } else {
          max = ceilMultiple(max * (1 + 1e-6));
        }
      }
      return new LogAxis(min, max, true, labels(min, max, true));
    }
    // Out to whole decades only when fewer than three powers of ten lie between: 2 to 50 has one,
    // and 0.1 to 100.03 would otherwise leave its top decade empty.
    if (labels(min, max, false).size() < 3) {
      min = Math.pow(10, Math.floor(Math.log10(lowest) + SLACK));
    }
    if (labels(min, max, false).size() < 3) {
      max = Math.pow(10, Math.ceil(Math.log10(highest) - SLACK));
    }
    return new LogAxis(min, max, false, labels(min, max, false));
  }

  /**
   * Makes the chart's y axis logarithmic over its series' values, labelled as {@link #logTicks}
   * says; a chart without a positive value is left as it is.
   *
   * @param chart a chart whose series are all added
   * @return the axis applied, or null if none was
   */
  public static LogAxis apply(XYChart chart) {
    double lowest = Double.POSITIVE_INFINITY;
    double highest = 0;
    for (XYSeries s : chart.getSeriesMap().values()) {
      for (double y : s.getYData()) {
        if (y > 0 && Double.isFinite(y)) {
          lowest = Math.min(lowest, y);
          highest = Math.max(highest, y);
        }
      }
    }
    if (highest == 0) {
      return null;
    }
    return apply(chart.getStyler(), lowest, highest);
  }

  /**
   * @param values a chart's values; those not above 0 are left out
   * @return true when the positive values span more than a decade (the highest over 10 times the
   *     lowest): on a linear axis the lowest would then lie on the floor
   */
  public static boolean wide(Collection<Double> values) {
    double lowest = Double.POSITIVE_INFINITY;
    double highest = 0;
    for (Double v : values) {
      if (v != null && v > 0 && Double.isFinite(v)) {
        lowest = Math.min(lowest, v);
        highest = Math.max(highest, v);
      }
    }
    return highest > 10 * lowest;
  }

  /**
   * Makes a chart's y axis (lines or bars) logarithmic from lowest to highest, labelled as {@link
   * #logTicks} says.
   *
   * @param s the chart's styler
   * @param lowest the lowest value shown, above 0
   * @param highest the highest
   * @return the axis applied
   */
  public static LogAxis apply(AxesChartStyler s, double lowest, double highest) {
    LogAxis axis = logTicks(lowest, highest);
    s.setYAxisLogarithmic(true);
    s.setYAxisLogarithmicDecadeOnly(!axis.everyMultiple());
    s.setYAxisMin(axis.min());
    s.setYAxisMax(axis.max());
    s.setYAxisDecimalPattern(LABEL_PATTERN);
    return axis;
  }

  /** The values XChart 3.8.8's logarithmic tick calculator labels between min and max. */
  private static List<Double> labels(double min, double max, boolean everyMultiple) {
    List<Double> labels = new ArrayList<>();
    int first = (int) Math.floor(Math.log10(min) + SLACK);
    int last = (int) Math.ceil(Math.log10(max) - SLACK);
    for (int decade = first; decade <= last; decade++) {
      for (int j = 1; j <= 9; j++) {
        double v = Math.pow(10, decade) * j;
        if ((everyMultiple || j == 1) && v >= min * (1 - SLACK) && v <= max * (1 + SLACK)) {
          labels.add(v);
        }
      }
    }
    return labels;
  }

  /** The largest integer multiple of a power of ten at or below v: 2 for 2.7, 0.03 for 0.035. */
  private static double floorMultiple(double v) {
    double power = Math.pow(10, Math.floor(Math.log10(v) + SLACK));
    return Math.floor(v / power + SLACK) * power;
  }

  /** The smallest integer multiple of a power of ten at or above v: 9 for 8.2, 10 for 9.5. */
  private static double ceilMultiple(double v) {
    double power = Math.pow(10, Math.floor(Math.log10(v) + SLACK));
    return Math.ceil(v / power - SLACK) * power;
  }
}
