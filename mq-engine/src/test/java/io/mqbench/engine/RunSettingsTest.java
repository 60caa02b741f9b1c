package io.mqbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.envelope.MessageSizes;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunSettingsTest {

  private static RunSettings sized(int batch, int size, int inFlight) {
    return TestSettings.builder()
        .messagesPerSender(1000)
        .maxBatch(batch)
        .messageSizes(MessageSizes.of(size))
        .inFlight(inFlight)
        .build();
  }

  @Test
  void theWindowHoldsAtMost32MebibytesOfMessagesPerSender() {
    assertThat(sized(10, 100, 128).effectiveInFlight()).isEqualTo(128);
    assertThat(sized(1, 1_048_576, 128).effectiveInFlight()).isEqualTo(32);
    assertThat(sized(100, 1_048_576, 128).effectiveInFlight()).as("never below one").isEqualTo(1);
    assertThat(sized(1, 1_048_576, 128).describe()).contains("in flight 32 (128 capped at 32 MiB)");
  }

  @Test
  void rateModeReceiversAskForAHundredAtATimeThoughSendersSendOne() {
    RunSettings rate =
        TestSettings.builder()
            .mode(Mode.RATE)
            .senders(6)
            .messagesPerSender(Long.MAX_VALUE)
            .duration(Optional.of(Duration.ofSeconds(10)))
            .rate(Optional.of(3_000.0))
            .maxBatch(1)
            .messageSizes(MessageSizes.of(1_024))
            .inFlight(128)
            .build();

    assertThat(rate.maxBatch()).isEqualTo(1);
    assertThat(rate.receiveBatch()).isEqualTo(RunSettings.RATE_RECEIVE_BATCH);
    assertThat(sized(10, 100, 1).receiveBatch()).as("throughput mode: the batch").isEqualTo(10);
  }

  @Test
  void aReceiveOnlyRunTakesNeitherADurationNorARate() {
    assertThatThrownBy(
            () ->
                TestSettings.builder()
                    .senders(0)
                    .messagesPerSender(1000)
                    .duration(Optional.of(Duration.ofSeconds(5)))
                    .maxBatch(1)
                    .build())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("--senders 0");
  }

  @Test
  void sendThenDrainNeedsBothSides() {
    assertThatThrownBy(() -> sized(1, 100, 1).withPhases(Phases.SEND_THEN_DRAIN).withInFlight(0))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--in-flight must be at least 1, was 0");
    assertThat(Phases.parse("Send-Then-Drain")).isEqualTo(Phases.SEND_THEN_DRAIN);
  }
}
