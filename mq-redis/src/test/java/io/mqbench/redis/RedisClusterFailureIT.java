package io.mqbench.redis;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit as {@link RedisFailureIT} runs it, against a replicated Redis of its own (a
 * primary, two replicas, three Sentinels; it freezes every data node at once), reached through its
 * Sentinels, each send waiting for one replica.
 */
class RedisClusterFailureIT extends RedisFailureIT {
  private static RedisCluster cluster;

  /** Hides the single server's start: this class runs against the cluster alone. */
  @BeforeAll
  static void startServer() throws InterruptedException {
    cluster = TestRedisCluster.start();
  }

  @AfterAll
  static void stopServer() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of("redis.uri", cluster.uri(), "redis.replicas", "1");
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.of(
        new WrongCredentials(
            Map.of("redis.uri", cluster.uri().replace(TestRedis.PASSWORD, "not-the-password")),
            "redis.uri"));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.faults().orElseThrow()));
  }
}
