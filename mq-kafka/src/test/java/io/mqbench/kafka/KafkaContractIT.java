package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract kit against a real broker: {@code KAFKA_BOOTSTRAP} when set, else the same local
 * broker process the runner starts. A broker that cannot be started fails every test.
 */
class KafkaContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(6);

  private static String bootstrap;

  private final KafkaMqProvider provider = new KafkaMqProvider();

  @BeforeAll
  static void startBroker() throws InterruptedException {
    bootstrap = TestKafka.bootstrapServers();
  }

  /**
   * @return the keys that point at the broker under test, and the topics' replication there
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("kafka.bootstrapServers", bootstrap, "kafka.replicationFactor", "1");
  }

  private MqConfig config(String topic) {
    Map<String, String> raw = new java.util.HashMap<>(brokerKeys());
    raw.putAll(
        Map.of(
            "kafka.topic",
            topic,
            "kafka.partitions",
            "4",
            "kafka.leaseTimeout",
            LEASE.toMillis() + "ms",
            "kafka.sessionTimeout",
            LEASE.toMillis() + "ms"));
    return provider.configure(raw);
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    return Optional.of(new Configured(provider, config(queueName)));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    return provider.open(config(queueName));
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    return Optional.of(provider.open(config(queueName), subscriptions));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(30);
  }

  @Test
  void theClustersMetadataVersionIsRecordedAmongTheVersions() {
    assertThat(mq.versions().get("metadata.version")).matches("level \\d+");
  }

  @Test
  void eachSubscriptionIsAConsumerGroupOfItsOwnAndRemovingTheQueueDeletesThem() throws Exception {
    String topic = "subscriptions-" + UUID.randomUUID().toString().substring(0, 8);
    try (Mq pubSub = provider.open(config(topic), 2)) {
      assertThat(pubSub.versions())
          .containsEntry("consumer groups", "mqbench-" + topic + "-s0,mqbench-" + topic + "-s1");
      try (MqSender sender = pubSub.createSender()) {
        sender.send(messages(0, 3, 100));
      }
      for (int subscription = 0; subscription < 2; subscription++) {
        try (MqReceiver r = pubSub.createReceiver(subscription)) {
          assertThat(receiveAndAck(r, 3)).as("subscription %d", subscription).hasSize(3);
        }
      }

      assertThat(pubSub.removeQueue()).isTrue();
    }

    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                brokerKeys().get("kafka.bootstrapServers")))) {
      assertThat(admin.listGroups().all().get())
          .as("groups left on the broker")
          .noneMatch(g -> g.groupId().startsWith("mqbench-" + topic));
    }
  }
}
