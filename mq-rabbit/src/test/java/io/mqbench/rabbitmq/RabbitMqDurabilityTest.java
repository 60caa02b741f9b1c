package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 28, defect 3: where an acknowledged message is, declared from the settings used. */
class RabbitMqDurabilityTest {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  private Durability of(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void aQuorumQueueConfirmsOnceAMajorityFsyncedIt() {
    Durability d = of(Map.of("rabbitmq.queueType", "quorum"));
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.where()).contains("majority");
  }

  @Test
  void aTransientClassicMessageIsInMemoryOnTheQueuesNode() {
    Durability d = of(Map.of("rabbitmq.queueType", "classic", "rabbitmq.persistent", "false"));
    assertThat(d.level()).isEqualTo(Level.MEMORY);
    assertThat(d.settings()).contains("rabbitmq.persistent=false");
  }

  @Test
  void aStreamConfirmsOnceAMajorityWroteItWithoutFsync() {
    Durability d = of(Map.of("rabbitmq.queueType", "stream"));
    assertThat(d.level()).isEqualTo(Level.MEMORY);
    assertThat(d.where()).contains("majority").contains("not fsynced");
  }
}
