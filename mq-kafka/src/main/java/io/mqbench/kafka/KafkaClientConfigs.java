package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaSettings.*;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.CooperativeStickyAssignor;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The native client properties a run's producers, consumers and admin clients are built from. */
final class KafkaClientConfigs {
  private KafkaClientConfigs() {}

  /**
   * The producer's properties: the backend's keys, timeouts that fail a dead cluster within
   * seconds, and the pass-through {@code kafka.producer.*} over them.
   */
  static Map<String, Object> producer(KafkaSettings s, String clientId) {
    Map<String, Object> p = new HashMap<>();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, s.bootstrap);
    p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    Acks acks = s.config.get(ACKS);
    p.put(ProducerConfig.ACKS_CONFIG, acks.text());
    // Idempotence needs acks=all; with weaker acks the user chose speed over exactly-once writes.
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, acks == Acks.ALL);
    p.put(ProducerConfig.LINGER_MS_CONFIG, (int) s.config.get(LINGER).toMillis());
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, s.config.get(BATCH_SIZE));
    p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, s.config.get(MAX_MESSAGE_BYTES));
    // A broker that died must fail the run within seconds, not the client's defaults' 120 s
    // (delivery.timeout.ms) plus 60 s (max.block.ms): see README "When a broker dies".
    Map<String, String> given = s.config.passThrough(PRODUCER_PREFIX);
    long request = millis(given, ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, REQUEST_TIMEOUT_MS);
    long linger = millis(given, ProducerConfig.LINGER_MS_CONFIG, s.config.get(LINGER).toMillis());
    p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT_MS);
    // At least linger + request timeout, as the producer requires, with room for one retry.
    p.put(
        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
        (int) Math.min(Integer.MAX_VALUE, Math.max(DELIVERY_TIMEOUT_MS, linger + request + 5_000)));
    p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) MAX_BLOCK_MS);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    p.putAll(s.config.passThrough(PRODUCER_PREFIX));
    return p;
  }

  /**
   * A consumer's properties: offsets committed only on acknowledgement, from the earliest, with
   * cooperative rebalancing, and the pass-through {@code kafka.consumer.*} over them.
   */
  static Map<String, Object> consumer(KafkaSettings s, String clientId, int maxPollRecords) {
    Map<String, Object> c = new HashMap<>();
    c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, s.bootstrap);
    c.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
    c.put(ConsumerConfig.GROUP_ID_CONFIG, s.groupId);
    // Offsets move only when receivers acknowledge: see KafkaReceiver.
    c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    // Messages sent before the group first joined are part of the queue.
    c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPollRecords);
    long session = s.config.get(SESSION_TIMEOUT).toMillis();
    c.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) session);
    // Heartbeats also carry news of a rebalance: frequent ones make new receivers start sooner.
    c.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, (int) Math.max(100, session / 10));
    c.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int) s.config.get(LEASE_TIMEOUT).toMillis());
    // Cooperative rebalancing: a joining receiver does not stop the others.
    c.put(
        ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG,
        CooperativeStickyAssignor.class.getName());
    // Commits, offset look-ups and the receiver's liveness probe give up within seconds.
    c.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT_MS);
    c.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT_MS);
    c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    c.putAll(s.config.passThrough(CONSUMER_PREFIX));
    return c;
  }

  /** The admin client's properties, bounded by the connect timeout. */
  static Map<String, Object> admin(KafkaSettings s) {
    Map<String, Object> a = new HashMap<>();
    a.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, s.bootstrap);
    a.put(AdminClientConfig.CLIENT_ID_CONFIG, "mqbench-admin");
    int ms = (int) s.connectTimeout.toMillis();
    // Bounded, so that an unreachable cluster fails open() instead of retrying forever.
    a.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, ms);
    a.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
    a.put(CommonClientConfigs.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000);
    a.putAll(s.config.passThrough(ADMIN_PREFIX));
    return a;
  }

  private static long millis(Map<String, String> given, String name, long otherwise) {
    String v = given.get(name);
    try {
      return v == null ? otherwise : Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return otherwise; // reported by the config check, which parses the same value
    }
  }
}
