package io.mqbench.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints durations the way users type them: {@code 250ms}, {@code 30s}, {@code 5m},
 * {@code 1h}, ISO-8601 ({@code PT30S}), or a plain number of seconds ({@code 30}, {@code 1.5}).
 */
public final class Durations {
  private static final Pattern WITH_UNIT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)?", Pattern.CASE_INSENSITIVE);

  private Durations() {}

  /**
   * Parses a duration.
   *
   * @param text the text to parse
   * @return the duration, never negative
   * @throws IllegalArgumentException if the text is not a duration
   */
  public static Duration parse(String text) {
    String t = text.trim();
    if (t.regionMatches(true, 0, "PT", 0, 2)) {
      try {
        Duration d = Duration.parse(t.toUpperCase(Locale.ROOT));
        if (d.isNegative()) {
          throw new IllegalArgumentException("'" + text + "' is negative");
        }
        return d;
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("'" + text + "' is not a duration", e);
      }
    }
    Matcher m = WITH_UNIT.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration (examples: 250ms, 30s, 5m, 1h, PT30S)");
    }
    double amount = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
    double nanosPerUnit =
        switch (unit) {
          case "ns" -> 1;
          case "us", "µs" -> 1e3;
          case "ms" -> 1e6;
          case "s" -> 1e9;
          case "m" -> 60e9;
          case "h" -> 3600e9;
          default -> throw new IllegalArgumentException("unknown unit in '" + text + "'");
        };
    double nanos = amount * nanosPerUnit;
    if (nanos > Long.MAX_VALUE) {
      throw new IllegalArgumentException("'" + text + "' is too long");
    }
    return Duration.ofNanos(Math.round(nanos));
  }

  /**
   * Prints a duration in the shortest exact unit of {@link #parse}'s forms.
   *
   * @param d a non-negative duration
   * @return for example {@code 250ms}, {@code 30s}, {@code 5m}
   */
  public static String format(Duration d) {
    long nanos = d.toNanos();
    if (nanos == 0) {
      return "0s";
    }
    if (nanos % 3_600_000_000_000L == 0) {
      return nanos / 3_600_000_000_000L + "h";
    }
    if (nanos % 60_000_000_000L == 0) {
      return nanos / 60_000_000_000L + "m";
    }
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    if (nanos % 1_000L == 0) {
      return nanos / 1_000L + "us";
    }
    return nanos + "ns";
  }
}
