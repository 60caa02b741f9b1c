package io.mqbench.envelope;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

class EnvelopeTest {
  @Test
  void envelopeReadsBackWhatWasWritten() {
    byte[] body = new MessageBodies(100, 7, 3, 1).next(42, 123_456_789L);

    assertThat(Envelope.read(body)).isEqualTo(new Envelope(7, 3, 42, 123_456_789L));
    assertThat(Envelope.isOfRun(body, 7)).isTrue();
    assertThat(Envelope.isOfRun(body, 8)).isFalse();
  }

  @Test
  void bodiesHaveExactlyTheConfiguredSize() {
    for (int size : new int[] {Envelope.SIZE, 29, 100, 1 << 20, (1 << 20) + 1, 3 << 20}) {
      assertThat(new MessageBodies(size, 1, 1, 1).next(0, 0)).hasSize(size);
    }
  }

  @Test
  void sizeBelowTheEnvelopeIsRejectedWithItsMinimum() {
    assertThatThrownBy(() -> new MessageBodies(Envelope.SIZE - 1, 1, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("below the 28-byte envelope");
  }

  @Test
  void foreignBodiesAreNotMistakenForMessagesOfTheRun() {
    assertThat(Envelope.isOfRun(new byte[10], 0)).isFalse();
    assertThat(Envelope.isOfRun(new byte[100], 0)).isFalse();
    assertThatThrownBy(() -> Envelope.read(new byte[100]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void paddingIsIncompressible() throws Exception {
    MessageBodies bodies = new MessageBodies(1000, 1, 1, 1);
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    for (int i = 0; i < 1000; i++) {
      raw.write(bodies.next(i, i));
    }
    ByteArrayOutputStream compressed = new ByteArrayOutputStream();
    try (DeflaterOutputStream out =
        new DeflaterOutputStream(compressed, new Deflater(Deflater.BEST_COMPRESSION))) {
      raw.writeTo(out);
    }

    assertThat((double) compressed.size() / raw.size()).isGreaterThan(0.95);
  }
}
