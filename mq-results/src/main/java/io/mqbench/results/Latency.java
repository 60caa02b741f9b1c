package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of one latency histogram, in milliseconds, with the histogram itself (compressed,
 * base64, the form HdrHistogram's log tools read) so nothing is lost to rounding.
 *
 * <p>A value the histogram cannot give is null (in {@code run.json} too), never 0, which would read
 * as a measured latency: every value of a histogram without values (the end-to-end latency of a
 * send-only run, the send latency of a receive-only run), and each percentile the number of values
 * cannot support (see {@link #minimumCount}), which would only repeat the largest value under a
 * name that claims a tail that was never observed. The {@code .hgrm} files and the chart are drawn
 * from the histogram itself and are not affected.
 *
 * @param count recorded values
 * @param minMs smallest value
 * @param meanMs mean
 * @param p50Ms 50th percentile (this and every percentile: null if {@link #supports not supported})
 * @param p90Ms 90th percentile
 * @param p99Ms 99th percentile
 * @param p999Ms 99.9th percentile
 * @param p9999Ms 99.99th percentile
 * @param p99999Ms 99.999th percentile
 * @param p999999Ms 99.9999th percentile
 * @param maxMs largest value
 * @param histogramBase64 the histogram of microseconds, {@code encodeIntoCompressedByteBuffer}
 * @param histogram the histogram of microseconds; not in {@code run.json}, decoded from {@code
 *     histogramBase64} when read back
 */
@RecordBuilder
public record Latency(
    long count,
    Double minMs,
    Double meanMs,
    Double p50Ms,
    Double p90Ms,
    Double p99Ms,
    Double p999Ms,
    Double p9999Ms,
    Double p99999Ms,
    Double p999999Ms,
    Double maxMs,
    String histogramBase64,
    @JsonIgnore Histogram histogram)
    implements LatencyBuilder.With {

  /** The names of the values reported everywhere: a percentile's, or the largest value's. */
  public static final String P50 = "p50",
      P90 = "p90",
      P99 = "p99",
      P99_9 = "p99_9",
      P99_99 = "p99_99",
      P99_999 = "p99_999",
      P99_9999 = "p99_9999",
      MAX = "max";

  /** The percentiles reported everywhere, with their column-name suffixes. */
  public static final List<Map.Entry<String, Double>> PERCENTILES =
      List.of(
          Map.entry(P50, 50.0),
          Map.entry(P90, 90.0),
          Map.entry(P99, 99.0),
          Map.entry(P99_9, 99.9),
          Map.entry(P99_99, 99.99),
          Map.entry(P99_999, 99.999),
          Map.entry(P99_9999, 99.9999));

  /** Every percentile's suffix, then {@link #MAX}: the values a latency reports, in order. */
  public static final List<String> SUFFIXES =
      Stream.concat(PERCENTILES.stream().map(Map.Entry::getKey), Stream.of(MAX)).toList();

  /**
   * Decodes the histogram when only its encoding is given: a latency read back from {@code
   * run.json}.
   */
  public Latency {
    if (histogram == null && histogramBase64 != null) {
      histogram = decode(histogramBase64);
    }
  }

  /**
   * The fewest values that support a percentile: {@code ceil(1 / (1 - p))}, such as 2 for p50, 10
   * for p90, 100 for p99, 10,000 for p99.99 and 1,000,000 for p99.9999. With fewer values, less
   * than one value lies above the percentile, so the histogram can only answer with its largest
   * value: that is the maximum, reported as such, not an estimate of the percentile.
   *
   * @param percentile a percentile, above 0 and below 100
   * @return the number of values it needs
   * @throws IllegalArgumentException if the percentile is not above 0 and below 100
   */
  public static long minimumCount(double percentile) {
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("a percentile above 0 and below 100, was " + percentile);
    }
    // In decimal: in binary, 1 - 0.90 is a little less than 0.1, and 90 would need 11 values.
    BigDecimal hundred = BigDecimal.valueOf(100);
    return hundred
        .divide(hundred.subtract(BigDecimal.valueOf(percentile)), 0, RoundingMode.CEILING)
        .longValueExact();
  }

  /**
   * @param count values in a histogram
   * @param percentile a percentile, above 0 and below 100
   * @return whether that many values support the percentile: at least {@link #minimumCount}
   */
  public static boolean supports(long count, double percentile) {
    return count >= minimumCount(percentile);
  }

  /**
   * @param suffix one of {@link #PERCENTILES}' names, or {@code max}
   * @return that value in milliseconds; empty if the histogram cannot give it
   */
  public OptionalDouble valueMs(String suffix) {
    Double v =
        switch (suffix) {
          case P50 -> p50Ms;
          case P90 -> p90Ms;
          case P99 -> p99Ms;
          case P99_9 -> p999Ms;
          case P99_99 -> p9999Ms;
          case P99_999 -> p99999Ms;
          case P99_9999 -> p999999Ms;
          case MAX -> maxMs;
          default -> throw new IllegalArgumentException(suffix);
        };
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }

  /**
   * @param micros a histogram of microseconds
   * @return its summary
   */
  public static Latency of(Histogram micros) {
    Histogram h = micros.copy();
    boolean empty = h.getTotalCount() == 0;
    return new Latency(
        h.getTotalCount(),
        empty ? null : ms(h.getMinValue()),
        empty ? null : h.getMean() / 1000.0,
        pct(h, 50),
        pct(h, 90),
        pct(h, 99),
        pct(h, 99.9),
        pct(h, 99.99),
        pct(h, 99.999),
        pct(h, 99.9999),
        empty ? null : ms(h.getMaxValue()),
        encode(h),
        h);
  }

  private static Double pct(Histogram h, double percentile) {
    return supports(h.getTotalCount(), percentile) ? ms(h.getValueAtPercentile(percentile)) : null;
  }

  private static Double ms(long micros) {
    return micros / 1000.0;
  }

  private static String encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
    byte[] bytes = new byte[n];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * Reads back a histogram written by {@link #of}.
   *
   * @param base64 {@link #histogramBase64()}
   * @return the histogram of microseconds
   */
  public static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("not an encoded histogram", e);
    }
  }
}
