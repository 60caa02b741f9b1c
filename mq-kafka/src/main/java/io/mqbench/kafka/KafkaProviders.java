package io.mqbench.kafka;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the {@code kafka} and {@code kafka-share} providers state alike, under each backend's own
 * keys: both write a topic through the same producer and read it through a group, on the same
 * brokers.
 */
final class KafkaProviders {
  /** The address of the compose cluster's broker, also a stand-in address for probes. */
  static final String COMPOSE_PROBE = "127.0.0.1:9092";

  private KafkaProviders() {}

  /**
   * @param bootstrap the backend's bootstrap servers key
   * @return where the broker is when the configuration names none: docker/kafka.yml's
   */
  static BrokerAddressing addressing(ConfigKey<String> bootstrap) {
    return new BrokerAddressing(
        List.of(bootstrap.name()),
        "docker/kafka.yml",
        COMPOSE_PROBE,
        KafkaSettings.COMPOSE_BOOTSTRAP,
        "");
  }

  /**
   * A configuration to derive client properties from without a cluster: any address will do.
   *
   * @param config the backend's configuration
   * @param bootstrap its bootstrap servers key
   * @return {@code config}, with an address when it names none
   */
  static MqConfig withProbeAddress(MqConfig config, ConfigKey<String> bootstrap) {
    return config.find(bootstrap).isPresent()
        ? config
        : config.with(bootstrap.name(), COMPOSE_PROBE);
  }

  /**
   * The topic and the group with the suffix: a queue of its own is a topic of its own, and its
   * receivers a group of their own, so that no offsets or members are shared. A topic name longer
   * than Kafka's limit loses the end of its base, never the suffix.
   *
   * @param config the backend's configuration
   * @param suffix what to append
   * @param topic the backend's topic key
   * @param group the backend's group key
   * @param groupPrefix what precedes the topic's name in the group's name when none is given
   * @return the topic and group keys with their suffixed values
   */
  static Optional<Map<String, String>> keysForQueue(
      MqConfig config,
      String suffix,
      ConfigKey<String> topic,
      ConfigKey<String> group,
      String groupPrefix) {
    String name = config.get(topic);
    return Optional.of(
        Map.of(
            topic.name(),
            KafkaSettings.suffixed(name, suffix, KafkaSettings.MAX_TOPIC_LENGTH),
            group.name(),
            config.find(group).orElse(groupPrefix + name) + suffix));
  }

  /**
   * The warning for a group that does not start at the earliest offset, if it does not.
   *
   * @param key the full name of the offset reset property
   * @param reset its value, or null when not given (the earliest, as mqbench sets it)
   * @param skips what a new group then skips, after {@code "a new "}
   * @return the warning, or empty
   */
  static Optional<String> offsetResetWarning(String key, String reset, String skips) {
    if (reset == null || reset.trim().equals("earliest")) {
      return Optional.empty();
    }
    return Optional.of(key + "=" + reset.trim() + ": a new " + skips + "; loss is expected");
  }
}
