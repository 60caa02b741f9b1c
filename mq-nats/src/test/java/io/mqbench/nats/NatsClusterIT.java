package io.mqbench.nats;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqClusterKit;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqProvider;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p nats.localBrokerNodes=3}: the local broker is a three-node JetStream cluster (the
 * cluster kit: its leader is one of its nodes, killing it loses no acknowledged message), and its
 * streams have three replicas as the cluster itself reports them.
 */
class NatsClusterIT extends MqClusterKit {
  private final NatsMqProvider provider = new NatsMqProvider();

  @Override
  protected MqProvider provider() {
    return provider;
  }

  @Override
  protected Map<String, String> clusterKeys() {
    return Map.of(
        "nats.localBrokerNodes",
        String.valueOf(NODES),
        "nats.stream",
        "replicated",
        "nats.ackWait",
        "5s");
  }

  @Test
  @Timeout(120)
  void threeLocalNodesMakeAClusterWhoseStreamsHaveThreeReplicasReadBackFromIt() {
    assertThat(broker().description()).startsWith("a 3-node local JetStream cluster");
    assertThat(provider.durability(config).where())
        .isEqualTo("on a majority of the stream's 3 replicas");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.where()).isEqualTo("on a majority of the stream's 3 replicas");
      assertThat(found.settings())
          .contains("stream storage file with 3 replica(s): leader mqbench-");
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(120)
  void aStreamWithFewerReplicasThanAskedIsReadBackAsIt() {
    MqConfig one = config.with("nats.replicas", "1").with("nats.stream", "single");
    try (Mq mq = provider.open(one)) {
      Durability found = provider.durabilityFound(config.with("nats.stream", "single")).get();

      assertThat(found.where()).isEqualTo("on the stream's server");
      assertThat(found.settings()).contains("1 replica(s) (fewer than nats.replicas=3)");
      mq.removeQueue();
    }
  }
}
