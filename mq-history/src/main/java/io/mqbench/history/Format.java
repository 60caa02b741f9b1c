package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Numbers, percentages and times as the table and the page show them. */
final class Format {
  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter MINUTE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

  private Format() {}

  /** A figure's value to its decimals, thousands grouped; "-" for none. */
  static String value(Figure f, double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,." + f.decimals() + "f", v);
  }

  /** A change in percent with its sign, one decimal: {@code -19.8 %}. */
  static String percent(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    String s = String.format(Locale.ROOT, "%+.1f", v);
    return (s.equals("-0.0") || s.equals("+0.0") ? "0.0" : s) + " %";
  }

  /** A change with its 95 % interval: {@code -19.8 % [-22.0, -17.6]}. */
  static String percent(double v, double low, double high) {
    if (Double.isNaN(low)) {
      return percent(v);
    }
    return percent(v) + " [" + number(low) + ", " + number(high) + "]";
  }

  private static String number(double v) {
    return percent(v).replace(" %", "");
  }

  /** A p-value to two significant digits, or a bound below 0.001. */
  static String p(double p) {
    if (p < 0.001) {
      return "p < 0.001";
    }
    return "p = "
        + new java.math.BigDecimal(p)
            .round(new java.math.MathContext(2))
            .stripTrailingZeros()
            .toPlainString();
  }

  static String day(Instant t) {
    return DAY.format(t);
  }

  static String minute(Instant t) {
    return MINUTE.format(t);
  }

  static String runs(int n) {
    return n + (n == 1 ? " run" : " runs");
  }
}
