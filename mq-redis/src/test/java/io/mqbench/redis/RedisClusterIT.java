package io.mqbench.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.contract.MqClusterKit;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqProvider;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p redis.localBrokerNodes=3}: the local broker is a primary with two replicas and three
 * Sentinels (the cluster kit: the primary is one of the nodes, killing it loses no acknowledged
 * message, a Sentinel promotes a replica and the clients follow), the replicas online as the
 * primary itself reports them, each send waiting for one of them.
 */
class RedisClusterIT extends MqClusterKit {
  private final RedisMqProvider provider = new RedisMqProvider();

  @Override
  protected MqProvider provider() {
    return provider;
  }

  @Override
  protected Map<String, String> clusterKeys() {
    return Map.of(
        "redis.localBrokerNodes",
        String.valueOf(NODES),
        "redis.stream",
        "replicated",
        "redis.visibilityTimeout",
        "5s");
  }

  @Test
  @Timeout(120)
  void threeLocalNodesAreAPrimaryWithTwoReplicasReadBackFromIt() {
    assertThat(broker().description()).startsWith("a local Redis of 3 private redis-servers");
    assertThat(provider.durability(config).where())
        .isEqualTo("on the primary, and in the memory of 1 replica(s) (WAIT)");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.settings())
          .contains("role master with 2 replica(s) online")
          .doesNotContain("fewer than");
      assertThat(provider.leaderAddress(config).orElseThrow())
          .isEqualTo(broker().faults().orElseThrow().address(0));
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(120)
  void aSendThatWaitsForMoreReplicasThanAreOnlineIsReadBackAsSuch() {
    Durability found = provider.durabilityFound(config.with("redis.replicas", "3")).orElseThrow();

    assertThat(found.settings()).contains("2 replica(s) online").contains("fewer than the 3");
  }
}
