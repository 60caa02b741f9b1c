package io.mqbench.engine.measure;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram as a value: HdrHistogram's compressed encoding, the form in which it crosses
 * a process boundary and is kept in reports. Equal when the encodings are equal.
 *
 * @param compressed HdrHistogram's compressed encoding
 */
public record EncodedHistogram(byte[] compressed) {

  /**
   * @param h a histogram; not changed
   * @return its encoding
   */
  public static EncodedHistogram of(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    return new EncodedHistogram(Arrays.copyOf(buffer.array(), length));
  }

  /**
   * @return an encoding of an empty histogram
   */
  public static EncodedHistogram empty() {
    return of(Latencies.newHistogram());
  }

  /**
   * @return a new histogram with the encoded counts, auto-resizing like {@link
   *     Latencies#newHistogram()}
   */
  public Histogram decode() {
    try {
      Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
      Histogram h = Latencies.newHistogram();
      h.add(decoded);
      return h;
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
    }
  }

  /**
   * @param other another encoding
   * @return the encoding of both histograms added
   */
  public EncodedHistogram plus(EncodedHistogram other) {
    Histogram sum = decode();
    sum.add(other.decode());
    return of(sum);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EncodedHistogram e && Arrays.equals(compressed, e.compressed);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(compressed);
  }

  @Override
  public String toString() {
    return "EncodedHistogram[" + compressed.length + " bytes]";
  }
}
