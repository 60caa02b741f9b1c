package io.mqbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MqConfigTest {
  static final ConfigKey<String> ACKS =
      ConfigKey.choice("kafka.acks", "all", List.of("0", "1", "all"), "producer acks");
  static final ConfigKey<Integer> PARTITIONS =
      ConfigKey.integer("kafka.partitions", 10, 1, 10_000, "partitions", "topic partitions");
  static final ConfigKey<Duration> COMMIT =
      ConfigKey.duration("kafka.commitInterval", Duration.ofSeconds(1), "commit interval");
  static final ConfigKey<String> BOOTSTRAP =
      ConfigKey.string("kafka.bootstrapServers", null, "broker addresses");

  static MqConfig config(Map<String, String> raw) {
    return MqConfig.of(
        "kafka", List.of(ACKS, PARTITIONS, COMMIT, BOOTSTRAP), List.of("kafka.producer."), raw);
  }

  @Test
  void defaultsApplyWhenNothingIsGiven() {
    MqConfig c = config(Map.of());

    assertThat(c.get(ACKS)).isEqualTo("all");
    assertThat(c.get(PARTITIONS)).isEqualTo(10);
    assertThat(c.get(COMMIT)).isEqualTo(Duration.ofSeconds(1));
    assertThat(c.find(BOOTSTRAP)).isEmpty();
  }

  @Test
  void givenValuesAreParsedToTheirTypes() {
    MqConfig c =
        config(
            Map.of("kafka.acks", "1", "kafka.partitions", "64", "kafka.commitInterval", "250ms"));

    assertThat(c.get(ACKS)).isEqualTo("1");
    assertThat(c.get(PARTITIONS)).isEqualTo(64);
    assertThat(c.get(COMMIT)).isEqualTo(Duration.ofMillis(250));
    assertThat(c.isGiven(PARTITIONS)).isTrue();
    assertThat(c.isGiven(ACKS)).isTrue();
    assertThat(c.isGiven(BOOTSTRAP)).isFalse();
  }

  @Test
  void unknownKeyIsRejectedByNameWithTheClosestKnownKeySuggested() {
    assertThatThrownBy(() -> config(Map.of("kafka.ack", "all")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(
            "unknown key 'kafka.ack' for queue kafka; did you mean kafka.acks?");
  }

  @Test
  void aLocalClusterAskedOfABackendWithoutOneIsRefusedSayingWhy() {
    assertThatThrownBy(() -> config(Map.of("kafka.localBrokerNodes", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "queue kafka has no local cluster (kafka.localBrokerNodes): its local broker, if any,"
                + " is a stand-in that cannot replicate; give the address of a replicated"
                + " deployment instead (docs/deployment.md)");
  }

  @Test
  void keyOfAnotherBackendIsRejected() {
    assertThatThrownBy(() -> config(Map.of("rabbit.uri", "amqp://x")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("key 'rabbit.uri' does not belong to queue kafka");
  }

  @Test
  void malformedValuesAreRejectedNamingTheKeyAndWhatIsExpected() {
    assertThatThrownBy(() -> config(Map.of("kafka.partitions", "ten")))
        .hasMessage(
            "kafka.partitions: invalid value 'ten': expected a whole number from 1 to 10000");
    assertThatThrownBy(() -> config(Map.of("kafka.partitions", "0")))
        .hasMessage("kafka.partitions: invalid value '0': expected a whole number from 1 to 10000");
    assertThatThrownBy(() -> config(Map.of("kafka.acks", "most")))
        .hasMessage("kafka.acks: invalid value 'most': expected one of 0, 1, all");
    assertThatThrownBy(() -> config(Map.of("kafka.commitInterval", "soon")))
        .hasMessageStartingWith("kafka.commitInterval: invalid value 'soon': is not a duration");
  }

  @Test
  void passThroughPropertiesReachTheNativeClientWithoutTheirPrefix() {
    MqConfig c = config(Map.of("kafka.producer.linger.ms", "5", "kafka.producer.batch.size", "1"));

    assertThat(c.passThrough("kafka.producer."))
        .containsExactlyInAnyOrderEntriesOf(Map.of("linger.ms", "5", "batch.size", "1"));
  }

  @Test
  void effectiveValuesListDefaultsAndGivenValuesAsText() {
    MqConfig c = config(Map.of("kafka.producer.linger.ms", "5"));

    assertThat(c.effective())
        .containsEntry("kafka.acks", "all")
        .containsEntry("kafka.commitInterval", "1s")
        .containsEntry("kafka.producer.linger.ms", "5")
        .doesNotContainKey("kafka.bootstrapServers");
  }

  @Test
  void withAddsAValidatedValue() {
    MqConfig c = config(Map.of()).with("kafka.bootstrapServers", "127.0.0.1:9092");

    assertThat(c.get(BOOTSTRAP)).isEqualTo("127.0.0.1:9092");
    assertThatThrownBy(() -> c.with("kafka.partitions", "-1")).isInstanceOf(ConfigException.class);
  }

  @Test
  void gettingAnUnsetKeyWithoutDefaultNamesIt() {
    assertThatThrownBy(() -> config(Map.of()).get(BOOTSTRAP))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("kafka.bootstrapServers is not set");
  }
}
