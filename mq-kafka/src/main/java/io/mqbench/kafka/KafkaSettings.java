package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaMqProvider.*;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The native client properties one configuration stands for. Properties given under the
 * pass-through prefixes are applied last, so they win over everything this class derives.
 */
final class KafkaSettings {
  final MqConfig config;
  final String bootstrap;
  final String topic;
  final String groupId;
  final Duration commitInterval;
  final Duration connectTimeout;

  KafkaSettings(MqConfig config) {
    this.config = config;
    this.bootstrap =
        config
            .find(BOOTSTRAP_SERVERS)
            .orElseThrow(
                () ->
                    new MqException(
                        "no Kafka cluster given: set kafka.bootstrapServers (for the compose"
                            + " cluster: docker compose -f docker/kafka.yml up -d, then"
                            + " -p kafka.bootstrapServers="
                            + COMPOSE_BOOTSTRAP
                            + ")"));
    this.topic = config.get(TOPIC);
    this.groupId = config.find(GROUP_ID).orElse("mqbench-" + topic);
    this.commitInterval = config.get(COMMIT_INTERVAL);
    this.connectTimeout = config.get(CONNECT_TIMEOUT);
  }

  Map<String, Object> producer(String clientId) {
    Map<String, Object> p = new HashMap<>();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    String acks = config.get(ACKS);
    p.put(ProducerConfig.ACKS_CONFIG, acks);
    // Idempotence needs acks=all; with weaker acks the user chose speed over exactly-once writes.
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, acks.equals("all"));
    p.put(ProducerConfig.LINGER_MS_CONFIG, (int) config.get(LINGER).toMillis());
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, config.get(BATCH_SIZE));
    p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, config.get(MAX_MESSAGE_BYTES));
    // A broker that died must fail the run within seconds, not the client's defaults' 120 s
    // (delivery.timeout.ms) plus 60 s (max.block.ms): see README "When a broker dies".
    Map<String, String> given = config.passThrough(PRODUCER_PREFIX);
    long request = millis(given, ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, REQUEST_TIMEOUT_MS);
    long linger = millis(given, ProducerConfig.LINGER_MS_CONFIG, config.get(LINGER).toMillis());
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT_MS);
    // At least linger + request timeout, as the producer requires, with room for one retry.
    p.put(
        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
        (int) Math.min(Integer.MAX_VALUE, Math.max(DELIVERY_TIMEOUT_MS, linger + request + 5_000)));
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) MAX_BLOCK_MS);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    p.putAll(config.passThrough(PRODUCER_PREFIX));
    return p;
  }

  Map<String, Object> consumer(String clientId, int maxPollRecords) {
    Map<String, Object> c = new HashMap<>();
    c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    c.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    c.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
    // Offsets move only when receivers acknowledge: see KafkaReceiver.
    c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // Messages sent before the group first joined are part of the queue.
    c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
    long session = config.get(SESSION_TIMEOUT).toMillis();
    c.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) session);
    // Heartbeats also carry news of a rebalance: frequent ones make new receivers start sooner.
    c.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int) Math.max(100, session / 10));
    c.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int) config.get(LEASE_TIMEOUT).toMillis());
    // Cooperative rebalancing: a joining receiver does not stop the others.
    c.put(
        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
        CooperativeStickyAssignor.class.getName());
    // Commits, offset look-ups and the receiver's liveness probe give up within seconds.
    c.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT_MS);
    c.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT_MS);
    c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    c.putAll(config.passThrough(CONSUMER_PREFIX));
    return c;
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

  private static long millis(Map<String, String> given, String name, long otherwise) {
    String v = given.get(name);
    try {
      return v == null ? otherwise : Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return otherwise; // reported by the config check, which parses the same value
    }
  }

  /** Whether the user fixed max.poll.records; otherwise a receiver's first requested batch does. */
  Integer givenMaxPollRecords() {
    String v = config.passThrough(CONSUMER_PREFIX).get(ConsumerConfig.MAX_POLL_RECORDS_CONFIG);
    try {
      return v == null ? null : Integer.valueOf(v.trim());
    } catch (NumberFormatException e) {
      throw new io.mqbench.config.ConfigException(
          CONSUMER_PREFIX
              + ConsumerConfig.MAX_POLL_RECORDS_CONFIG
              + ": invalid value '"
              + v
              + "': expected a whole number");
    }
  }

  Map<String, Object> admin() {
    Map<String, Object> a = new HashMap<>();
    a.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    a.put(AdminClientConfig.CLIENT_ID_CONFIG, "mqbench-admin");
    int ms = (int) connectTimeout.toMillis();
    // Bounded, so that an unreachable cluster fails open() instead of retrying forever.
    a.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
    a.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
    a.put(CommonClientConfigs.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
    a.putAll(config.passThrough(ADMIN_PREFIX));
    return a;
  }
}
