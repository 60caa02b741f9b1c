package io.mqbench.kafka;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import io.mqbench.mq.QueueNames;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The configuration keys of the {@code kafka} backend, and the native client properties one
 * configuration stands for. Properties given under the pass-through prefixes are applied last, so
 * they win over everything this class derives.
 */
final class KafkaSettings {
  /** Where the cluster is; unset means the runner starts a local single-node broker. */
  static final ConfigKey<String> BOOTSTRAP_SERVERS =
      ConfigKey.string(
          "kafka.bootstrapServers",
          null,
          "brokers as host:port[,host:port...]; unset: a local single-node broker is started");

  /** The topic senders write and receivers read; created if missing. */
  static final ConfigKey<String> TOPIC =
      ConfigKey.matching(
          "kafka.topic",
          "mqbench",
          Pattern.compile("(?!\\.{1,2}$)[a-zA-Z0-9._-]{1,249}"),
          "a Kafka topic name: 1 to 249 of a-z A-Z 0-9 . _ -, not . or ..",
          "topic to send to and receive from; created if missing");

  /** Partitions of the topic when this backend creates it; receivers beyond it stay idle. */
  static final ConfigKey<Integer> PARTITIONS =
      ConfigKey.integer(
          "kafka.partitions",
          8,
          1,
          100_000,
          "partitions",
          "partitions of the topic when this backend creates it; receivers beyond it stay idle");

  /** Replicas per partition when the topic is created; 0 takes the cluster's default. */
  static final ConfigKey<Integer> REPLICATION_FACTOR =
      ConfigKey.integer(
          "kafka.replicationFactor",
          0,
          0,
          Short.MAX_VALUE,
          "replicas",
          "replicas per partition when the topic is created; 0: the cluster's default.replication.factor");

  /** The created topic's {@code min.insync.replicas}; 0 takes the cluster's default. */
  static final ConfigKey<Integer> MIN_INSYNC_REPLICAS =
      ConfigKey.integer(
          "kafka.minInsyncReplicas",
          0,
          0,
          Short.MAX_VALUE,
          "replicas",
          "min.insync.replicas of the topic when created; 0: the cluster's default");

  /**
   * The topic's {@code flush.messages}: the broker fsyncs a partition's log once this many messages
   * were appended unflushed (on the leader and on each follower, before it fetches further), so 1
   * means every append is on disk before the broker acknowledges it or a follower confirms it.
   */
  static final ConfigKey<Integer> FLUSH_MESSAGES =
      ConfigKey.integer(
          "kafka.flushMessages",
          0,
          0,
          Integer.MAX_VALUE,
          "messages",
          "the topic's flush.messages, set on it whether created or existing: 1 fsyncs every append"
              + " on every replica before it is acknowledged; 0 removes a per-topic setting, leaving"
              + " the broker's log.flush.interval.messages (by default: the OS page cache decides)");

  /** Producer {@code acks}: {@code all} (with the idempotent producer), {@code 1} or {@code 0}. */
  static final ConfigKey<Acks> ACKS =
      ConfigKey.enumeration(
          "kafka.acks",
          Acks.class,
          Acks.ALL,
          "producer acks: all = every in-sync replica has the message (idempotent producer); 1 ="
              + " the partition leader has it; 0 = nothing is waited for");

  /** Producer {@code linger.ms}. */
  static final ConfigKey<Duration> LINGER =
      ConfigKey.duration(
          "kafka.linger",
          Duration.ofMillis(5),
          Duration.ZERO,
          Duration.ofSeconds(60),
          "linger.ms must leave room in delivery.timeout.ms",
          "producer linger.ms: how long records of a batch wait to fill producer batches"
              + " before send() flushes them");

  /** Producer {@code batch.size}, in bytes. */
  static final ConfigKey<Integer> BATCH_SIZE =
      ConfigKey.integer(
          "kafka.batchSize",
          65_536,
          0,
          Integer.MAX_VALUE,
          "bytes",
          "producer batch.size: the largest batch of records per partition in one request");

  /**
   * Producer {@code max.request.size} and the created topic's {@code max.message.bytes}; bounds the
   * declared largest message.
   */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "kafka.maxMessageBytes",
          2 * 1024 * 1024,
          1024,
          Integer.MAX_VALUE,
          "bytes",
          "largest record batch: producer max.request.size and the created topic's max.message.bytes");

  /** How often acknowledged offsets are committed; 0 commits on every ack. */
  static final ConfigKey<Duration> COMMIT_INTERVAL =
      ConfigKey.duration(
          "kafka.commitInterval",
          Duration.ofSeconds(1),
          Duration.ZERO,
          Duration.ofMinutes(5),
          "offsets of acknowledged messages must be committed before a receiver's lease ends",
          "how often acknowledged offsets are committed; 0 commits on every ack");

  /** The receivers' consumer group; default {@code mqbench-<topic>}. */
  static final ConfigKey<String> GROUP_ID =
      ConfigKey.matching(
          "kafka.groupId",
          null,
          Pattern.compile("\\S.*"),
          "a non-blank group id",
          "consumer group of the receivers; default mqbench-<topic>");

  /**
   * The broker's default {@code group.min.session.timeout.ms}: a consumer asking for less is
   * refused when it joins its group, mid-run.
   */
  static final Duration MIN_SESSION_TIMEOUT = Duration.ofSeconds(6);

  /** The broker's default {@code group.max.session.timeout.ms}. */
  static final Duration MAX_SESSION_TIMEOUT = Duration.ofMinutes(30);

  /** Consumer {@code session.timeout.ms}: a dead receiver's partitions move after it. */
  static final ConfigKey<Duration> SESSION_TIMEOUT =
      ConfigKey.duration(
          "kafka.sessionTimeout",
          Duration.ofSeconds(10),
          MIN_SESSION_TIMEOUT,
          MAX_SESSION_TIMEOUT,
          "the broker's default group.min.session.timeout.ms and group.max.session.timeout.ms",
          "consumer session.timeout.ms: a receiver whose process died loses its partitions after it");

  /**
   * Consumer {@code max.poll.interval.ms}: a receiver that stops calling receive loses its
   * partitions after it.
   */
  static final ConfigKey<Duration> LEASE_TIMEOUT =
      ConfigKey.duration(
          "kafka.leaseTimeout",
          Duration.ofMinutes(5),
          Duration.ofSeconds(1),
          Duration.ofMillis(Integer.MAX_VALUE),
          "max.poll.interval.ms, a 32-bit count of milliseconds",
          "consumer max.poll.interval.ms: a receiver that stops calling receive loses its"
              + " partitions (and its unacknowledged messages) after it");

  /** How long {@code open} waits for the cluster before failing with the address. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "kafka.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(5),
          "",
          "how long open() waits for the cluster before failing");

  /** Heap of the local broker started when no address is given. */
  static final ConfigKey<Integer> LOCAL_BROKER_HEAP =
      ConfigKey.integer(
          "kafka.localBrokerHeapMb",
          512,
          128,
          1 << 20,
          "MiB",
          "heap of the local broker started when kafka.bootstrapServers is unset");

  /**
   * Nodes of the local broker started when no address is given: 1, or a KRaft cluster of several
   * (three or more replicate topics three ways with min.insync.replicas=2), for faults on one node.
   */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          "kafka.localBrokerNodes",
          1,
          1,
          9,
          "nodes",
          "nodes of the local broker started when kafka.bootstrapServers is unset; 3 or more:"
              + " topics replicated 3 ways, min.insync.replicas=2 (for --fault ...:leader)");

  /**
   * The keys of the sending side: the cluster, the topic and the producer. The {@code kafka-share}
   * backend offers them too, first and in this order (see {@link KafkaShareSettings#KEYS}).
   */
  static final List<ConfigKey<?>> SENDING_KEYS =
      List.of(
          BOOTSTRAP_SERVERS,
          TOPIC,
          PARTITIONS,
          REPLICATION_FACTOR,
          MIN_INSYNC_REPLICAS,
          FLUSH_MESSAGES,
          ACKS,
          LINGER,
          BATCH_SIZE,
          MAX_MESSAGE_BYTES);

  /** Every key of the backend, as {@code --help} lists them. */
  static final List<ConfigKey<?>> KEYS =
      Stream.concat(
              SENDING_KEYS.stream(),
              Stream.of(
                  COMMIT_INTERVAL,
                  GROUP_ID,
                  SESSION_TIMEOUT,
                  LEASE_TIMEOUT,
                  CONNECT_TIMEOUT,
                  LOCAL_BROKER_HEAP,
                  LOCAL_BROKER_NODES))
          .toList();

  /** The bootstrap address of the cluster in {@code docker/kafka.yml}, as the README gives it. */
  static final String COMPOSE_BOOTSTRAP = "127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094";

  /** Native producer properties, passed through unchanged: {@code kafka.producer.linger.ms=0}. */
  static final String PRODUCER_PREFIX = "kafka.producer.";

  /** Native consumer properties: {@code kafka.consumer.fetch.min.bytes=65536}. */
  static final String CONSUMER_PREFIX = "kafka.consumer.";

  /** Native admin client properties (topic creation, checks): {@code kafka.admin.client.id=x}. */
  static final String ADMIN_PREFIX = "kafka.admin.";

  final MqConfig config;
  final String bootstrap;
  final String topic;
  final String groupId;
  final Duration commitInterval;
  final Duration connectTimeout;

  /**
   * The backend whose keys the user gave, for messages: {@code kafka}, or {@code kafka-share},
   * whose keys stand for this backend's under its own prefix (see {@link KafkaShareSettings}).
   */
  final String shownAs;

  KafkaSettings(MqConfig config) {
    this(config, "kafka");
  }

  /**
   * @param config a configuration of the {@code kafka} backend
   * @param shownAs the backend whose keys messages name: {@code kafka-share} for a configuration
   *     translated from that backend's
   */
  KafkaSettings(MqConfig config, String shownAs) {
    this.config = config;
    this.shownAs = shownAs;
    this.bootstrap =
        config
            .find(BOOTSTRAP_SERVERS)
            .orElseThrow(
                () ->
                    new MqException(
                        "no Kafka cluster given: set "
                            + shown(BOOTSTRAP_SERVERS)
                            + " (for the compose"
                            + " cluster: docker compose -f docker/kafka.yml up -d, then"
                            + " -p "
                            + shown(BOOTSTRAP_SERVERS)
                            + "="
                            + COMPOSE_BOOTSTRAP
                            + ")"));
    this.topic = config.get(TOPIC);
    this.groupId = config.find(GROUP_ID).orElse("mqbench-" + topic);
    this.commitInterval = config.get(COMMIT_INTERVAL);
    this.connectTimeout = config.get(CONNECT_TIMEOUT);
  }

  /** The longest topic name Kafka accepts. */
  static final int MAX_TOPIC_LENGTH = 249;

  /**
   * The consumer group of one subscription of a publish/subscribe open: each subscription is a
   * group of its own, which reads every message of the topic with offsets of its own.
   *
   * @param groupId the configured group ({@code kafka.groupId} or its default)
   * @param subscription from 0
   * @return {@code <groupId>-s<subscription>}
   */
  static String subscriptionGroup(String groupId, int subscription) {
    return groupId + "-s" + subscription;
  }

  /**
   * @param groupId another consumer group
   * @return these settings with receivers in that group
   */
  KafkaSettings withGroupId(String groupId) {
    return new KafkaSettings(config.with(GROUP_ID.name(), groupId), shownAs);
  }

  /** {@link QueueNames#suffixed}: the topic or group of one of a run's several queues. */
  static String suffixed(String base, String suffix, int maxLength) {
    return QueueNames.suffixed(base, suffix, maxLength);
  }

  /**
   * @param key a key of the {@code kafka} backend
   * @return its name as the user gave it: {@code kafka.acks}, or {@code kafka-share.acks}
   */
  String shown(ConfigKey<?> key) {
    return shown(key.name());
  }

  /**
   * @param name a key's or pass-through prefix's name in the {@code kafka} backend ({@code
   *     kafka.producer.})
   * @return that name under the backend the user configured
   */
  String shown(String name) {
    return shownAs + name.substring("kafka".length());
  }

  /** The producer's properties; see {@link KafkaClientConfigs#producer}. */
  Map<String, Object> producer(String clientId) {
    return KafkaClientConfigs.producer(this, clientId);
  }

  /** A consumer's properties; see {@link KafkaClientConfigs#consumer}. */
  Map<String, Object> consumer(String clientId, int maxPollRecords) {
    return KafkaClientConfigs.consumer(this, clientId, maxPollRecords);
  }

  /** request.timeout.ms of producers and consumers unless given (the clients' default: 30 s). */
  static final long REQUEST_TIMEOUT_MS = 10_000;

  /**
   * delivery.timeout.ms unless given (the client's default: 120 s): a record not acknowledged by
   * then fails its send. Longer than a leader election in a healthy cluster (a few seconds once the
   * controller fences a dead broker).
   */
  static final long DELIVERY_TIMEOUT_MS = 15_000;

  /** max.block.ms unless given (the client's default: 60 s): metadata and buffer waits. */
  static final long MAX_BLOCK_MS = 10_000;

  /** How long a receiver's close may wait for its last commit, and then for leaving its group. */
  static final Duration CLOSE_STEP = Duration.ofSeconds(2);

  /**
   * A receiver whose polls found nothing for this long checks that a broker still answers, so that
   * a dead cluster fails the run instead of looking like an empty topic.
   */
  static final Duration LIVENESS_AFTER = Duration.ofSeconds(2);

  /** Whether the user fixed max.poll.records; otherwise a receiver's first requested batch does. */
  Integer givenMaxPollRecords() {
    String v = config.passThrough(CONSUMER_PREFIX).get(ConsumerConfig.MAX_POLL_RECORDS_CONFIG);
    try {
      return v == null ? null : Integer.valueOf(v.trim());
    } catch (NumberFormatException e) {
      throw new ConfigException(
          CONSUMER_PREFIX
              + ConsumerConfig.MAX_POLL_RECORDS_CONFIG
              + ": invalid value '"
              + v
              + "': expected a whole number");
    }
  }

  /** The admin client's properties; see {@link KafkaClientConfigs#admin}. */
  Map<String, Object> admin() {
    return KafkaClientConfigs.admin(this);
  }
}
