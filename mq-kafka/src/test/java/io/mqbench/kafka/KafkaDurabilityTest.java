package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 28, defect 3: where an acknowledged message is, declared from the settings used. */
class KafkaDurabilityTest {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  private Durability of(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void acksAllIsInMemoryOnEveryInSyncReplica() {
    Durability d = of(Map.of());
    assertThat(d.level()).isEqualTo(Level.MEMORY);
    assertThat(d.where()).contains("every in-sync replica");
    assertThat(d.settings()).contains("kafka.acks=all").contains("page cache");
  }

  @Test
  void acksOneIsInMemoryOnTheLeaderOnly() {
    assertThat(of(Map.of("kafka.acks", "1")).where()).isEqualTo("on the partition leader only");
  }

  @Test
  void acksZeroIsNotStoredWhenAcknowledged() {
    assertThat(of(Map.of("kafka.acks", "0")).unsafe()).isTrue();
    assertThat(
            of(Map.of("kafka.producer.acks", "0", "kafka.producer.enable.idempotence", "false"))
                .level())
        .isEqualTo(Level.NONE);
  }

  @Test
  void aTopicThatFsyncsEveryAppendWithAcksAllIsFsyncedOnEveryInSyncReplica() {
    Durability d = of(Map.of("kafka.flushMessages", "1"));
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.where()).contains("every in-sync replica");
    assertThat(d.settings()).contains("flush.messages=1");
  }

  @Test
  void aTopicThatFsyncsEveryFewMessagesIsStillInMemoryWhenAcknowledged() {
    assertThat(of(Map.of("kafka.flushMessages", "100")).level()).isEqualTo(Level.MEMORY);
  }
}
