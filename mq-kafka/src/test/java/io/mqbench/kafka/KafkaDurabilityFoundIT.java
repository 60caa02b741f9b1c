package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

/**
 * What a Kafka run is recorded at is read back: the acks of the producer configuration the senders
 * are built from (pass-through included) and the topic's flush.messages as the brokers have it.
 */
class KafkaDurabilityFoundIT {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  private MqConfig config(String bootstrap, String topic, String... more) {
    Map<String, String> keys = new java.util.HashMap<>();
    keys.put("kafka.bootstrapServers", bootstrap);
    keys.put("kafka.topic", topic);
    keys.put("kafka.flushMessages", "1");
    for (int i = 0; i < more.length; i += 2) {
      keys.put(more[i], more[i + 1]);
    }
    return provider.configure(keys);
  }

  @Test
  void whatIsFoundIsTheProducersAcksInForceAndTheTopicsFlushAsTheBrokersHaveIt() throws Exception {
    String bootstrap = TestKafka.bootstrapServers();
    String topic = "found-" + System.nanoTime();
    try (Mq mq = provider.open(config(bootstrap, topic))) {
      assertThat(mq.createdQueue()).contains(true);
    }

    Durability fsynced = provider.durabilityFound(config(bootstrap, topic)).orElseThrow();
    assertThat(fsynced.level()).isEqualTo(Durability.Level.FSYNC);
    assertThat(fsynced.settings())
        .startsWith("producer acks=all in force, topic '" + topic + "' flush.messages=1,");

    Durability leaderOnly =
        provider
            .durabilityFound(
                config(
                    bootstrap,
                    topic,
                    "kafka.producer.acks",
                    "1",
                    "kafka.producer.enable.idempotence",
                    "false"))
            .orElseThrow();
    assertThat(leaderOnly.level()).isEqualTo(Durability.Level.MEMORY);
    assertThat(leaderOnly.where()).isEqualTo("on the partition leader only");

    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      admin
          .incrementalAlterConfigs(
              Map.of(
                  r,
                  List.of(
                      new AlterConfigOp(
                          new ConfigEntry(TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG, ""),
                          AlterConfigOp.OpType.DELETE))))
          .all()
          .get();
    }
    Durability pageCache = provider.durabilityFound(config(bootstrap, topic)).orElseThrow();
    assertThat(pageCache.level())
        .as("kafka.flushMessages=1 asked, the topic's removed")
        .isEqualTo(Durability.Level.MEMORY);
  }
}
