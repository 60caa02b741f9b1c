package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaMq.rootMessage;

import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The run's topic as the admin client sees it: created with the configured layout when missing,
 * waited for until every partition's leader serves, and kept at the flush setting the run declares.
 */
final class KafkaTopic {
  /** How long a created topic may take to have a serving leader for every partition. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

  private KafkaTopic() {}

  /**
   * Creates the topic when missing, gives it the flush setting asked for, and says how it is laid
   * out.
   *
   * @param brokers how many brokers the cluster has
   * @return {@code <topic> partitions=.. replicationFactor=.. min.insync.replicas=..
   *     flush.messages=..}
   */
  static String ensure(Admin admin, KafkaSettings s, int brokers) throws InterruptedException {
    String topic = s.topic;
    Optional<TopicDescription> existing = describe(admin, s);
    if (existing.isEmpty()) {
      checkReplication(s, brokers);
      create(admin, s);
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

  /** Refuses a replication the cluster cannot give before asking it to create the topic. */
  private static void checkReplication(KafkaSettings s, int brokers) {
    int replicas = s.config.get(KafkaSettings.REPLICATION_FACTOR);
    int minIsr = s.config.get(KafkaSettings.MIN_INSYNC_REPLICAS);
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
  }

  /** Creates the topic with the configured layout; one created meanwhile by another is taken. */
  private static void create(Admin admin, KafkaSettings s) throws InterruptedException {
    String topic = s.topic;
    int partitions = s.config.get(KafkaSettings.PARTITIONS);
    int replicas = s.config.get(KafkaSettings.REPLICATION_FACTOR);
    int minIsr = s.config.get(KafkaSettings.MIN_INSYNC_REPLICAS);
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
      ConfigEntry entry =
          whileUnknownToTheBrokerAsked(() -> admin.describeConfigs(List.of(r)).all().get())
              .get(r)
              .get(name);
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
      whileUnknownToTheBrokerAsked(
          () -> admin.incrementalAlterConfigs(Map.of(r, List.of(op))).all().get());
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

  static Optional<TopicDescription> describe(Admin admin, KafkaSettings s)
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
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
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
      Config c =
          whileUnknownToTheBrokerAsked(() -> admin.describeConfigs(List.of(r)).all().get()).get(r);
      return c.get(name) == null ? "?" : c.get(name).value();
    } catch (ExecutionException e) {
      return "?";
    }
  }

  /** An admin call, as its {@code get()}. */
  private interface AdminCall<T> {
    T get() throws ExecutionException, InterruptedException;
  }

  /**
   * Runs an admin call again while it fails because the broker it went to does not know the topic
   * yet: on a cluster, a new topic's metadata reaches each broker a moment apart, and an admin
   * request goes to any of them. Gives up after {@link #READY_TIMEOUT}, with the last failure.
   */
  private static <T> T whileUnknownToTheBrokerAsked(AdminCall<T> call)
      throws ExecutionException, InterruptedException {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      try {
        return call.get();
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)
            || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100);
      }
    }
  }
}
