package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.junit.jupiter.api.Test;

/**
 * The failure kit against the kafka tests' freezable local broker, as {@link KafkaFailureIT} runs
 * it with the {@code kafka-share} queue's keys, and a cluster whose share groups are disabled.
 * Credentials do not apply: the local broker is PLAINTEXT, without authentication.
 */
class KafkaShareFailureIT extends KafkaFailureIT {
  @Override
  protected MqProvider provider() {
    return new KafkaShareMqProvider();
  }

  @Override
  protected String prefix() {
    return "kafka-share";
  }

  @Test
  void aClusterWithoutShareGroupsFailsOpenAtOnceInOneLineNamingTheFeatureToEnable()
      throws Exception {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.address()))) {
      setShareVersion(admin, (short) 0);
      try {
        KafkaShareMqProvider provider = new KafkaShareMqProvider();
        String topic = freshName("no-share-groups");
        long start = System.nanoTime();
        assertThatThrownBy(() -> provider.open(provider.configure(brokerConfig(topic))))
            .isInstanceOf(MqException.class)
            .hasMessageContaining("does not serve share groups")
            .hasMessageContaining("--feature share.version=1")
            .hasMessageContaining(kafka.address())
            .message()
            .doesNotContain("\n");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(admin.listTopics().names().get(10, TimeUnit.SECONDS))
            .as("nothing created on a cluster that cannot serve the backend")
            .doesNotContain(topic);
      } finally {
        setShareVersion(admin, (short) 1);
      }
    }
  }

  private static void setShareVersion(Admin admin, short level) throws Exception {
    FeatureUpdate.UpgradeType type =
        level == 0 ? FeatureUpdate.UpgradeType.UNSAFE_DOWNGRADE : FeatureUpdate.UpgradeType.UPGRADE;
    admin
        .updateFeatures(Map.of(KafkaShareMq.SHARE_VERSION, new FeatureUpdate(level, type)))
        .all()
        .get(10, TimeUnit.SECONDS);
    // The brokers learn the finalized level from the metadata log, a moment later.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (finalized(admin) != level && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(finalized(admin)).as("finalized share.version").isEqualTo(level);
  }

  private static short finalized(Admin admin) throws Exception {
    var range =
        admin
            .describeFeatures()
            .featureMetadata()
            .get(10, TimeUnit.SECONDS)
            .finalizedFeatures()
            .get(KafkaShareMq.SHARE_VERSION);
    return range == null ? 0 : range.maxVersionLevel();
  }
}
