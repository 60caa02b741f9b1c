package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
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

  @BeforeAll
  static void startBroker() throws InterruptedException {
    bootstrap = TestKafka.bootstrapServers();
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    KafkaMqProvider provider = new KafkaMqProvider();
    return provider.open(
        provider.configure(
            Map.of(
                "kafka.bootstrapServers",
                bootstrap,
                "kafka.topic",
                queueName,
                "kafka.partitions",
                "4",
                "kafka.replicationFactor",
                "1",
                "kafka.leaseTimeout",
                LEASE.toMillis() + "ms",
                "kafka.sessionTimeout",
                LEASE.toMillis() + "ms")));
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
}
