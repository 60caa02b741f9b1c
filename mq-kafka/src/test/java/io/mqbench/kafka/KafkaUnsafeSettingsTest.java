package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings under which Kafka may lose acknowledged messages are accepted, with a warning each. */
class KafkaUnsafeSettingsTest {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  private java.util.List<String> warnings(Map<String, String> raw) {
    return provider.warnings(provider.configure(raw));
  }

  @Test
  void theDefaultsAreSafe() {
    assertThat(warnings(Map.of())).isEmpty();
  }

  @Test
  void acksZeroOrOneWarnThatLossIsExpected() {
    assertThat(warnings(Map.of("kafka.acks", "0")))
        .singleElement()
        .asString()
        .startsWith("kafka.acks=0:")
        .contains("loss is expected");
    assertThat(warnings(Map.of("kafka.acks", "1"))).singleElement().asString().contains("leader");
    assertThat(
            warnings(
                Map.of("kafka.producer.acks", "0", "kafka.producer.enable.idempotence", "false")))
        .singleElement()
        .asString()
        .startsWith("kafka.producer.acks=0:");
  }

  @Test
  void autoCommitAndStartingAtTheLatestOffsetWarn() {
    assertThat(warnings(Map.of("kafka.consumer.enable.auto.commit", "true")))
        .singleElement()
        .asString()
        .startsWith("kafka.consumer.enable.auto.commit=true:")
        .contains("loss is expected");
    assertThat(warnings(Map.of("kafka.consumer.auto.offset.reset", "latest")))
        .singleElement()
        .asString()
        .startsWith("kafka.consumer.auto.offset.reset=latest:");
  }
}
