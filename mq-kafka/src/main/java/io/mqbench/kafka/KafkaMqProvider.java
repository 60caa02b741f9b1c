package io.mqbench.kafka;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.config.Suggestions;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProvider;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The {@code kafka} backend: a topic written by idempotent producers and read by a consumer group
 * whose offsets are committed only up to what receivers acknowledged.
 */
public final class KafkaMqProvider implements MqProvider {
  /** Where the cluster is; unset means the runner starts a local single-node broker. */
  public static final ConfigKey<String> BOOTSTRAP_SERVERS =
      ConfigKey.string(
          "kafka.bootstrapServers",
          null,
          "brokers as host:port[,host:port...]; unset: a local single-node broker is started");

  /** The topic senders write and receivers read; created if missing. */
  public static final ConfigKey<String> TOPIC =
      ConfigKey.matching(
          "kafka.topic",
          "mqbench",
          java.util.regex.Pattern.compile("(?!\\.{1,2}$)[a-zA-Z0-9._-]{1,249}"),
          "a Kafka topic name: 1 to 249 of a-z A-Z 0-9 . _ -, not . or ..",
          "topic to send to and receive from; created if missing");

  /** Partitions of the topic when this backend creates it; receivers beyond it stay idle. */
  public static final ConfigKey<Integer> PARTITIONS =
      ConfigKey.integer(
          "kafka.partitions",
          8,
          1,
          100_000,
          "partitions",
          "partitions of the topic when this backend creates it; receivers beyond it stay idle");

  /** Replicas per partition when the topic is created; 0 takes the cluster's default. */
  public static final ConfigKey<Integer> REPLICATION_FACTOR =
      ConfigKey.integer(
          "kafka.replicationFactor",
          0,
          0,
          Short.MAX_VALUE,
          "replicas",
          "replicas per partition when the topic is created; 0: the cluster's default.replication.factor");

  /** The created topic's {@code min.insync.replicas}; 0 takes the cluster's default. */
  public static final ConfigKey<Integer> MIN_INSYNC_REPLICAS =
      ConfigKey.integer(
          "kafka.minInsyncReplicas",
          0,
          0,
          Short.MAX_VALUE,
          "replicas",
          "min.insync.replicas of the topic when created; 0: the cluster's default");

  /** Producer {@code acks}: {@code all} (with the idempotent producer), {@code 1} or {@code 0}. */
  public static final ConfigKey<String> ACKS =
      ConfigKey.choice(
          "kafka.acks",
          "all",
          List.of("all", "1", "0"),
          "producer acks: all = every in-sync replica has the message (idempotent producer)");

  /** Producer {@code linger.ms}. */
  public static final ConfigKey<Duration> LINGER =
      ConfigKey.duration(
          "kafka.linger",
          Duration.ofMillis(5),
          Duration.ZERO,
          Duration.ofSeconds(60),
          "linger.ms must leave room in delivery.timeout.ms",
          "producer linger.ms: how long records of a batch wait to fill producer batches"
              + " before send() flushes them");

  /** Producer {@code batch.size}, in bytes. */
  public static final ConfigKey<Integer> BATCH_SIZE =
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
  public static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "kafka.maxMessageBytes",
          2 * 1024 * 1024,
          1024,
          Integer.MAX_VALUE,
          "bytes",
          "largest record batch: producer max.request.size and the created topic's max.message.bytes");

  /** How often acknowledged offsets are committed; 0 commits on every ack. */
  public static final ConfigKey<Duration> COMMIT_INTERVAL =
      ConfigKey.duration(
          "kafka.commitInterval",
          Duration.ofSeconds(1),
          Duration.ZERO,
          Duration.ofMinutes(5),
          "offsets of acknowledged messages must be committed before a receiver's lease ends",
          "how often acknowledged offsets are committed; 0 commits on every ack");

  /** The receivers' consumer group; default {@code mqbench-<topic>}. */
  public static final ConfigKey<String> GROUP_ID =
      ConfigKey.matching(
          "kafka.groupId",
          null,
          java.util.regex.Pattern.compile("\\S.*"),
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
  public static final ConfigKey<Duration> SESSION_TIMEOUT =
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
  public static final ConfigKey<Duration> LEASE_TIMEOUT =
      ConfigKey.duration(
          "kafka.leaseTimeout",
          Duration.ofMinutes(5),
          Duration.ofSeconds(1),
          Duration.ofMillis(Integer.MAX_VALUE),
          "max.poll.interval.ms, a 32-bit count of milliseconds",
          "consumer max.poll.interval.ms: a receiver that stops calling receive loses its"
              + " partitions (and its unacknowledged messages) after it");

  /** How long {@code open} waits for the cluster before failing with the address. */
  public static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "kafka.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(5),
          "",
          "how long open() waits for the cluster before failing");

  /** Heap of the local broker started when no address is given. */
  public static final ConfigKey<Integer> LOCAL_BROKER_HEAP =
      ConfigKey.integer(
          "kafka.localBrokerHeapMb",
          512,
          128,
          1 << 20,
          "MiB",
          "heap of the local broker started when kafka.bootstrapServers is unset");

  /** The bootstrap address of the cluster in {@code docker/kafka.yml}, as the README gives it. */
  public static final String COMPOSE_BOOTSTRAP = "127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094";

  /** Native producer properties, passed through unchanged: {@code kafka.producer.linger.ms=0}. */
  public static final String PRODUCER_PREFIX = "kafka.producer.";

  /** Native consumer properties: {@code kafka.consumer.fetch.min.bytes=65536}. */
  public static final String CONSUMER_PREFIX = "kafka.consumer.";

  /** Native admin client properties (topic creation, checks): {@code kafka.admin.client.id=x}. */
  public static final String ADMIN_PREFIX = "kafka.admin.";

  @Override
  public String name() {
    return "kafka";
  }

  @Override
  public String description() {
    return "Kafka topic, consumer group with committed acknowledgements; acks=all, idempotent"
        + " producer";
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return List.of(
        BOOTSTRAP_SERVERS,
        TOPIC,
        PARTITIONS,
        REPLICATION_FACTOR,
        MIN_INSYNC_REPLICAS,
        ACKS,
        LINGER,
        BATCH_SIZE,
        MAX_MESSAGE_BYTES,
        COMMIT_INTERVAL,
        GROUP_ID,
        SESSION_TIMEOUT,
        LEASE_TIMEOUT,
        CONNECT_TIMEOUT,
        LOCAL_BROKER_HEAP);
  }

  @Override
  public List<String> passThroughPrefixes() {
    return List.of(PRODUCER_PREFIX, CONSUMER_PREFIX, ADMIN_PREFIX);
  }

  @Override
  public MqConfig configure(Map<String, String> raw) {
    MqConfig config = MqProvider.super.configure(raw);
    checkNativeProperties(config);
    return config;
  }

  /**
   * Rejects a pass-through property the Kafka client does not know, so that a typo such as {@code
   * kafka.producer.lingerr.ms} fails instead of being ignored with a log line nobody reads.
   */
  static void checkNativeProperties(MqConfig config) {
    check(config, PRODUCER_PREFIX, ProducerConfig.configNames());
    check(config, CONSUMER_PREFIX, ConsumerConfig.configNames());
    check(config, ADMIN_PREFIX, AdminClientConfig.configNames());
    // Values too: the clients' own config classes parse and range-check every property, so a bad
    // value fails here, naming the property, rather than when the first sender starts.
    MqConfig probe =
        config.find(BOOTSTRAP_SERVERS).isPresent()
            ? config
            : config.with(BOOTSTRAP_SERVERS.name(), "127.0.0.1:9092");
    config.find(BOOTSTRAP_SERVERS).ifPresent(KafkaMqProvider::checkBootstrap);
    KafkaSettings s = new KafkaSettings(probe);
    ProducerConfig producer;
    ConsumerConfig consumer;
    try {
      producer = new ProducerConfig(s.producer("probe"));
      Integer given = s.givenMaxPollRecords();
      consumer = new ConsumerConfig(s.consumer("probe", given == null ? 500 : given));
      new AdminClientConfig(s.admin());
    } catch (org.apache.kafka.common.config.ConfigException | NumberFormatException e) {
      throw new ConfigException("invalid Kafka client property: " + e.getMessage());
    }
    checkClientRules(producer, consumer);
  }

  /**
   * Rules the clients' config classes do not check but their constructors or the broker do, when a
   * sender or receiver starts: checked here so that they fail before anything connects.
   */
  private static void checkClientRules(ProducerConfig producer, ConsumerConfig consumer) {
    int session = consumer.getInt(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG);
    if (session < MIN_SESSION_TIMEOUT.toMillis() || session > MAX_SESSION_TIMEOUT.toMillis()) {
      throw new ConfigException(
          CONSUMER_PREFIX
              + ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG
              + ": invalid value '"
              + session
              + "': expected "
              + MIN_SESSION_TIMEOUT.toMillis()
              + " to "
              + MAX_SESSION_TIMEOUT.toMillis()
              + " (the broker's default group.min.session.timeout.ms and"
              + " group.max.session.timeout.ms)");
    }
    int heartbeat = consumer.getInt(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG);
    if (heartbeat >= session) {
      throw new ConfigException(
          CONSUMER_PREFIX
              + ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG
              + ": invalid value '"
              + heartbeat
              + "': must be lower than session.timeout.ms ("
              + session
              + ")");
    }
    long delivery = producer.getInt(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
    long linger = producer.getLong(ProducerConfig.LINGER_MS_CONFIG);
    long request = producer.getInt(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG);
    if (delivery < linger + request) {
      // KafkaProducer's constructor refuses this when delivery.timeout.ms is given, as it is here.
      throw new ConfigException(
          PRODUCER_PREFIX
              + ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG
              + ": invalid value '"
              + delivery
              + "': must be at least linger.ms + request.timeout.ms ("
              + linger
              + " + "
              + request
              + "; kafka.linger sets linger.ms)");
    }
  }

  /** Every entry host:port with a port from 1 to 65535, as the clients require. */
  static void checkBootstrap(String servers) {
    for (String entry : servers.split(",", -1)) {
      String e = entry.trim();
      String host = org.apache.kafka.common.utils.Utils.getHost(e);
      Integer port = org.apache.kafka.common.utils.Utils.getPort(e);
      if (host == null || host.isEmpty() || port == null || port < 1 || port > 65535) {
        throw new ConfigException(
            BOOTSTRAP_SERVERS.name()
                + ": invalid value '"
                + servers
                + "': expected host:port[,host:port...], '"
                + e
                + "' is not host:port");
      }
    }
  }

  private static void check(MqConfig config, String prefix, Set<String> known) {
    for (String name : config.passThrough(prefix).keySet()) {
      if (!known.contains(name)) {
        String closest =
            Suggestions.closest(name, known)
                .map(k -> "; did you mean " + prefix + k + "?")
                .orElse("");
        throw new ConfigException(
            "unknown Kafka client property '" + prefix + name + "'" + closest);
      }
    }
  }

  /**
   * The producer's effective acks (a pass-through {@code acks} wins over {@code kafka.acks}),
   * auto-commit of offsets, and a consumer group that starts at the latest offset.
   */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new java.util.ArrayList<>();
    Map<String, String> producer = config.passThrough(PRODUCER_PREFIX);
    String acksKey =
        producer.containsKey(ProducerConfig.ACKS_CONFIG)
            ? PRODUCER_PREFIX + ProducerConfig.ACKS_CONFIG
            : ACKS.name();
    String acks = producer.getOrDefault(ProducerConfig.ACKS_CONFIG, config.get(ACKS)).trim();
    if (acks.equals("0")) {
      w.add(
          acksKey
              + "=0: the producer does not wait for the broker, so a send counts as acknowledged"
              + " before anything stored it; loss is expected");
    } else if (acks.equals("1")) {
      w.add(
          acksKey
              + "=1: only the partition leader has a message when it is acknowledged; loss is"
              + " expected when a leader fails");
    }
    Map<String, String> consumer = config.passThrough(CONSUMER_PREFIX);
    String autoCommit = consumer.get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG);
    if (autoCommit != null && autoCommit.trim().equalsIgnoreCase("true")) {
      w.add(
          CONSUMER_PREFIX
              + ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG
              + "=true: offsets are committed on poll, before receivers acknowledge; loss is"
              + " expected when a receiver stops with messages in hand");
    }
    String reset = consumer.get(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG);
    if (reset != null && !reset.trim().equals("earliest")) {
      w.add(
          CONSUMER_PREFIX
              + ConsumerConfig.AUTO_OFFSET_RESET_CONFIG
              + "="
              + reset.trim()
              + ": a new consumer group skips what was sent before it joined; loss is expected");
    }
    return w;
  }

  @Override
  public String target(MqConfig config) {
    return config.find(BOOTSTRAP_SERVERS).orElse("local broker (not started yet)");
  }

  @Override
  public Mq open(MqConfig config) {
    checkNativeProperties(config);
    return KafkaMq.open(new KafkaSettings(config));
  }

  @Override
  public Optional<BrokerAddressing> brokerAddressing() {
    return Optional.of(
        new BrokerAddressing(
            List.of(BOOTSTRAP_SERVERS.name()),
            "docker/kafka.yml",
            "127.0.0.1:9092",
            COMPOSE_BOOTSTRAP,
            ""));
  }

  @Override
  public MqLimits limits(MqConfig config) {
    return limits(
        new KafkaSettings(
            config.find(BOOTSTRAP_SERVERS).isPresent()
                ? config
                : config.with(BOOTSTRAP_SERVERS.name(), "127.0.0.1:9092")));
  }

  /**
   * A record's overhead over its value, at most: the record batch header (61 bytes) and the
   * record's own varint fields (under 30), as the producer's size check counts them.
   */
  static final int RECORD_OVERHEAD = 100;

  /**
   * The largest message: the smaller of the producer's {@code max.request.size}, the created
   * topic's {@code max.message.bytes} and {@code buffer.memory}, less a record's overhead. The send
   * timeout: {@code delivery.timeout.ms} plus {@code max.block.ms} (metadata and buffer waits).
   */
  static MqLimits limits(KafkaSettings s) {
    Map<String, Object> p = s.producer("limits");
    long request = number(p, ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 1_048_576);
    long topic = s.config.get(MAX_MESSAGE_BYTES);
    long buffer = number(p, ProducerConfig.BUFFER_MEMORY_CONFIG, 33_554_432);
    long max = Math.min(Math.min(request, topic), buffer) - RECORD_OVERHEAD;
    String source =
        request < topic
            ? PRODUCER_PREFIX + ProducerConfig.MAX_REQUEST_SIZE_CONFIG + "=" + request
            : MAX_MESSAGE_BYTES.name() + "=" + topic;
    long delivery = number(p, ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000);
    long block = number(p, ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000);
    return MqLimits.UNLIMITED
        .withMaxMessageBytes(
            Math.max(1, max), source + ", less " + RECORD_OVERHEAD + " bytes of record overhead")
        .withSendTimeout(Duration.ofMillis(delivery + block));
  }

  private static long number(Map<String, Object> props, String name, long otherwise) {
    Object v = props.get(name);
    return v == null ? otherwise : Long.parseLong(v.toString().trim());
  }

  @Override
  public Optional<LocalBroker> localBroker(MqConfig config) {
    if (config.find(BOOTSTRAP_SERVERS).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(new KafkaLocalBroker(config.get(LOCAL_BROKER_HEAP)));
  }
}
