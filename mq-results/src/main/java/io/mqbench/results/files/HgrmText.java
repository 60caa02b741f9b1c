package io.mqbench.results.files;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency's {@code .hgrm} file: the text HdrHistogram's {@code outputPercentileDistribution}
 * prints (five ticks per half distance, values in ms from µs), byte for byte, so every tool that
 * reads those files reads these, written without {@link java.util.Formatter}. Four such files per
 * run went through a format string per value; the formatter's first use and the code it made hot
 * were most of what writing them cost (HgrmTextTest holds the two outputs equal).
 */
final class HgrmText {
  /** Percentile ticks per half distance, as the runner has always written them. */
  static final int TICKS_PER_HALF_DISTANCE = 5;

  private static final double MICROS_PER_MS = 1000.0;
  private static final String HEADER =
      "       Value     Percentile TotalCount 1/(1-Percentile)\n\n";

  private HgrmText() {}

  /**
   * @param micros a latency histogram in µs
   * @return its percentile distribution in ms, as {@code outputPercentileDistribution(out, 5,
   *     1000.0)} prints it
   */
  static String of(AbstractHistogram micros) {
    if (micros.getTotalCount() == 0) {
      return "#[No values recorded]\n";
    }
    int digits = micros.getNumberOfSignificantValueDigits();
    StringBuilder out = new StringBuilder(HEADER.length() + 64 * 128);
    out.append(HEADER);
    for (HistogramIterationValue v : micros.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double percentile = v.getPercentileLevelIteratedTo();
      right(out, fixed(v.getValueIteratedTo() / MICROS_PER_MS, digits), 12).append(' ');
      out.append(fixed(percentile / 100.0, 12)).append(' ');
      right(out, Long.toString(v.getTotalCountToThisValue()), 10);
      if (percentile != 100.0) {
        out.append(' ');
        right(out, fixed(1 / (1.0 - percentile / 100.0), 2), 14);
      }
      out.append('\n');
    }
    out.append("#[Mean    = ");
    right(out, fixed(micros.getMean() / MICROS_PER_MS, digits), 12);
    out.append(", StdDeviation   = ");
    right(out, fixed(micros.getStdDeviation() / MICROS_PER_MS, digits), 12).append("]\n");
    out.append("#[Max     = ");
    right(out, fixed(micros.getMaxValue() / MICROS_PER_MS, digits), 12);
    out.append(", Total count    = ");
    right(out, Long.toString(micros.getTotalCount()), 12).append("]\n");
    out.append("#[Buckets = ");
    right(out, Integer.toString(buckets(micros)), 12);
    out.append(", SubBuckets     = ");
    right(out, Integer.toString(subBuckets(micros)), 12).append("]\n");
    return out.toString();
  }

  /**
   * {@code %.Nf} of a finite double as {@link java.util.Formatter} prints it: the shortest decimal
   * that reads back as the double ({@link Double#toString}'s digits), rounded half up to N places.
   */
  static String fixed(double value, int places) {
    return BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_UP).toPlainString();
  }

  /**
   * Sub-buckets per bucket: the power of two that holds 2 x 10^digits values at unit resolution.
   */
  static int subBuckets(AbstractHistogram h) {
    long singleUnitResolution = 2 * (long) Math.pow(10, h.getNumberOfSignificantValueDigits());
    return Integer.highestOneBit((int) (singleUnitResolution - 1)) << 1;
  }

  /**
   * Buckets the histogram's range needs: the first covers sub-buckets x its unit, each next one
   * twice the range before, until the highest trackable value is covered.
   */
  static int buckets(AbstractHistogram h) {
    int unitMagnitude = 63 - Long.numberOfLeadingZeros(h.getLowestDiscernibleValue());
    long smallestUntrackable = ((long) subBuckets(h)) << unitMagnitude;
    int buckets = 1;
    while (smallestUntrackable <= h.getHighestTrackableValue()) {
      if (smallestUntrackable > Long.MAX_VALUE / 2) {
        return buckets + 1;
      }
      smallestUntrackable <<= 1;
      buckets++;
    }
    return buckets;
  }

  private static StringBuilder right(StringBuilder out, String text, int width) {
    for (int i = text.length(); i < width; i++) {
      out.append(' ');
    }
    return out.append(text);
  }
}
