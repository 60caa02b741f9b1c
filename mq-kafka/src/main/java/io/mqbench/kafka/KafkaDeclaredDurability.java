package io.mqbench.kafka;

import static io.mqbench.kafka.KafkaSettings.*;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * What the Kafka backends declare of an acknowledged send under their settings, before any broker
 * is asked: the keys of each {@code --durability} level, the durability of the producer's acks and
 * the topic's flush, and warnings for acks weaker than {@code all}. What the cluster says is {@link
 * KafkaDurability}.
 */
final class KafkaDeclaredDurability {
  private KafkaDeclaredDurability() {}

  /**
   * The levels of a Kafka producer and topic, which the {@code kafka-share} backend shares under
   * keys of its own.
   *
   * @param name the backend's name
   * @param acks its producer acks key
   * @param flushMessages its topic flush key
   * @param producerPrefix its producer pass-through prefix
   */
  static DurabilityTable levels(
      String name, ConfigKey<Acks> acks, ConfigKey<Integer> flushMessages, String producerPrefix) {
    return DurabilityTable.of(
            name,
            "it is a broker of its own, not a service with a contract (fsync, memory or none)")
        .with(
            Durability.Level.FSYNC, Map.of(acks.name(), Acks.ALL.text(), flushMessages.name(), "1"))
        .with(Durability.Level.MEMORY, Map.of(acks.name(), Acks.ALL.text()))
        .with(
            Durability.Level.NONE,
            Map.of(acks.name(), Acks.NONE.text(), producerPrefix + "enable.idempotence", "false"));
  }

  /**
   * @param config a configuration of the {@code kafka} backend
   * @param shownAs the backend whose keys the settings name ({@code kafka-share} for one translated
   *     from it)
   * @return what an acknowledged send promises under it
   */
  static Durability of(MqConfig config, String shownAs) {
    String keys = shownAs + ".";
    String acks =
        config
            .passThrough(PRODUCER_PREFIX)
            .getOrDefault(ProducerConfig.ACKS_CONFIG, config.get(ACKS).text())
            .trim()
            .replace("-1", Acks.ALL.text());
    int flush = config.get(FLUSH_MESSAGES);
    if (acks.equals(Acks.NONE.text())) {
      return new Durability(Durability.Level.NONE, "(the producer does not wait)", keys + "acks=0");
    }
    String where =
        acks.equals(Acks.LEADER.text())
            ? "on the partition leader only"
            : "on every in-sync replica (at least the topic's min.insync.replicas)";
    String setting =
        keys
            + "acks="
            + acks
            + ", "
            + switch (flush) {
              case 0 -> "broker flush: the OS page cache (flush.messages unset)";
              case 1 -> "topic flush.messages=1: every append fsynced before it is acknowledged";
              default -> "topic flush.messages=" + flush + ": fsynced every " + flush + " messages";
            };
    // A leader-only acknowledgement is lost with its leader, whatever the leader's disk did.
    boolean fsynced = flush == 1 && acks.equals(Acks.ALL.text());
    return new Durability(
        fsynced ? Durability.Level.FSYNC : Durability.Level.MEMORY, where, setting);
  }

  /**
   * The producer's effective acks, when weaker than {@code all}.
   *
   * @param config a configuration of the {@code kafka} backend
   * @param shownAs the backend whose keys the warnings name
   * @return one line per unsafe producer setting
   */
  static List<String> producerWarnings(MqConfig config, String shownAs) {
    List<String> w = new ArrayList<>();
    Map<String, String> producer = config.passThrough(PRODUCER_PREFIX);
    String acksKey =
        shownAs
            + (producer.containsKey(ProducerConfig.ACKS_CONFIG)
                    ? PRODUCER_PREFIX + ProducerConfig.ACKS_CONFIG
                    : ACKS.name())
                .substring("kafka".length());
    String acks = producer.getOrDefault(ProducerConfig.ACKS_CONFIG, config.get(ACKS).text()).trim();
    if (acks.equals(Acks.NONE.text())) {
      w.add(
          acksKey
              + "=0: the producer does not wait for the broker, so a send counts as acknowledged"
              + " before anything stored it; loss is expected");
    } else if (acks.equals(Acks.LEADER.text())) {
      w.add(
          acksKey
              + "=1: only the partition leader has a message when it is acknowledged; loss is"
              + " expected when a leader fails");
    }
    return w;
  }
}
