package io.mqbench.kafka;

import io.mqbench.broker.Loopback;
import io.mqbench.mq.Errors;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Subscriptions;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * One topic on one cluster: creates the topic if missing and hands out senders and receivers.
 *
 * <p>Opened with several subscriptions, each subscription is a consumer group of its own ({@link
 * KafkaSettings#subscriptionGroup}): Kafka's native publish/subscribe, in which every group reads
 * every record of the topic with offsets of its own, and the receivers of one group share its
 * partitions. A group has no existence on the broker before its first member joins, but none is
 * needed for the guarantee that a subscription misses nothing sent after open: a group with no
 * committed offset starts at the topic's earliest offset ({@code auto.offset.reset=earliest}, as
 * the point-to-point group does), so it reads everything the topic holds, and committing offsets at
 * the topic's end at open instead could skip what another process's senders sent between two opens.
 */
final class KafkaMq implements Mq {
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

  /** How long a created topic may take to have a serving leader for every partition. */
  private static final Duration TOPIC_READY_TIMEOUT = Duration.ofSeconds(30);

  private final KafkaSettings settings;

  /** The receivers' settings per subscription: the configured group alone, or one per group. */
  private final List<KafkaSettings> subscriptions;

  private final String layout;
  private final int brokers;
  private final Set<Object> open = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicInteger clients = new AtomicInteger();

  private final MqLimits limits;

  private final boolean createdTopic;
  private final String metadataVersion;

  private KafkaMq(
      KafkaSettings settings,
      List<KafkaSettings> subscriptions,
      String layout,
      int brokers,
      boolean createdTopic,
      String metadataVersion) {
    this.createdTopic = createdTopic;
    this.metadataVersion = metadataVersion;
    this.settings = settings;
    this.subscriptions = List.copyOf(subscriptions);
    this.limits = KafkaMqProvider.limits(settings);
    this.layout = layout;
    this.brokers = brokers;
  }

  /**
   * What a backend built on this one checks on the cluster once it answers, before the topic is
   * looked up or created: {@code kafka-share} checks that the cluster serves share groups.
   */
  @FunctionalInterface
  interface ClusterCheck {
    /**
     * @param admin an admin client of the cluster, which answered
     * @throws MqException if the cluster cannot serve the backend; nothing was created
     * @throws InterruptedException if interrupted while asking
     */
    void check(Admin admin) throws InterruptedException;
  }

  /**
   * Checks that the cluster answers within the connect timeout and that the topic exists, creating
   * it as configured when it does not.
   */
  static KafkaMq open(KafkaSettings settings) {
    return open(settings, 1, admin -> {});
  }

  /**
   * As {@link #open(KafkaSettings)}, for publish/subscribe.
   *
   * @param settings the settings
   * @param subscriptions how many subscriptions: 1 is the configured group alone, more are one
   *     group per subscription ({@link KafkaSettings#subscriptionGroup})
   * @return the open backend
   */
  static KafkaMq open(KafkaSettings settings, int subscriptions) {
    return open(settings, subscriptions, admin -> {});
  }

  /**
   * As {@link #open(KafkaSettings)}, with a check of the cluster before the topic is looked up.
   *
   * @param settings the settings
   * @param check what the cluster must pass once it answers
   * @return the open backend
   */
  static KafkaMq open(KafkaSettings settings, ClusterCheck check) {
    return open(settings, 1, check);
  }

  private static KafkaMq open(KafkaSettings settings, int subscriptions, ClusterCheck check) {
    List<KafkaSettings> groups =
        Subscriptions.settings(
            subscriptions,
            settings,
            i -> settings.withGroupId(KafkaSettings.subscriptionGroup(settings.groupId, i)));
    checkAnyBrokerAnswers(settings);
    Admin admin;
    try {
      admin = Admin.create(settings.admin());
    } catch (KafkaException e) {
      throw new MqException(
          "cannot connect to Kafka at " + settings.bootstrap + ": " + rootMessage(e), e);
    }
    try {
      long ms = settings.connectTimeout.toMillis();
      Collection<Node> nodes;
      try {
        nodes =
            admin
                .describeCluster(new DescribeClusterOptions().timeoutMs((int) ms))
                .nodes()
                .get(ms + 1000, TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        throw new MqException(
            "cannot reach Kafka at "
                + settings.bootstrap
                + " within "
                + settings.connectTimeout.toSeconds()
                + " s ("
                + settings.shown(KafkaSettings.BOOTSTRAP_SERVERS)
                + "): is a broker running there?",
            e);
      }
      check.check(admin);
      boolean created = describe(admin, settings).isEmpty();
      String layout = ensureTopic(admin, settings, nodes.size());
      return new KafkaMq(settings, groups, layout, nodes.size(), created, metadataVersion(admin));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while connecting to Kafka at " + settings.bootstrap, e);
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  /**
   * The cluster's finalized {@code metadata.version} feature level: what the protocol tells of the
   * brokers' release (it carries no release number); "unknown: why" where the cluster does not say.
   */
  private static String metadataVersion(Admin admin) throws InterruptedException {
    try {
      FinalizedVersionRange range =
          admin
              .describeFeatures()
              .featureMetadata()
              .get(KafkaSettings.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS)
              .finalizedFeatures()
              .get("metadata.version");
      return range == null
          ? "unknown: no finalized metadata.version"
          : "level " + range.maxVersionLevel();
    } catch (ExecutionException | TimeoutException e) {
      return "unknown: " + rootMessage(e);
    }
  }

  private static String ensureTopic(Admin admin, KafkaSettings s, int brokers)
      throws InterruptedException {
    String topic = s.topic;
    int partitions = s.config.get(KafkaSettings.PARTITIONS);
    int replicas = s.config.get(KafkaSettings.REPLICATION_FACTOR);
    int minIsr = s.config.get(KafkaSettings.MIN_INSYNC_REPLICAS);
    Optional<TopicDescription> existing = describe(admin, s);
    if (existing.isEmpty()) {
      if (replicas > brokers) {
        throw new MqException(
            s.shown(KafkaSettings.REPLICATION_FACTOR)
                + "="
                + replicas
                + " is larger than the cluster at "
                + s.bootstrap
                + ", which has "
                + brokers
                + (brokers == 1 ? " broker" : " brokers")
                + "; lower it or add brokers");
      }
      if (minIsr > 0 && replicas > 0 && minIsr > replicas) {
        throw new MqException(
            s.shown(KafkaSettings.MIN_INSYNC_REPLICAS)
                + "="
                + minIsr
                + " is larger than "
                + s.shown(KafkaSettings.REPLICATION_FACTOR)
                + "="
                + replicas
                + ": no write could ever succeed with acks=all");
      }
      Map<String, String> configs = new LinkedHashMap<>();
      configs.put(
          TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
          String.valueOf(s.config.get(KafkaSettings.MAX_MESSAGE_BYTES)));
      if (minIsr > 0) {
        configs.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, String.valueOf(minIsr));
      }
      int flush = s.config.get(KafkaSettings.FLUSH_MESSAGES);
      if (flush > 0) {
        configs.put(TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG, String.valueOf(flush));
      }
      NewTopic newTopic =
          new NewTopic(
                  topic,
                  Optional.of(partitions),
                  replicas > 0 ? Optional.of((short) replicas) : Optional.empty())
              .configs(configs);
      try {
        admin.createTopics(List.of(newTopic)).all().get();
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof TopicExistsException)) {
          throw new MqException(
              "cannot create topic "
                  + topic
                  + " on "
                  + s.bootstrap
                  + ": "
                  + rootMessage(e.getCause()),
              e.getCause());
        }
      }
      existing = awaitTopic(admin, s);
    }
    TopicDescription d = existing.orElseThrow();
    applyFlushMessages(admin, s);
    String isr = topicConfig(admin, topic, TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
    return topic
        + " partitions="
        + d.partitions().size()
        + " replicationFactor="
        + d.partitions().get(0).replicas().size()
        + " min.insync.replicas="
        + isr
        + " flush.messages="
        + topicConfig(admin, topic, TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG);
  }

  /**
   * Gives an existing topic the flush.messages asked for, or removes its own setting when none is
   * asked: the durability the run declares follows from kafka.flushMessages, so the topic must
   * match it, also when an earlier run of another level created it.
   */
  private static void applyFlushMessages(Admin admin, KafkaSettings s) throws InterruptedException {
    int flush = s.config.get(KafkaSettings.FLUSH_MESSAGES);
    ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, s.topic);
    String name = TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG;
    try {
      ConfigEntry entry = admin.describeConfigs(List.of(r)).all().get().get(r).get(name);
      boolean own =
          entry != null && entry.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG;
      AlterConfigOp op;
      if (flush > 0 && (entry == null || !String.valueOf(flush).equals(entry.value()))) {
        op =
            new AlterConfigOp(
                new ConfigEntry(name, String.valueOf(flush)), AlterConfigOp.OpType.SET);
      } else if (flush == 0 && own) {
        op = new AlterConfigOp(new ConfigEntry(name, ""), AlterConfigOp.OpType.DELETE);
      } else {
        return;
      }
      admin.incrementalAlterConfigs(Map.of(r, List.of(op))).all().get();
    } catch (ExecutionException e) {
      throw new MqException(
          "cannot set "
              + name
              + "="
              + (flush == 0 ? "(the broker's)" : flush)
              + " on topic "
              + s.topic
              + " at "
              + s.bootstrap
              + " ("
              + s.shown(KafkaSettings.FLUSH_MESSAGES)
              + "): "
              + rootMessage(e.getCause()),
          e.getCause());
    }
  }

  private static Optional<TopicDescription> describe(Admin admin, KafkaSettings s)
      throws InterruptedException {
    try {
      return Optional.of(admin.describeTopics(List.of(s.topic)).allTopicNames().get().get(s.topic));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Optional.empty();
      }
      throw new MqException(
          "cannot describe topic " + s.topic + " on " + s.bootstrap + ": " + rootMessage(e), e);
    }
  }

  /** Topic metadata spreads to every broker shortly after creation; wait for it. */
  private static Optional<TopicDescription> awaitTopic(Admin admin, KafkaSettings s)
      throws InterruptedException {
    long deadline = System.nanoTime() + TOPIC_READY_TIMEOUT.toNanos();
    while (true) {
      Optional<TopicDescription> d = describe(admin, s);
      if (d.isPresent()
          && d.get().partitions().stream().allMatch(p -> p.leader() != null)
          && leadersServe(admin, d.get())) {
        return d;
      }
      if (System.nanoTime() > deadline) {
        throw new MqException(
            "topic " + s.topic + " was created on " + s.bootstrap + " but has no leaders yet");
      }
      Thread.sleep(100);
    }
  }

  /**
   * Whether every partition's leader already serves requests. Metadata names a leader a moment
   * before that broker has taken the partition over; a first produce in that window fails with
   * NOT_LEADER_OR_FOLLOWER, and kafka-clients 4.4.0's idempotent producer was seen to retry the
   * batches behind it with OUT_OF_ORDER_SEQUENCE_NUMBER until delivery.timeout.ms (with 1 MiB
   * records). Listing offsets is answered by the leader itself, so it closes that window.
   */
  private static boolean leadersServe(Admin admin, TopicDescription d) throws InterruptedException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    for (TopicPartitionInfo p : d.partitions()) {
      latest.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest());
    }
    try {
      admin.listOffsets(latest).all().get();
      return true;
    } catch (ExecutionException e) {
      return false;
    }
  }

  private static String topicConfig(Admin admin, String topic, String name)
      throws InterruptedException {
    try {
      ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      Config c = admin.describeConfigs(List.of(r)).all().get().get(r);
      return c.get(name) == null ? "?" : c.get(name).value();
    } catch (ExecutionException e) {
      return "?";
    }
  }

  /**
   * Kept for callers in this package; the one implementation is mq-core's {@link
   * Errors#rootMessage}.
   */
  static String rootMessage(Throwable e) {
    return Errors.rootMessage(e);
  }

  /**
   * Fails at once, naming the address, when no bootstrap address accepts a TCP connection: the
   * admin client would otherwise retry until the connect timeout before saying anything.
   */
  private static void checkAnyBrokerAnswers(KafkaSettings settings) {
    Duration probe =
        settings.connectTimeout.compareTo(PROBE_TIMEOUT) < 0
            ? settings.connectTimeout
            : PROBE_TIMEOUT;
    List<String> addresses =
        Arrays.stream(settings.bootstrap.split(",")).map(String::trim).toList();
    if (addresses.parallelStream().noneMatch(a -> Loopback.answers(a, probe))) {
      throw new MqException(
          "cannot connect to Kafka at "
              + settings.bootstrap
              + " (nothing accepts connections there within "
              + probe.toMillis()
              + " ms); is a broker running there? ("
              + settings.shown(KafkaSettings.BOOTSTRAP_SERVERS)
              + ")");
    }
  }

  @Override
  public MqSender createSender() {
    checkOpen();
    KafkaSender sender;
    try {
      sender =
          new KafkaSender(
              new KafkaProducer<>(settings.producer("mqbench-sender-" + clients.incrementAndGet())),
              settings,
              open::remove);
    } catch (KafkaException e) {
      throw new MqException(
          "cannot create a Kafka producer for " + settings.bootstrap + ": " + rootMessage(e), e);
    }
    open.add(sender);
    return limits.enforce(settings.shownAs, sender);
  }

  @Override
  public MqReceiver createReceiver() {
    return createReceiver(0);
  }

  /** A member of the subscription's consumer group. */
  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(
        subscription, subscriptions.size(), "topic " + settings.topic + " was opened with");
    checkOpen();
    KafkaReceiver receiver =
        new KafkaReceiver(
            subscriptions.get(subscription),
            "mqbench-receiver-" + clients.incrementAndGet(),
            open::remove);
    open.add(receiver);
    return receiver;
  }

  /**
   * @return the consumer group of each subscription, in order
   */
  List<String> subscriptionGroups() {
    return subscriptions.stream().map(s -> s.groupId).toList();
  }

  private void checkOpen() {
    if (closed.get()) {
      throw new MqException("the Kafka backend for " + settings.bootstrap + " is closed");
    }
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("kafka-clients", clientVersion());
    v.put("brokers", String.valueOf(brokers));
    v.put("metadata.version", metadataVersion);
    v.put("topic", layout);
    if (subscriptions.size() > 1) {
      v.put("consumer groups", String.join(",", subscriptionGroups()));
    }
    return v;
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(createdTopic);
  }

  /**
   * Deletes the topic and waits until the cluster no longer describes it: deletion is asynchronous,
   * and a run that creates the topic again while it is still marked for deletion would fail. Opened
   * with several subscriptions, it then deletes their consumer groups, so that a later open starts
   * them afresh; a group no receiver ever joined does not exist and is not missed. The configured
   * group of a point-to-point open is left, as it always was (its offsets went with the topic).
   */
  @Override
  public boolean removeQueue() {
    Admin admin = Admin.create(settings.admin());
    try {
      admin.deleteTopics(List.of(settings.topic)).all().get();
      if (subscriptions.size() > 1) {
        deleteGroups(admin, subscriptionGroups());
      }
      long deadline = System.nanoTime() + TOPIC_READY_TIMEOUT.toNanos();
      while (describe(admin, settings).isPresent()) {
        if (System.nanoTime() > deadline) {
          throw new MqException(
              "topic "
                  + settings.topic
                  + " on "
                  + settings.bootstrap
                  + " is still there "
                  + TOPIC_READY_TIMEOUT.toSeconds()
                  + " s after its deletion");
        }
        Thread.sleep(100);
      }
      return true;
    } catch (ExecutionException e) {
      throw new MqException(
          "cannot delete topic "
              + settings.topic
              + " on "
              + settings.bootstrap
              + ": "
              + rootMessage(e.getCause()),
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while deleting topic " + settings.topic, e);
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  /**
   * Deletes consumer groups that exist. A group still with members (a receiver of another process
   * that has not left yet) cannot be deleted: that fails, naming the group.
   */
  private void deleteGroups(Admin admin, List<String> groups) throws InterruptedException {
    Map<String, KafkaFuture<Void>> deletions = admin.deleteConsumerGroups(groups).deletedGroups();
    for (Map.Entry<String, KafkaFuture<Void>> d : deletions.entrySet()) {
      try {
        d.getValue().get();
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof GroupIdNotFoundException)) {
          throw new MqException(
              "cannot delete consumer group "
                  + d.getKey()
                  + " of topic "
                  + settings.topic
                  + " on "
                  + settings.bootstrap
                  + ": "
                  + rootMessage(e.getCause()),
              e.getCause());
        }
      }
    }
  }

  /** The client's version, from the properties file kafka-clients carries for this purpose. */
  static String clientVersion() {
    try (InputStream in =
        KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    for (Object c : List.copyOf(open)) {
      try {
        if (c instanceof KafkaReceiver r) {
          // A consumer belongs to its thread: ask it to close on its next call.
          r.closeFromMq();
        } else if (c instanceof KafkaSender s) {
          s.close();
        }
      } catch (RuntimeException e) {
        // Best effort: the remaining clients are still closed.
      }
    }
  }
}
