package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;

/**
 * {@code --durability fsync} on Kafka is a topic that fsyncs every append: the declared level is
 * only true if the topic the run uses has that setting, created or found.
 */
class KafkaTopicFlushIT {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  private static ConfigEntry flushMessagesOf(String bootstrap, String topic) throws Exception {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      return admin
          .describeConfigs(List.of(r))
          .all()
          .get()
          .get(r)
          .get(TopicConfig.FLUSH_MESSAGES_INTERVAL_CONFIG);
    }
  }

  private void open(String bootstrap, String topic, String flushMessages) {
    try (Mq mq =
        provider.open(
            provider.configure(
                Map.of(
                    "kafka.bootstrapServers", bootstrap,
                    "kafka.topic", topic,
                    "kafka.flushMessages", flushMessages)))) {
      assertThat(mq.versions().get("topic")).contains("flush.messages=");
    }
  }

  @Test
  void theTopicOfAnFsyncRunFsyncsEveryAppendWhetherCreatedOrFoundAndLosesItWhenNotAsked()
      throws Exception {
    String bootstrap = TestKafka.bootstrapServers();
    String topic = "flush-" + System.nanoTime();
    assertThat(provider.durability(provider.configure(Map.of("kafka.flushMessages", "1"))).level())
        .isEqualTo(Durability.Level.FSYNC);

    open(bootstrap, topic, "1"); // created with it
    ConfigEntry created = flushMessagesOf(bootstrap, topic);
    assertThat(created.value()).isEqualTo("1");
    assertThat(created.source()).isEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);

    open(bootstrap, topic, "0"); // an existing topic of an fsync run, now used at page cache
    ConfigEntry removed = flushMessagesOf(bootstrap, topic);
    assertThat(removed.source()).isNotEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
    assertThat(removed.value()).isEqualTo(String.valueOf(Long.MAX_VALUE));

    open(bootstrap, topic, "1"); // found without it: given it
    assertThat(flushMessagesOf(bootstrap, topic).value()).isEqualTo("1");
  }
}
