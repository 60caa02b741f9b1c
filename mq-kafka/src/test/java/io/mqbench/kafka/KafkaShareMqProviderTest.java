package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProviders;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the kafka-share backend declares and derives from its settings, before it connects. */
class KafkaShareMqProviderTest {
  private final KafkaShareMqProvider provider = new KafkaShareMqProvider();

  private KafkaShareSettings settings(Map<String, String> raw) {
    Map<String, String> withAddress = new java.util.HashMap<>(raw);
    withAddress.putIfAbsent("kafka-share.bootstrapServers", "127.0.0.1:9092");
    return new KafkaShareSettings(provider.configure(withAddress));
  }

  @Test
  void theProviderIsFoundByNameBesideKafka() {
    assertThat(MqProviders.load().find("kafka-share")).isInstanceOf(KafkaShareMqProvider.class);
    assertThat(MqProviders.load().find("kafka")).isInstanceOf(KafkaMqProvider.class);
  }

  @Test
  void everyKeyIsUnderTheKafkaSharePrefixAndDocumented() {
    assertThat(provider.configKeys())
        .allSatisfy(
            k -> {
              assertThat(k.name()).startsWith("kafka-share.");
              assertThat(k.description()).isNotBlank();
            });
  }

  @Test
  void aQueueOfItsOwnIsTheTopicAndTheShareGroupWithTheSuffix() {
    MqConfig given =
        provider.configure(Map.of("kafka-share.topic", "orders", "kafka-share.groupId", "billing"));
    MqConfig defaulted = provider.configure(Map.of("kafka-share.topic", "orders"));

    assertThat(provider.keysForQueue(given, "-2"))
        .contains(Map.of("kafka-share.topic", "orders-2", "kafka-share.groupId", "billing-2"));
    assertThat(provider.keysForQueue(defaulted, "-2"))
        .contains(
            Map.of(
                "kafka-share.topic", "orders-2", "kafka-share.groupId", "mqbench-share-orders-2"));
  }

  @Test
  void subscriptionsAreShareGroups() {
    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
  }

  @Test
  void receiversAreShareConsumersAcknowledgingEachRecordExplicitlyUnderTheLease() {
    Map<String, Object> c = settings(Map.of("kafka-share.leaseTimeout", "20s")).consumer("r");

    assertThat(c)
        .containsEntry("share.acknowledgement.mode", "explicit")
        .containsEntry("max.poll.interval.ms", 20_000)
        .containsEntry("group.id", "mqbench-share-mqbench-share")
        .doesNotContainKeys(
            "enable.auto.commit", "auto.offset.reset", "session.timeout.ms", "max.poll.records");
  }

  @Test
  void theShareGroupStartsAtTheEarliestOffsetWithTheLeaseAsItsLock() {
    assertThat(settings(Map.of("kafka-share.group.share.delivery.count.limit", "8")).groupConfigs())
        .containsEntry("share.auto.offset.reset", "earliest")
        .containsEntry("share.record.lock.duration.ms", "30000")
        .containsEntry("share.delivery.count.limit", "8");
  }

  @Test
  void sendersAreTheKafkaBackendsProducersUnderThisBackendsKeys() {
    KafkaShareSettings s =
        settings(
            Map.of(
                "kafka-share.acks", "1",
                "kafka-share.topic", "t",
                "kafka-share.producer.compression.type", "lz4"));

    assertThat(s.kafka.topic).isEqualTo("t");
    assertThat(s.kafka.producer("p"))
        .containsEntry("acks", "1")
        .containsEntry("enable.idempotence", false)
        .containsEntry("compression.type", "lz4");
  }

  @Test
  void anAcknowledgedSendIsWhereKafkasIsAndTheSettingsNameThisBackendsKeys() {
    Durability d = provider.durability(provider.configure(Map.of()));
    assertThat(d.level()).isEqualTo(Level.MEMORY);
    assertThat(d.where()).contains("in-sync replica");
    assertThat(d.settings()).startsWith("kafka-share.acks=all");

    MqConfig fsync = provider.configure(provider.durabilityKeys(Level.FSYNC));
    assertThat(provider.durability(fsync).level()).isEqualTo(Level.FSYNC);
    MqConfig none = provider.configure(provider.durabilityKeys(Level.NONE));
    assertThat(provider.durability(none).level()).isEqualTo(Level.NONE);
    assertThat(provider.warnings(none)).singleElement().asString().startsWith("kafka-share.acks=0");
  }

  @Test
  void aGroupThatWouldSkipEarlierMessagesIsWarnedOf() {
    assertThat(
            provider.warnings(
                provider.configure(Map.of("kafka-share.group.share.auto.offset.reset", "latest"))))
        .singleElement()
        .asString()
        .startsWith("kafka-share.group.share.auto.offset.reset=latest:")
        .contains("loss is expected");
  }

  @Test
  void consumerPropertiesAShareConsumerRefusesAreRefusedNamingWhatStandsForThem() {
    assertThatThrownBy(
            () -> provider.configure(Map.of("kafka-share.consumer.session.timeout.ms", "9000")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka-share.consumer.session.timeout.ms")
        .hasMessageContaining("kafka-share.group.share.session.timeout.ms");
    assertThatThrownBy(
            () -> provider.configure(Map.of("kafka-share.consumer.auto.offset.reset", "latest")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("share.auto.offset.reset=earliest");
  }

  @Test
  void unknownGroupConfigsAndTheLockOutsideTheLeaseKeyAreRefused() {
    assertThatThrownBy(
            () -> provider.configure(Map.of("kafka-share.group.share.delivery.count", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("unknown")
        .hasMessageContaining("'kafka-share.group.share.delivery.count'");
    assertThatThrownBy(
            () ->
                provider.configure(
                    Map.of("kafka-share.group.share.record.lock.duration.ms", "20000")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka-share.leaseTimeout");
  }

  @Test
  void producerRulesAndLimitsNameThisBackendsKeys() {
    assertThatThrownBy(
            () ->
                provider.configure(
                    Map.of(
                        "kafka-share.producer.delivery.timeout.ms", "1000",
                        "kafka-share.linger", "5s")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("kafka-share.producer.delivery.timeout.ms")
        .hasMessageContaining("kafka-share.linger sets linger.ms");
    assertThat(
            provider
                .limits(provider.configure(Map.of("kafka-share.maxMessageBytes", "100000")))
                .refusal("kafka-share", 200_000, 1))
        .get()
        .asString()
        .contains("kafka-share.maxMessageBytes=100000");
  }

  @Test
  void withoutAnAddressTheLocalBrokerFillsThisBackendsAddressKey() {
    MqConfig none = provider.configure(Map.of());
    assertThat(provider.localBroker(none)).isPresent();
    assertThat(KafkaShareMqProvider.LOCAL_BROKER.addressKey().name())
        .isEqualTo("kafka-share.bootstrapServers");
    assertThat(
            provider.localBroker(provider.configure(Map.of("kafka-share.bootstrapServers", "h:1"))))
        .isEmpty();
    assertThatThrownBy(() -> provider.open(none))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("set kafka-share.bootstrapServers");
  }

  @Test
  void localBrokerNodesUnderThisBackendsNameMakeTheLocalBrokerAClusterWithShareGroups()
      throws Exception {
    try (var cluster =
        provider
            .localBroker(provider.configure(Map.of("kafka-share.localBrokerNodes", "3")))
            .get()) {
      assertThat(((io.mqbench.broker.JavaLocalBroker) cluster).size()).isEqualTo(3);
      assertThat(cluster.description())
          .contains(
              "(KRaft, share groups enabled, topics replicated 3 ways, min.insync.replicas=2)");
    }
    assertThat(provider.hasLeaders()).isTrue();
    assertThatThrownBy(() -> provider.configure(Map.of("kafka.localBrokerNodes", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("key 'kafka.localBrokerNodes' does not belong to queue kafka-share");
  }

  @Test
  void implicitAcknowledgementIsRefusedForItWouldAcknowledgeWhatNobodyAcknowledged() {
    assertThatThrownBy(
            () ->
                provider.configure(
                    Map.of("kafka-share.consumer.share.acknowledgement.mode", "implicit")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka-share.consumer.share.acknowledgement.mode")
        .hasMessageContaining("expected explicit");
  }

  @Test
  void theLeaseIsAtLeastOneSecond() {
    assertThatThrownBy(() -> provider.configure(Map.of("kafka-share.leaseTimeout", "500ms")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("kafka-share.leaseTimeout");
    assertThat(settings(Map.of()).lease).isEqualTo(Duration.ofSeconds(30));
  }
}
