package io.mqbench.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A linear axis with round ticks, as people label one by hand: steps of 1, 2 or 5 × 10^k. */
final class NiceAxis {
  private NiceAxis() {}

  /** The values' range widened to round ticks; a flat or empty series gets a range around it. */
  static double[] range(List<Double> values) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(1);
    if (max == min) {
      double pad = min == 0 ? 1 : Math.abs(min) * 0.1;
      min -= pad;
      max += pad;
    }
    double pad = (max - min) * 0.08;
    double step = step(min - pad, max + pad);
    double low = Math.floor((min - pad) / step) * step;
    if (min >= 0 && low < 0) {
      low = 0;
    }
    return new double[] {low, Math.ceil((max + pad) / step) * step};
  }

  static double step(double low, double high) {
    double raw = (high - low) / 5;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double f = raw / magnitude;
    return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * magnitude;
  }

  static List<Double> ticks(double low, double high) {
    double step = step(low, high);
    List<Double> t = new ArrayList<>();
    for (double v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) {
      t.add(Math.abs(v) < step * 1e-9 ? 0 : v);
    }
    return t;
  }

  /** A tick's label: thousands grouped, as many decimals as the step needs. */
  static String label(double v, double step) {
    int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
    return String.format(Locale.ROOT, "%,." + decimals + "f", v);
  }
}
