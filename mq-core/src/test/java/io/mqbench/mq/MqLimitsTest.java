package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MqLimitsTest {
  private final MqLimits limits =
      MqLimits.UNLIMITED
          .withMaxMessageBytes(1000, "x.maxMessageBytes=1000")
          .withMaxBatch(10, 5000, "x's own limit");

  @Test
  void aRunWithinTheLimitsIsNotRefused() {
    assertThat(limits.refusal("x", 1000, 5)).isEmpty();
  }

  @Test
  void aMessageOverTheLimitIsRefusedNamingTheLimitAndItsKey() {
    assertThat(limits.refusal("x", 1001, 1))
        .contains(
            "a message of 1001 bytes is larger than the largest x carries with this"
                + " configuration, 1000 bytes (x.maxMessageBytes=1000, x's own limit)");
  }

  @Test
  void aBatchOverTheLimitIsRefused() {
    assertThat(limits.refusal("x", 10, 11)).get().asString().contains("11 messages", "10");
    assertThat(limits.refusal("x", 600, 10)).get().asString().contains("5000 bytes");
  }

  @Test
  void anEnforcingSenderRefusesBeforeTheBackendSeesTheBatch() throws Exception {
    List<List<byte[]>> seen = new ArrayList<>();
    MqSender backend =
        new MqSender() {
          @Override
          public void send(List<byte[]> batch) {
            seen.add(batch);
          }

          @Override
          public void close() {}
        };
    MqSender sender = limits.enforce("x", backend);

    assertThatThrownBy(() -> sender.send(List.of(new byte[1001])))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("1000 bytes")
        .hasMessageEndingWith("nothing was sent");
    assertThat(sender.sendAsync(List.of(new byte[1001]))).isCompletedExceptionally();
    sender.send(List.of(new byte[1000]));
    assertThat(seen).hasSize(1);
  }

  @Test
  void anEnforcingSenderPassesOnHowManyBatchesItsCallerKeepsInFlight() {
    List<Integer> told = new ArrayList<>();
    MqSender backend =
        new MqSender() {
          @Override
          public void send(List<byte[]> batch) {}

          @Override
          public void expectInFlight(int batches) {
            told.add(batches);
          }

          @Override
          public void close() {}
        };

    limits.enforce("x", backend).expectInFlight(1);

    assertThat(told).containsExactly(1);
  }
}
