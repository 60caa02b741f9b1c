package io.mqbench.results.svg;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * One axis of a chart drawn as SVG: its range, the values it labels and how each label is written.
 * A linear axis reaches out to the nearest labelled values about the data unless its ends are set;
 * a logarithmic one labels the powers of ten, or every integer multiple of them, as XChart's
 * logarithmic axis does with the same settings.
 *
 * @param min the lowest value shown
 * @param max the highest value shown
 * @param log whether values are placed by their logarithm
 * @param ticks the values labelled, ascending, each within min and max
 * @param label how a labelled value is written
 */
public record SvgAxis(
    double min, double max, boolean log, List<Double> ticks, Function<Double, String> label) {
  private static final double SLACK = 1e-9;

  /** Copies the ticks. */
  public SvgAxis {
    ticks = List.copyOf(ticks);
  }

  /**
   * @param lowest the lowest value to show (NaN when there is none)
   * @param highest the highest value to show
   * @param fixedMin the axis's set lowest value, or null
   * @param fixedMax the axis's set highest value, or null
   * @param labels at most this many labels
   * @param pattern a {@link DecimalFormat} pattern for the labels, or null for one that suits the
   *     step between them
   * @param format a function writing the labels, or null: it takes precedence over the pattern
   * @return a linear axis
   */
  public static SvgAxis linear(
      double lowest,
      double highest,
      Double fixedMin,
      Double fixedMax,
      int labels,
      String pattern,
      Function<Double, String> format) {
    double lo = fixedMin != null ? fixedMin : Double.isFinite(lowest) ? lowest : 0;
    double hi = fixedMax != null ? fixedMax : Double.isFinite(highest) ? highest : 1;
    if (hi <= lo) {
      double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
      hi = lo + pad;
      if (fixedMin == null) {
        lo -= pad;
      }
    }
    double step = niceStep((hi - lo) / Math.max(1, labels - 1));
    double min = fixedMin != null ? lo : Math.floor(lo / step + SLACK) * step;
    double max = fixedMax != null ? hi : Math.ceil(hi / step - SLACK) * step;
    List<Double> ticks = new ArrayList<>();
    for (double v = Math.ceil(min / step - SLACK) * step; v <= max + step * SLACK; v += step) {
      ticks.add(Math.abs(v) < step * SLACK ? 0.0 : v);
    }
    return new SvgAxis(min, max, false, ticks, labeller(pattern, format, step));
  }

  /**
   * @param lowest the lowest positive value to show (NaN when there is none)
   * @param highest the highest value to show
   * @param fixedMin the axis's set lowest value, or null
   * @param fixedMax the axis's set highest value, or null
   * @param decadeOnly whether only powers of ten are labelled, not every integer multiple
   * @param pattern a {@link DecimalFormat} pattern for the labels, or null
   * @param format a function writing the labels, or null
   * @return a logarithmic axis
   */
  public static SvgAxis logarithmic(
      double lowest,
      double highest,
      Double fixedMin,
      Double fixedMax,
      boolean decadeOnly,
      String pattern,
      Function<Double, String> format) {
    double lo =
        fixedMin != null && fixedMin > 0 && Double.isFinite(fixedMin)
            ? fixedMin
            : Math.pow(10, Math.floor(Math.log10(positive(lowest, 1)) + SLACK));
    double hi =
        fixedMax != null && fixedMax > lo && Double.isFinite(fixedMax)
            ? fixedMax
            : Math.pow(
                10, Math.ceil(Math.log10(Math.max(positive(highest, lo * 10), lo * 10)) - SLACK));
    List<Double> ticks = new ArrayList<>();
    int first = (int) Math.floor(Math.log10(lo) + SLACK);
    int last = (int) Math.ceil(Math.log10(hi) - SLACK);
    for (int decade = first; decade <= last; decade++) {
      for (int j = 1; j <= 9; j++) {
        double v = Math.pow(10, decade) * j;
        if ((!decadeOnly || j == 1) && v >= lo * (1 - SLACK) && v <= hi * (1 + SLACK)) {
          ticks.add(v);
        }
      }
    }
    return new SvgAxis(lo, hi, true, ticks, labeller(pattern, format, lo));
  }

  /**
   * @param value a value on this axis
   * @param from the pixel of {@link #min}
   * @param to the pixel of {@link #max}
   * @return its pixel, outside from..to when the value is outside the axis's range
   */
  public double pixel(double value, double from, double to) {
    double share =
        log
            ? (Math.log10(value) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
            : (value - min) / (max - min);
    return from + share * (to - from);
  }

  /**
   * @return the longest label, in characters
   */
  public int widestLabel() {
    return ticks.stream().mapToInt(t -> label.apply(t).length()).max().orElse(0);
  }

  private static Function<Double, String> labeller(
      String pattern, Function<Double, String> format, double step) {
    if (format != null) {
      return format;
    }
    String p = pattern;
    if (p == null) {
      int decimals = Math.max(0, (int) Math.ceil(-Math.log10(Math.abs(step)) - SLACK));
      p = "#,##0" + (decimals > 0 ? "." + "#".repeat(Math.min(decimals, 9)) : "");
    }
    DecimalFormat f = new DecimalFormat(p, DecimalFormatSymbols.getInstance(Locale.ROOT));
    return f::format;
  }

  /** The value when it is a finite value above 0, else the fallback: an axis with no values. */
  private static double positive(double value, double fallback) {
    return value > 0 && Double.isFinite(value) ? value : fallback;
  }

  /** 1, 2, 2.5 or 5 times a power of ten, the smallest at or above raw. */
  private static double niceStep(double raw) {
    double power = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * power >= raw * (1 - SLACK)) {
        return m * power;
      }
    }
    return 10 * power;
  }
}
