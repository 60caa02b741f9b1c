package io.mqbench.kafka;

import io.mqbench.mq.Durability;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * What an acknowledged send means on the cluster a run reaches, read back: the {@code acks} of the
 * producer configuration the senders are built from (defaults and {@code kafka.producer.*}
 * pass-through included), and the topic's {@code flush.messages} and {@code min.insync.replicas} as
 * the brokers report them. Only {@code acks=all} on a topic that fsyncs every append is fsynced; a
 * leader-only acknowledgement is lost with its leader whatever the leader's disk did.
 */
final class KafkaDurability {
  private KafkaDurability() {}

  /**
   * @return the durability found
   * @throws MqException naming the cluster if it cannot be asked
   */
  static Durability found(KafkaSettings s) {
    String acks = acksInForce(s);
    if (acks.equals(Acks.NONE.text())) {
      return new Durability(
          Durability.Level.NONE, "(the producer does not wait)", "producer acks=0 in force");
    }
    Map<String, String> topic = topicConfig(s);
    String flush = topic.get(TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG);
    String read =
        "producer acks="
            + acks
            + " in force, "
            + (topic.isEmpty()
                ? "topic '" + s.topic + "' not there: flush.messages as configured, not read back"
                : "topic '"
                    + s.topic
                    + "' flush.messages="
                    + flush
                    + ", min.insync.replicas="
                    + topic.get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG)
                    + " read back");
    boolean fsyncs =
        topic.isEmpty() ? s.config.get(KafkaSettings.FLUSH_MESSAGES) == 1 : "1".equals(flush);
    if (acks.equals(Acks.LEADER.text())) {
      return new Durability(Durability.Level.MEMORY, "on the partition leader only", read);
    }
    return new Durability(
        fsyncs ? Durability.Level.FSYNC : Durability.Level.MEMORY,
        "on every in-sync replica (at least the topic's min.insync.replicas)",
        read);
  }

  /** The producer's acks after defaults and pass-through, as its own config parser reads them. */
  static String acksInForce(KafkaSettings s) {
    String acks = new ProducerConfig(s.producer("mqbench-durability")).getString("acks").trim();
    return acks.equals("-1") ? Acks.ALL.text() : acks;
  }

  /** The topic's settings by name; empty when the topic does not exist. */
  private static Map<String, String> topicConfig(KafkaSettings s) {
    long ms = s.connectTimeout.toMillis();
    Admin admin;
    try {
      admin = Admin.create(s.admin());
    } catch (KafkaException e) {
      throw new MqException("cannot connect to Kafka at " + s.bootstrap + ": " + e.getMessage(), e);
    }
    try {
      ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, s.topic);
      Config c =
          admin
              .describeConfigs(List.of(r), new DescribeConfigsOptions().timeoutMs((int) ms))
              .all()
              .get(ms + 1000, TimeUnit.MILLISECONDS)
              .get(r);
      return Map.of(
          TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG,
          value(c, TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG),
          TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
          value(c, TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG));
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return Map.of();
      }
      throw new MqException(
          "cannot read topic '" + s.topic + "' at " + s.bootstrap + ": " + e.getCause(), e);
    } catch (TimeoutException e) {
      throw new MqException(
          "cannot read topic '" + s.topic + "' at " + s.bootstrap + " within " + ms + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while reading topic '" + s.topic + "'", e);
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  private static String value(Config c, String name) {
    ConfigEntry e = c.get(name);
    return e == null ? "?" : e.value();
  }
}
