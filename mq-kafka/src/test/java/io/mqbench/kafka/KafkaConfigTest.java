package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqProviders;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaConfigTest {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  private KafkaSettings settings(Map<String, String> raw) {
    return new KafkaSettings(provider.configure(raw));
  }

  @Test
  void providerIsFoundByName() {
    assertThat(MqProviders.load().find("kafka")).isInstanceOf(KafkaMqProvider.class);
  }

  @Test
  void everyKeyIsUnderTheKafkaPrefixAndDocumented() {
    assertThat(provider.configKeys())
        .allSatisfy(
            k -> {
              assertThat(k.name()).startsWith("kafka.");
              assertThat(k.description()).isNotBlank();
            });
  }

  @Test
  void aQueueOfItsOwnIsTheTopicAndTheConsumerGroupWithTheSuffix() {
    MqConfig config =
        provider.configure(Map.of("kafka.topic", "orders", "kafka.groupId", "billing"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(Map.of("kafka.topic", "orders-2", "kafka.groupId", "billing-2"));
  }

  @Test
  void withNoGroupGivenTheQueuesGroupIsTheDefaultGroupWithTheSuffix() {
    MqConfig config = provider.configure(Map.of("kafka.topic", "orders"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(Map.of("kafka.topic", "orders-2", "kafka.groupId", "mqbench-orders-2"));
  }

  @Test
  void aTopicNameAtKafkasLimitLosesTheEndOfItsBaseNotTheSuffix() {
    String longest = "t".repeat(KafkaSettings.MAX_TOPIC_LENGTH);
    MqConfig config = provider.configure(Map.of("kafka.topic", longest));

    String topic = provider.keysForQueue(config, "-12").orElseThrow().get("kafka.topic");

    assertThat(topic).hasSize(KafkaSettings.MAX_TOPIC_LENGTH).endsWith("t-12");
    assertThat(provider.configure(Map.of("kafka.topic", topic)).get(KafkaSettings.TOPIC))
        .isEqualTo(topic);
  }

  @Test
  void subscriptionsAreConsumerGroupsNamedAfterTheConfiguredGroup() {
    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
    assertThat(KafkaSettings.subscriptionGroup("billing", 2)).isEqualTo("billing-s2");
  }

  @Test
  void defaultsAreAcksAllWithAnIdempotentProducer() {
    Map<String, Object> p =
        settings(Map.of("kafka.bootstrapServers", "127.0.0.1:9092")).producer("s");

    assertThat(p).containsEntry("acks", "all").containsEntry("enable.idempotence", true);
  }

  @Test
  void weakerAcksTurnIdempotenceOff() {
    Map<String, Object> p =
        settings(Map.of("kafka.bootstrapServers", "h:1", "kafka.acks", "1")).producer("s");

    assertThat(p).containsEntry("acks", "1").containsEntry("enable.idempotence", false);
  }

  @Test
  void consumerCommitsOnlyWhatReceiversAcknowledge() {
    Map<String, Object> c = settings(Map.of("kafka.bootstrapServers", "h:1")).consumer("r", 7);

    assertThat(c)
        .containsEntry("enable.auto.commit", false)
        .containsEntry("auto.offset.reset", "earliest")
        .containsEntry("max.poll.records", 7)
        .containsEntry("group.id", "mqbench-mqbench");
  }

  @Test
  void nativePropertiesPassThroughAndWin() {
    KafkaSettings s =
        settings(
            Map.of(
                "kafka.bootstrapServers", "h:1",
                "kafka.producer.linger.ms", "0",
                "kafka.consumer.fetch.min.bytes", "1024",
                "kafka.consumer.max.poll.records", "99"));

    assertThat(s.producer("s")).containsEntry("linger.ms", "0");
    assertThat(s.consumer("r", 7))
        .containsEntry("fetch.min.bytes", "1024")
        .containsEntry("max.poll.records", "99");
    assertThat(s.givenMaxPollRecords()).isEqualTo(99);
  }

  @Test
  void unknownNativeProducerPropertyIsRejectedByName() {
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.producer.lingerr.ms", "5")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka.producer.lingerr.ms")
        .hasMessageContaining("kafka.producer.linger.ms");
  }

  @Test
  void unknownNativeConsumerPropertyIsRejectedByName() {
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.consumer.no.such.thing", "1")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka.consumer.no.such.thing");
  }

  @Test
  void malformedNativeValueIsRejectedNamingTheProperty() {
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.consumer.max.poll.records", "lots")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("max.poll.records");
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.producer.compression.type", "zip")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("compression.type");
  }

  @Test
  void anUnknownAcksIsOneLineListingTheChoicesAsUsersTypeThem() {
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.acks", "2")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("kafka.acks: invalid value '2': expected one of all, 1, 0");
    assertThat(provider.configure(Map.of("kafka.acks", "ALL")).get(KafkaSettings.ACKS))
        .isEqualTo(Acks.ALL);
    assertThat(provider.configure(Map.of("kafka.acks", "0")).effective())
        .containsEntry("kafka.acks", "0");
  }

  @Test
  void unknownKeyIsRejected() {
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.partitons", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka.partitions");
  }

  @Test
  void withoutBootstrapTheRunnerGetsALocalBroker() {
    MqConfig none = provider.configure(Map.of());
    MqConfig given = provider.configure(Map.of("kafka.bootstrapServers", "h:1"));

    assertThat(provider.localBroker(none)).isPresent();
    assertThat(provider.localBroker(none).orElseThrow().description())
        .startsWith("single-node Kafka 4.3.1 (KRaft)");
    assertThat(provider.localBroker(given)).isEmpty();
    assertThat(provider.target(given)).isEqualTo("h:1");
    assertThat(provider.target(none)).isEqualTo("unset (kafka.bootstrapServers)");
  }
}
