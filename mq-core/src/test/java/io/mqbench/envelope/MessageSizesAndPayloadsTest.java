package io.mqbench.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * Issue 30, point 3: production traffic is a mix of sizes, and random padding defeats compression.
 * Bodies come in a weighted mix of sizes, with padding of a chosen compressibility, or carry real
 * records; the envelope stays readable in every one.
 */
class MessageSizesAndPayloadsTest {
  @Test
  void aWeightedMixIsReadWithUnitsAndSentInItsProportions() {
    MessageSizes mix = MessageSizes.parse("100:70, 1kb:25, 64KB:5");
    assertThat(mix.shares())
        .containsExactly(
            new MessageSizes.Share(100, 70),
            new MessageSizes.Share(1024, 25),
            new MessageSizes.Share(65536, 5));
    assertThat(mix.text()).isEqualTo("100:70,1024:25,65536:5");
    assertThat(MessageSizes.parse(mix.text())).isEqualTo(mix);
    assertThat(mix.min()).isEqualTo(100);
    assertThat(mix.max()).isEqualTo(65536);
    assertThat(mix.mean()).isCloseTo((100 * 70 + 1024 * 25 + 65536 * 5) / 100.0, within(1e-9));

    MessageBodies bodies = new MessageBodies(mix, 0, 1, 2, 3);
    Map<Integer, Integer> counts = new TreeMap<>();
    for (int i = 0; i < 20_000; i++) {
      byte[] body = bodies.next(i, i);
      counts.merge(body.length, 1, Integer::sum);
      assertThat(Envelope.read(body).sequence()).isEqualTo(i);
    }
    assertThat(counts.keySet()).containsExactly(100, 1024, 65536);
    assertThat(counts.get(100) / 20_000.0).isCloseTo(0.70, within(0.02));
    assertThat(counts.get(1024) / 20_000.0).isCloseTo(0.25, within(0.02));
    assertThat(counts.get(65536) / 20_000.0).isCloseTo(0.05, within(0.01));
  }

  @Test
  void oneSizeReadsAsBeforeWithOrWithoutAUnit() {
    assertThat(MessageSizes.parse("100")).isEqualTo(MessageSizes.of(100));
    assertThat(MessageSizes.parse("2k")).isEqualTo(MessageSizes.of(2048));
    assertThat(MessageSizes.parse("1mib").max()).isEqualTo(1 << 20);
    assertThat(MessageSizes.of(100).single()).isTrue();
    assertThat(MessageSizes.of(100).text()).isEqualTo("100");
  }

  @Test
  void malformedSizesAreOneLineNamingTheOption() {
    for (String bad :
        new String[] {"", "big", "100:", "100:70,1kb", "10", "100:0", "1:2:3", "5gb"}) {
      assertThatThrownBy(() -> MessageSizes.parse(bad))
          .as("'%s'", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("--size")
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void compressiblePaddingCompressesAndRandomPaddingDoesNot() {
    double random = compressedShare(new MessageBodies(MessageSizes.of(4096), 0, 1, 1, 1));
    double ninety = compressedShare(new MessageBodies(MessageSizes.of(4096), 0.9, 1, 1, 1));
    double all = compressedShare(new MessageBodies(MessageSizes.of(4096), 1, 1, 1, 1));

    assertThat(random).as("random padding (only the envelopes compress)").isGreaterThan(0.95);
    assertThat(ninety).as("a tenth of the padding random").isBetween(0.08, 0.2);
    assertThat(all).as("no random padding").isLessThan(0.05);
    assertThatThrownBy(() -> new MessageBodies(MessageSizes.of(100), 1.5, 1, 1, 1))
        .hasMessageStartingWith("--compressibility");
  }

  @Test
  void smallBodiesInARowEachGetPaddingOfTheirOwnThatDoesNotCompress() {
    MessageBodies bodies = new MessageBodies(MessageSizes.of(100), 0, 1, 1, 1);
    Set<String> paddings = new HashSet<>();
    ByteArrayOutputStream batch = new ByteArrayOutputStream();
    for (int i = 0; i < 20_000; i++) {
      byte[] body = bodies.next(i, 0);
      paddings.add(
          new String(
              body, Envelope.SIZE, body.length - Envelope.SIZE, StandardCharsets.ISO_8859_1));
      if (i < 200) {
        batch.write(body, Envelope.SIZE, body.length - Envelope.SIZE);
      }
    }

    assertThat(paddings).as("no two bodies with the same padding").hasSize(20_000);
    assertThat(deflatedShare(batch.toByteArray()))
        .as("the paddings of 200 bodies in a row, as in a batch")
        .isGreaterThan(0.99);
  }

  @Test
  void bodiesLargerThanHalfThePoolAreFilledWhole() {
    MessageBodies bodies = new MessageBodies(MessageSizes.of(700 * 1024), 0, 1, 1, 3);
    for (int i = 0; i < 5; i++) {
      byte[] body = bodies.next(i, 0);
      assertThat(body).hasSize(700 * 1024);
      assertThat(Envelope.sequence(body)).isEqualTo(i);
      long zeros = 0;
      for (int j = Envelope.SIZE; j < body.length; j++) {
        zeros += body[j] == 0 ? 1 : 0;
      }
      assertThat(zeros)
          .as("random padding, about 1 byte in 256 zero")
          .isLessThan(body.length / 100);
    }
  }

  /** Deflate's output over its input for 100 bodies in a row, as a broker compresses a batch. */
  private static double compressedShare(MessageBodies bodies) {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    for (int i = 0; i < 100; i++) {
      in.writeBytes(bodies.next(i, 0));
    }
    return deflatedShare(in.toByteArray());
  }

  private static double deflatedShare(byte[] input) {
    Deflater deflater = new Deflater();
    deflater.setInput(input);
    deflater.finish();
    byte[] out = new byte[input.length * 2];
    int n = 0;
    while (!deflater.finished()) {
      n += deflater.deflate(out, n, out.length - n);
    }
    return (double) n / input.length;
  }

  @Test
  void recordsAreSentAfterTheEnvelopeInTurnFromAnOffsetTheSeedPicks() {
    List<byte[]> records = new ArrayList<>();
    for (String r : new String[] {"alpha", "bravo-bravo", "charlie"}) {
      records.add(r.getBytes(StandardCharsets.UTF_8));
    }
    MessageBodies bodies = MessageBodies.ofRecords(records, 1, 2, 7);

    List<String> sent = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      byte[] body = bodies.next(i, 0);
      assertThat(Envelope.read(body).senderId()).isEqualTo(2);
      sent.add(
          new String(body, Envelope.SIZE, body.length - Envelope.SIZE, StandardCharsets.UTF_8));
    }
    assertThat(sent.subList(3, 6)).isEqualTo(sent.subList(0, 3));
    assertThat(sent.subList(0, 3)).containsExactlyInAnyOrder("alpha", "bravo-bravo", "charlie");
    assertThat(bodies.sizes().min()).isEqualTo(Envelope.SIZE + 5);
    assertThat(bodies.sizes().max()).isEqualTo(Envelope.SIZE + 11);
  }
}
