package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The private node the runner starts when no address is given is one node: its quorum queue has one
 * member, which the cluster reports and the durability says, never "a majority of the queue's
 * replicas".
 */
class RabbitNodeMembersIT {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  @Test
  @Timeout(180)
  void aQuorumQueueOnTheSinglePrivateNodeIsReadBackAsOneMemberAndSaidSo() throws Exception {
    MqConfig asked = provider.configure(Map.of("rabbitmq.queue", "one-member"));
    LocalBroker broker = provider.localBroker(asked).orElseThrow();
    try {
      MqConfig config = broker.start(asked);
      try (Mq mq = provider.open(config)) {
        Durability declared = provider.durability(config);
        Durability found = provider.durabilityFound(config).orElseThrow();

        assertThat(declared.level()).isEqualTo(Durability.Level.FSYNC);
        assertThat(declared.where())
            .isEqualTo("on the queue's only member (one node, not replicated)")
            .doesNotContain("majority");
        assertThat(found.where()).isEqualTo(declared.where());
        assertThat(found.settings()).contains("1 member(s), 1 online, leader mqbench-");
        assertThat(mq.createdQueue()).contains(true);
      }
    } finally {
      broker.close();
    }
  }
}
