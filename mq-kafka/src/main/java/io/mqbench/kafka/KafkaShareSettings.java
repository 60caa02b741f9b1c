package io.mqbench.kafka;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The configuration keys of the {@code kafka-share} backend, and what they stand for: the topic,
 * producer and admin keys are the {@code kafka} backend's under this backend's prefix ({@code
 * kafka-share.acks} is {@code kafka.acks}) and are handed to it translated ({@link #kafka()}), so
 * that topics are created and messages sent exactly as there; the receiving side is a share group's
 * ({@link #consumer}, {@link #groupConfigs()}).
 */
final class KafkaShareSettings {
  /** The backend's name, and the prefix of its keys. */
  static final String NAME = "kafka-share";

  /**
   * This backend's keys that are the {@code kafka} backend's, each with that one: filled as the
   * keys below are made, by {@link #same} and {@link #standsFor}.
   */
  private static final Map<ConfigKey<?>, ConfigKey<?>> AS_KAFKA = new LinkedHashMap<>();

  /** Where the cluster is; unset means the runner starts a local single-node broker. */
  static final ConfigKey<String> BOOTSTRAP_SERVERS = same(KafkaSettings.BOOTSTRAP_SERVERS);

  /**
   * The topic senders write and receivers read; created if missing. Not the {@code kafka} backend's
   * default topic, so that the two never read each other's messages.
   */
  static final ConfigKey<String> TOPIC =
      standsFor(
          KafkaSettings.TOPIC,
          ConfigKey.matching(
              NAME + ".topic",
              "mqbench-share",
              Pattern.compile("(?!\\.{1,2}$)[a-zA-Z0-9._-]{1,249}"),
              "a Kafka topic name: 1 to 249 of a-z A-Z 0-9 . _ -, not . or ..",
              "topic to send to and receive from; created if missing"));

  /** Partitions of the topic when this backend creates it; any number of receivers share them. */
  static final ConfigKey<Integer> PARTITIONS =
      standsFor(
          KafkaSettings.PARTITIONS,
          ConfigKey.integer(
              NAME + ".partitions",
              8,
              1,
              100_000,
              "partitions",
              "partitions of the topic when this backend creates it; a share group's receivers"
                  + " share them, however many there are"));

  /** Replicas per partition when the topic is created; 0 takes the cluster's default. */
  static final ConfigKey<Integer> REPLICATION_FACTOR = same(KafkaSettings.REPLICATION_FACTOR);

  /** The created topic's {@code min.insync.replicas}; 0 takes the cluster's default. */
  static final ConfigKey<Integer> MIN_INSYNC_REPLICAS = same(KafkaSettings.MIN_INSYNC_REPLICAS);

  /** The topic's {@code flush.messages}, as {@code kafka.flushMessages}. */
  static final ConfigKey<Integer> FLUSH_MESSAGES = same(KafkaSettings.FLUSH_MESSAGES);

  /** Producer {@code acks}, as {@code kafka.acks}. */
  static final ConfigKey<Acks> ACKS = same(KafkaSettings.ACKS);

  /** Producer {@code linger.ms}, as {@code kafka.linger}. */
  static final ConfigKey<Duration> LINGER = same(KafkaSettings.LINGER);

  /** Producer {@code batch.size}, as {@code kafka.batchSize}. */
  static final ConfigKey<Integer> BATCH_SIZE = same(KafkaSettings.BATCH_SIZE);

  /** Producer {@code max.request.size} and the topic's {@code max.message.bytes}. */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES = same(KafkaSettings.MAX_MESSAGE_BYTES);

  /** The receivers' share group; default {@code mqbench-share-<topic>}. */
  static final ConfigKey<String> GROUP_ID =
      ConfigKey.matching(
          NAME + ".groupId",
          null,
          Pattern.compile("\\S.*"),
          "a non-blank group id",
          "share group of the receivers; default mqbench-share-<topic> (a group id names one kind"
              + " of group: not a consumer group's)");

  /**
   * The lease: the share group's record acquisition lock ({@code share.record.lock.duration.ms},
   * set on the group when the backend opens) and the consumer's {@code max.poll.interval.ms}.
   */
  static final ConfigKey<Duration> LEASE_TIMEOUT =
      ConfigKey.duration(
          NAME + ".leaseTimeout",
          Duration.ofSeconds(30),
          Duration.ofSeconds(1),
          Duration.ofMillis(Integer.MAX_VALUE),
          "the broker bounds it by group.share.min.record.lock.duration.ms and"
              + " group.share.max.record.lock.duration.ms, 15 s to 60 s by default",
          "the share group's record acquisition lock (group config share.record.lock.duration.ms):"
              + " an unacknowledged message goes back to the group after it; also the consumer's"
              + " max.poll.interval.ms, after which a receiver that stopped calling receive leaves"
              + " the group");

  /** Whether {@code ack} waits for the broker's answer. */
  static final ConfigKey<Boolean> SYNC_ACKS =
      ConfigKey.bool(
          NAME + ".syncAcks",
          false,
          "true: ack returns once the broker recorded the acknowledgements (commitSync, a round"
              + " trip per ack); false: ack sends them and returns (commitAsync)");

  /** How long {@code open} waits for the cluster before failing with the address. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT = same(KafkaSettings.CONNECT_TIMEOUT);

  /** Heap of the local broker started when no address is given. */
  static final ConfigKey<Integer> LOCAL_BROKER_HEAP = same(KafkaSettings.LOCAL_BROKER_HEAP);

  /**
   * Nodes of the local broker, as {@code kafka.localBrokerNodes}: three or more make a KRaft
   * cluster whose topics, and the share groups' state topic, are replicated three ways.
   */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES = same(KafkaSettings.LOCAL_BROKER_NODES);

  /**
   * Every key of the backend, as {@code --help} lists them: the {@code kafka} backend's sending
   * keys in its order, then the share group's.
   */
  static final List<ConfigKey<?>> KEYS =
      Stream.concat(
              KafkaSettings.SENDING_KEYS.stream().map(KafkaShareSettings::standingFor),
              Stream.of(
                  GROUP_ID,
                  LEASE_TIMEOUT,
                  SYNC_ACKS,
                  CONNECT_TIMEOUT,
                  LOCAL_BROKER_HEAP,
                  LOCAL_BROKER_NODES))
          .toList();

  /** Native producer properties: {@code kafka-share.producer.linger.ms=0}. */
  static final String PRODUCER_PREFIX = NAME + ".producer.";

  /** Native share consumer properties: {@code kafka-share.consumer.fetch.max.wait.ms=100}. */
  static final String CONSUMER_PREFIX = NAME + ".consumer.";

  /** Native admin client properties: {@code kafka-share.admin.client.id=x}. */
  static final String ADMIN_PREFIX = NAME + ".admin.";

  /**
   * The share group's own configuration, set on the group when the backend opens: {@code
   * kafka-share.group.share.session.timeout.ms=10000}.
   */
  static final String GROUP_PREFIX = NAME + ".group.";

  /** The group configurations a share group has (Kafka 4.3's {@code GroupConfig}). */
  static final List<String> SHARE_GROUP_CONFIGS =
      List.of(
          "share.session.timeout.ms",
          "share.heartbeat.interval.ms",
          "share.record.lock.duration.ms",
          "share.delivery.count.limit",
          "share.partition.max.record.locks",
          "share.auto.offset.reset",
          "share.isolation.level",
          "share.renew.acknowledge.enable",
          "share.assignment.interval.ms",
          "share.assignor.offload.enable");

  /**
   * Consumer properties a share consumer refuses (Kafka's {@code ShareConsumerConfig}), each with
   * what stands for it here.
   */
  static final Map<String, String> UNSUPPORTED_CONSUMER_PROPERTIES =
      Map.of(
          "auto.offset.reset", "the backend sets the group's share.auto.offset.reset=earliest",
          "enable.auto.commit", "receivers acknowledge each message explicitly",
          "group.instance.id", "share groups have no static members",
          "group.protocol", "share groups have a protocol of their own",
          "group.remote.assignor", "set the group's share assignor on the broker",
          "heartbeat.interval.ms", "use " + GROUP_PREFIX + "share.heartbeat.interval.ms",
          "interceptor.classes", "share consumers take no interceptors",
          "isolation.level", "use " + GROUP_PREFIX + "share.isolation.level",
          "partition.assignment.strategy", "the share group's assignor assigns partitions",
          "session.timeout.ms", "use " + GROUP_PREFIX + "share.session.timeout.ms");

  final MqConfig config;
  final KafkaSettings kafka;
  final String groupId;
  final Duration lease;
  final boolean syncAcks;

  /**
   * @param config a validated configuration of the {@code kafka-share} backend, with an address
   * @throws io.mqbench.mq.MqException if it names no cluster
   */
  KafkaShareSettings(MqConfig config) {
    this.config = config;
    this.kafka = new KafkaSettings(kafka(config), NAME);
    this.groupId = config.find(GROUP_ID).orElse("mqbench-share-" + kafka.topic);
    this.lease = config.get(LEASE_TIMEOUT);
    this.syncAcks = config.get(SYNC_ACKS);
  }

  /**
   * @param groupId another share group
   * @return these settings with receivers in that group
   */
  KafkaShareSettings withGroupId(String groupId) {
    return new KafkaShareSettings(config.with(GROUP_ID.name(), groupId));
  }

  /** A {@code kafka} key under this backend's prefix, standing for it. */
  private static <T> ConfigKey<T> same(ConfigKey<T> kafkaKey) {
    return standsFor(
        kafkaKey, kafkaKey.renamed(NAME + kafkaKey.name().substring("kafka".length())));
  }

  /** Records that a key of this backend stands for a {@code kafka} key, and returns it. */
  private static <T> ConfigKey<T> standsFor(ConfigKey<T> kafkaKey, ConfigKey<T> key) {
    AS_KAFKA.put(key, kafkaKey);
    return key;
  }

  /** This backend's key that stands for a {@code kafka} key. */
  private static ConfigKey<?> standingFor(ConfigKey<?> kafkaKey) {
    return AS_KAFKA.entrySet().stream()
        .filter(e -> e.getValue() == kafkaKey)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow();
  }

  /**
   * The {@code kafka} backend's configuration this one stands for on the sending side: the shared
   * keys' values (given or default) under their {@code kafka} names, and the producer and admin
   * pass-through properties.
   *
   * @param config a configuration of this backend
   * @return the same settings as a configuration of the {@code kafka} backend
   */
  static MqConfig kafka(MqConfig config) {
    Map<String, String> raw = new HashMap<>();
    AS_KAFKA.forEach((share, kafka) -> copy(config, share, kafka, raw));
    config
        .passThrough(PRODUCER_PREFIX)
        .forEach((k, v) -> raw.put(KafkaSettings.PRODUCER_PREFIX + k, v));
    config.passThrough(ADMIN_PREFIX).forEach((k, v) -> raw.put(KafkaSettings.ADMIN_PREFIX + k, v));
    return MqConfig.of(
        "kafka",
        KafkaSettings.KEYS,
        List.of(
            KafkaSettings.PRODUCER_PREFIX,
            KafkaSettings.CONSUMER_PREFIX,
            KafkaSettings.ADMIN_PREFIX),
        raw);
  }

  @SuppressWarnings("unchecked")
  private static <T> void copy(
      MqConfig config, ConfigKey<T> share, ConfigKey<?> kafka, Map<String, String> raw) {
    config.find(share).ifPresent(v -> raw.put(kafka.name(), ((ConfigKey<T>) kafka).format(v)));
  }

  /**
   * The properties of one receiver's share consumer: explicit acknowledgement, the lease as {@code
   * max.poll.interval.ms}, the {@code kafka} backend's request timeouts; how much a poll acquires
   * is the client's default ({@code max.poll.records} 500, {@code share.acquire.mode}
   * batch_optimized) unless given; pass-through properties last.
   */
  Map<String, Object> consumer(String clientId) {
    Map<String, Object> c = new HashMap<>();
    c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap);
    c.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    c.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
    // Each record is acknowledged on its own, with ACCEPT or RELEASE (KafkaShareReceiver).
    c.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit");
    c.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int) lease.toMillis());
    c.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) KafkaSettings.REQUEST_TIMEOUT_MS);
    c.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) KafkaSettings.REQUEST_TIMEOUT_MS);
    c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    c.putAll(config.passThrough(CONSUMER_PREFIX));
    return c;
  }

  /**
   * The share group's configuration, set when the backend opens: it starts at the earliest offset
   * (messages sent before the first receiver joined are part of the queue), its lock is the lease,
   * and {@code kafka-share.group.*} properties come last.
   */
  Map<String, String> groupConfigs() {
    Map<String, String> g = new LinkedHashMap<>();
    g.put("share.auto.offset.reset", "earliest");
    g.put("share.record.lock.duration.ms", String.valueOf(lease.toMillis()));
    g.putAll(config.passThrough(GROUP_PREFIX));
    return g;
  }
}
