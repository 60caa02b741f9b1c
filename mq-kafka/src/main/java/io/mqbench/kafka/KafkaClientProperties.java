package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaSettings.*;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.config.Suggestions;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.utils.Utils;

/**
 * The checks on the Kafka client properties a user passes through ({@code kafka.producer.*}, {@code
 * kafka.consumer.*}, {@code kafka.admin.*}) and on the bootstrap address, made before a run
 * connects: the clients' own config classes would otherwise fail late, or ignore a typo.
 */
final class KafkaClientProperties {
  private KafkaClientProperties() {}

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
    config.find(BOOTSTRAP_SERVERS).ifPresent(b -> checkBootstrap(b, BOOTSTRAP_SERVERS.name()));
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
    checkConsumerRules(consumer);
    checkProducerRules(producer, s);
  }

  /**
   * Rules the clients' config classes do not check but their constructors or the broker do, when a
   * sender or receiver starts: checked here so that they fail before anything connects.
   */
  private static void checkConsumerRules(ConsumerConfig consumer) {
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
  }

  /**
   * The producer's rule its constructor checks: {@code delivery.timeout.ms} at least {@code
   * linger.ms} + {@code request.timeout.ms}; the message names the keys of {@code s}'s backend.
   */
  static void checkProducerRules(ProducerConfig producer, KafkaSettings s) {
    long delivery = producer.getInt(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
    long linger = producer.getLong(ProducerConfig.LINGER_MS_CONFIG);
    long request = producer.getInt(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG);
    if (delivery < linger + request) {
      // KafkaProducer's constructor refuses this when delivery.timeout.ms is given, as it is here.
      throw new ConfigException(
          s.shown(PRODUCER_PREFIX)
              + ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG
              + ": invalid value '"
              + delivery
              + "': must be at least linger.ms + request.timeout.ms ("
              + linger
              + " + "
              + request
              + "; "
              + s.shown(LINGER)
              + " sets linger.ms)");
    }
  }

  /** Every entry host:port with a port from 1 to 65535, as the clients require. */
  static void checkBootstrap(String servers, String key) {
    for (String entry : servers.split(",", -1)) {
      String e = entry.trim();
      String host = Utils.getHost(e);
      Integer port = Utils.getPort(e);
      if (host == null || host.isEmpty() || port == null || port < 1 || port > 65535) {
        throw new ConfigException(
            key
                + ": invalid value '"
                + servers
                + "': expected host:port[,host:port...], '"
                + e
                + "' is not host:port");
      }
    }
  }

  static void check(MqConfig config, String prefix, Set<String> known) {
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
}
