package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HgrmTextTest {
  /** What HdrHistogram itself prints, as the runner wrote it before. */
  private static String hdrHistogramsOwn(AbstractHistogram micros) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
      micros.outputPercentileDistribution(out, HgrmText.TICKS_PER_HALF_DISTANCE, 1000.0);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void isByteForByteWhatHdrHistogramPrintsForLatenciesOfEveryShape() {
    SplittableRandom random = new SplittableRandom(31);
    for (int i = 0; i < 300; i++) {
      Histogram h = i % 3 == 0 ? new Histogram(3) : new Histogram(1, 3_600_000_000L, 3);
      int values = 1 + random.nextInt(i % 10 == 0 ? 5 : 20_000);
      long scale = 1L << random.nextInt(36); // from µs to hours and beyond
      for (int v = 0; v < values; v++) {
        long value =
            switch (i % 4) {
              case 0 -> random.nextLong(scale + 1); // uniform
              case 1 -> (long) (scale * Math.exp(-10 * random.nextDouble())); // long tail
              case 2 -> random.nextInt(10) == 0 ? scale : 1 + random.nextInt(50); // two modes
              default -> scale; // one value
            };
        h.recordValueWithCount(Math.min(value, 3_600_000_000L), 1 + random.nextInt(3));
      }
      assertThat(HgrmText.of(h)).as("histogram %d", i).isEqualTo(hdrHistogramsOwn(h));
    }
  }

  @Test
  void aHistogramReadBackFromItsEncodingPrintsAsHdrHistogramPrintsIt() throws Exception {
    Histogram h = new Histogram(3);
    SplittableRandom random = new SplittableRandom(7);
    for (int v = 0; v < 150_000; v++) {
      h.recordValue(300 + (long) (20_000 * Math.pow(random.nextDouble(), 8)));
    }
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    h.encodeIntoCompressedByteBuffer(buffer);
    buffer.flip();
    Histogram decoded = Histogram.decodeFromCompressedByteBuffer(buffer, 0);

    assertThat(HgrmText.of(decoded)).isEqualTo(hdrHistogramsOwn(decoded));
  }

  @Test
  void anEmptyHistogramSaysSo() {
    assertThat(HgrmText.of(new Histogram(3))).isEqualTo("#[No values recorded]\n");
  }

  @Test
  void fixedPlacesRoundAsTheFormatterDoes() {
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 200_000; i++) {
      double value =
          switch (i % 5) {
            case 0 -> random.nextDouble(); // percentiles
            case 1 -> 1 / (1 - random.nextDouble()); // 1/(1-percentile)
            case 2 -> random.nextLong(10_000_000_000L) / 1000.0; // ms from µs
            case 3 -> random.nextInt(1000) / 8.0 + random.nextInt(2) * 0.0005; // ties
            default -> Math.scalb(random.nextDouble(), random.nextInt(-20, 50)); // any magnitude
          };
      int places = new int[] {2, 3, 12}[i % 3];
      assertThat(HgrmText.fixed(value, places))
          .as("%s to %d places", value, places)
          .isEqualTo(String.format(Locale.US, "%." + places + "f", value));
    }
  }
}
