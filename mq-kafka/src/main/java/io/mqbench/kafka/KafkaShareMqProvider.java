package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaShareSettings.*;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.broker.LocalBrokerDescriptor;
import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The {@code kafka-share} backend: Kafka as a queue through a share group (KIP-932, Kafka 4.2+).
 * Senders are the {@code kafka} backend's (a topic written by idempotent producers, {@code
 * acks=all}); receivers are members of one share group, which hands each record to one member at a
 * time under an acquisition lock and takes acknowledgements of single records, so any number of
 * receivers share any number of partitions. The local broker is the {@code kafka} backend's, whose
 * storage is formatted with share groups enabled; with {@code kafka-share.localBrokerNodes} it is a
 * cluster of such nodes, as for {@code kafka}.
 */
public final class KafkaShareMqProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  /**
   * The local broker: the {@code kafka} backend's ({@link KafkaMqProvider#LOCAL_BROKER}), filling
   * in this backend's address key and taking its heap from this backend's key.
   *
   * <p>The durability found is as for {@code kafka}: the producer's acks in force and the topic's
   * flush.messages.
   */
  public static final LocalBrokerDescriptor LOCAL_BROKER =
      new LocalBrokerDescriptor(
          "local Kafka broker",
          KafkaMqProvider.LOCAL_BROKER.distribution(),
          KafkaMqProvider.LOCAL_BROKER.mainClass(),
          KafkaMqProvider.LOCAL_BROKER.ports(),
          BOOTSTRAP_SERVERS,
          "",
          LOCAL_BROKER_HEAP,
          LocalBrokerDescriptor.NO_SETTINGS,
          KafkaMqProvider::everyBrokerRegistered,
          "single-node Kafka {version} (KRaft, share groups enabled) on {address}");

  /** As the {@code kafka} backend's levels, under this backend's keys. */
  private static final DurabilityTable LEVELS =
      KafkaDeclaredDurability.levels(NAME, ACKS, FLUSH_MESSAGES, PRODUCER_PREFIX);

  /** Native properties are checked when configuring, before anything connects. */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              NAME,
              KEYS,
              "Kafka share group (KIP-932): per-message acknowledgement under an acquisition lock,"
                  + " any number of receivers per partition; acks=all, idempotent producer")
          .passThrough(PRODUCER_PREFIX, CONSUMER_PREFIX, ADMIN_PREFIX, GROUP_PREFIX)
          .levels(LEVELS)
          .lease(KafkaShareSettings.LEASE_TIMEOUT)
          .durabilityFoundBy(
              (config, declared) ->
                  KafkaDurability.found(new KafkaSettings(KafkaShareSettings.kafka(config), NAME)))
          .brokerAt(
              KafkaProviders.addressing(BOOTSTRAP_SERVERS),
              config ->
                  Optional.of(
                      KafkaMqProvider.localCluster(
                          LOCAL_BROKER,
                          config.get(LOCAL_BROKER_NODES),
                          "KRaft, share groups enabled")))
          .checkedBy(KafkaShareMqProvider::checkNativeProperties);

  /** The backend as the runner loads it. */
  public KafkaShareMqProvider() {
    super(FACTS);
  }

  /**
   * Rejects native properties that the clients, a share consumer or a share group do not know, or
   * whose values they would refuse, before anything connects; each message names the key.
   */
  static void checkNativeProperties(MqConfig config) {
    KafkaClientProperties.check(config, PRODUCER_PREFIX, ProducerConfig.configNames());
    KafkaClientProperties.check(config, ADMIN_PREFIX, AdminClientConfig.configNames());
    Set<String> consumerNames = new HashSet<>(ConsumerConfig.configNames());
    for (String name : config.passThrough(CONSUMER_PREFIX).keySet()) {
      String instead = UNSUPPORTED_CONSUMER_PROPERTIES.get(name);
      if (instead != null) {
        throw new ConfigException(
            CONSUMER_PREFIX + name + ": a share consumer does not take it (" + instead + ")");
      }
    }
    KafkaClientProperties.check(config, CONSUMER_PREFIX, consumerNames);
    KafkaClientProperties.check(config, GROUP_PREFIX, Set.copyOf(SHARE_GROUP_CONFIGS));
    if (config.passThrough(GROUP_PREFIX).containsKey("share.record.lock.duration.ms")) {
      throw new ConfigException(
          GROUP_PREFIX
              + "share.record.lock.duration.ms: set "
              + LEASE_TIMEOUT.name()
              + " instead (it is the lock, and the receivers' max.poll.interval.ms too)");
    }
    config
        .find(BOOTSTRAP_SERVERS)
        .ifPresent(b -> KafkaClientProperties.checkBootstrap(b, BOOTSTRAP_SERVERS.name()));
    KafkaShareSettings s =
        new KafkaShareSettings(KafkaProviders.withProbeAddress(config, BOOTSTRAP_SERVERS));
    ProducerConfig producer;
    try {
      producer = new ProducerConfig(s.kafka.producer("probe"));
      Map<String, Object> consumer = s.consumer("probe");
      // ConsumerConfig checks every property but refuses the share consumer's own two (its
      // subclass for share consumers is not public): those are checked here.
      checkChoice(consumer, ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
      consumer.putIfAbsent(ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "batch_optimized");
      checkChoice(
          consumer, ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "batch_optimized", "record_limit");
      new ConsumerConfig(consumer);
      new AdminClientConfig(s.kafka.admin());
    } catch (org.apache.kafka.common.config.ConfigException | NumberFormatException e) {
      throw new ConfigException("invalid Kafka client property: " + e.getMessage());
    }
    KafkaClientProperties.checkProducerRules(producer, s.kafka);
  }

  /**
   * Removes a share consumer property from {@code consumer}, refusing a value outside {@code
   * allowed}.
   */
  private static void checkChoice(Map<String, Object> consumer, String name, String... allowed) {
    String value = String.valueOf(consumer.remove(name)).trim();
    if (!List.of(allowed).contains(value)) {
      throw new ConfigException(
          CONSUMER_PREFIX
              + name
              + ": invalid value '"
              + value
              + "': expected "
              + String.join(" or ", allowed)
              + (name.equals(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG)
                  ? " (receivers acknowledge each message they were given, and only those)"
                  : ""));
    }
  }

  /** Kafka's partitions have leaders; a share partition's state is led by a broker too. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /**
   * The broker leading most of the topic's partitions now, as for {@code kafka}: what {@code
   * --fault ...:leader} kills on a local cluster ({@code kafka-share.localBrokerNodes=3}).
   */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    return new KafkaMqProvider().leaderAddress(KafkaShareSettings.kafka(config));
  }

  /**
   * What an acknowledged send promises: the {@code kafka} backend's, for the same producer and
   * topic settings.
   */
  @Override
  public Durability durability(MqConfig config) {
    return KafkaDeclaredDurability.of(KafkaShareSettings.kafka(config), NAME);
  }

  /**
   * The producer's effective acks, as for {@code kafka}, and a group that would not start at the
   * earliest offset.
   */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w =
        new ArrayList<>(
            KafkaDeclaredDurability.producerWarnings(KafkaShareSettings.kafka(config), NAME));
    KafkaProviders.offsetResetWarning(
            GROUP_PREFIX + "share.auto.offset.reset",
            config.passThrough(GROUP_PREFIX).get("share.auto.offset.reset"),
            "share group skips what was sent before it first read")
        .ifPresent(w::add);
    return w;
  }

  /**
   * Share groups, each reading every record of the topic and sharing it among its own receivers:
   * one per subscription, {@code <kafka-share.groupId>-s<i>}, each configured at open as the one
   * group is; one subscription is {@link #open(MqConfig)}, the configured group itself.
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    checkNativeProperties(config);
    return KafkaShareMq.open(new KafkaShareSettings(config), subscriptions);
  }

  /**
   * The topic and the share group with the suffix, as for {@code kafka}: a topic of its own read by
   * a group of its own.
   */
  @Override
  public Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    return KafkaProviders.keysForQueue(config, suffix, TOPIC, GROUP_ID, "mqbench-share-");
  }

  /** As the {@code kafka} backend's limits, for the same producer and topic settings. */
  @Override
  public MqLimits limits(MqConfig config) {
    return KafkaMqProvider.limits(
        new KafkaSettings(
            KafkaShareSettings.kafka(KafkaProviders.withProbeAddress(config, BOOTSTRAP_SERVERS)),
            NAME));
  }
}
