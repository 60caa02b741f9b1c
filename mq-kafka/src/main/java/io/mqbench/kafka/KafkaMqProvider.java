package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaSettings.*;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.LocalBrokerDescriptor;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The {@code kafka} backend: a topic written by idempotent producers and read by a consumer group
 * whose offsets are committed only up to what receivers acknowledged.
 */
public final class KafkaMqProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  /**
   * The local broker: Kafka in KRaft mode, each node broker and controller, in a JVM of its own
   * (mq-kafka-broker's jars and main class), listening for clients on its first free loopback port
   * and for the controller quorum on its second. The runner starts one node; tests start three.
   */
  public static final LocalBrokerDescriptor LOCAL_BROKER =
      new LocalBrokerDescriptor(
          "local Kafka broker",
          "kafka-broker",
          "io.mqbench.kafka.broker.KafkaBrokerMain",
          2,
          BOOTSTRAP_SERVERS,
          "",
          LOCAL_BROKER_HEAP,
          LocalBrokerDescriptor.NO_SETTINGS,
          KafkaMqProvider::everyBrokerRegistered,
          "single-node Kafka {version} (KRaft) on {address}");

  /**
   * Kafka's readiness hook: a broker's port answers before it has joined the quorum and registered,
   * so the start waits until the cluster lists every node.
   */
  static void everyBrokerRegistered(JavaLocalBroker broker, Duration timeout)
      throws InterruptedException {
    Map<String, Object> props =
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            broker.address(),
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
            5000,
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            5000);
    try (Admin admin = Admin.create(props)) {
      broker
          .process(0)
          .awaitReady(
              () ->
                  admin
                          .describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                          .nodes()
                          .get(6, TimeUnit.SECONDS)
                          .size()
                      == broker.size(),
              timeout);
    }
  }

  /**
   * fsync: acks=all and a topic that fsyncs every append ({@code flush.messages=1}); memory:
   * acks=all and the page cache; none: a producer that does not wait.
   *
   * <p>The durability found is the producer's acks in force and the topic's flush.messages ({@link
   * KafkaDurability}).
   */
  private static final DurabilityTable LEVELS =
      KafkaDeclaredDurability.levels("kafka", ACKS, FLUSH_MESSAGES, PRODUCER_PREFIX);

  /** Native properties are checked when configuring, before anything connects. */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "kafka",
              KafkaSettings.KEYS,
              "Kafka topic, consumer group with committed acknowledgements; acks=all, idempotent"
                  + " producer")
          .passThrough(PRODUCER_PREFIX, CONSUMER_PREFIX, ADMIN_PREFIX)
          .levels(LEVELS)
          .lease(KafkaSettings.SESSION_TIMEOUT)
          .durabilityFoundBy((config, declared) -> KafkaDurability.found(new KafkaSettings(config)))
          .brokerAt(KafkaProviders.addressing(BOOTSTRAP_SERVERS), KafkaMqProvider::localCluster)
          .checkedBy(KafkaClientProperties::checkNativeProperties);

  /** The backend as the runner loads it. */
  public KafkaMqProvider() {
    super(FACTS);
  }

  /**
   * Kafka acknowledges once the replicas the acks setting waits for have the batch: in their page
   * cache, or on disk when the topic fsyncs every append ({@code flush.messages=1}).
   */
  @Override
  public Durability durability(MqConfig config) {
    return KafkaDeclaredDurability.of(config, "kafka");
  }

  /**
   * The producer's effective acks (a pass-through {@code acks} wins over {@code kafka.acks}),
   * auto-commit of offsets, and a consumer group that starts at the latest offset.
   */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>(KafkaDeclaredDurability.producerWarnings(config, "kafka"));
    Map<String, String> consumer = config.passThrough(CONSUMER_PREFIX);
    String autoCommit = consumer.get(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG);
    if (autoCommit != null && autoCommit.trim().equalsIgnoreCase("true")) {
      w.add(
          CONSUMER_PREFIX
              + ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG
              + "=true: offsets are committed on poll, before receivers acknowledge; loss is"
              + " expected when a receiver stops with messages in hand");
    }
    KafkaProviders.offsetResetWarning(
            CONSUMER_PREFIX + ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            consumer.get(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG),
            "consumer group skips what was sent before it joined")
        .ifPresent(w::add);
    return w;
  }

  /**
   * Consumer groups, each reading every record of the topic with offsets of its own: one per
   * subscription, {@code <kafka.groupId>-s<i>}; one subscription is {@link #open(MqConfig)}, the
   * configured group itself.
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    KafkaClientProperties.checkNativeProperties(config);
    return KafkaMq.open(new KafkaSettings(config), subscriptions);
  }

  /** The topic and the consumer group with the suffix. */
  @Override
  public Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    return KafkaProviders.keysForQueue(config, suffix, TOPIC, GROUP_ID, "mqbench-");
  }

  /**
   * One node, or with {@code kafka.localBrokerNodes} several: a KRaft cluster whose topics are
   * replicated three ways with min.insync.replicas=2 (from three nodes on).
   */
  private static Optional<LocalBroker> localCluster(MqConfig config) {
    return Optional.of(localCluster(LOCAL_BROKER, config.get(LOCAL_BROKER_NODES), "KRaft"));
  }

  /**
   * @param d a single node's descriptor
   * @param nodes how many nodes
   * @param what what the description says in parentheses, before the replication
   * @return the node, or a cluster of {@code nodes} such nodes
   */
  static LocalBroker localCluster(LocalBrokerDescriptor d, int nodes, String what) {
    if (nodes == 1) {
      return new JavaLocalBroker(d);
    }
    return new JavaLocalBroker(
        new LocalBrokerDescriptor(
            d.name(),
            d.distribution(),
            d.mainClass(),
            d.ports(),
            d.addressKey(),
            d.scheme(),
            d.heapKey(),
            d.settings(),
            d.readiness(),
            nodes
                + "-node Kafka {version} cluster ("
                + what
                + (nodes >= 3 ? ", topics replicated 3 ways, min.insync.replicas=2" : "")
                + ") on {address}"),
        nodes);
  }

  /** Kafka's partitions have leaders. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /**
   * The broker leading most of the topic's partitions now, asked with the admin client: its host
   * and port as the cluster advertises them.
   */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    KafkaSettings s = new KafkaSettings(config);
    Map<String, Object> props = new java.util.HashMap<>(s.admin());
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000);
    try (Admin admin = Admin.create(props)) {
      org.apache.kafka.clients.admin.TopicDescription topic =
          admin
              .describeTopics(List.of(s.topic))
              .allTopicNames()
              .get(10, TimeUnit.SECONDS)
              .get(s.topic);
      Map<String, Integer> led = new java.util.TreeMap<>();
      for (org.apache.kafka.common.TopicPartitionInfo p : topic.partitions()) {
        if (p.leader() != null && !p.leader().isEmpty()) {
          led.merge(p.leader().host() + ":" + p.leader().port(), 1, Integer::sum);
        }
      }
      return led.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new io.mqbench.mq.MqException("interrupted while asking kafka for the leader", e);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new io.mqbench.mq.MqException(
          "kafka: cannot describe topic " + s.topic + " to find its leader: " + e.getMessage(), e);
    }
  }

  @Override
  public MqLimits limits(MqConfig config) {
    return limits(new KafkaSettings(KafkaProviders.withProbeAddress(config, BOOTSTRAP_SERVERS)));
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
            ? s.shown(PRODUCER_PREFIX) + ProducerConfig.MAX_REQUEST_SIZE_CONFIG + "=" + request
            : s.shown(MAX_MESSAGE_BYTES) + "=" + topic;
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
}
