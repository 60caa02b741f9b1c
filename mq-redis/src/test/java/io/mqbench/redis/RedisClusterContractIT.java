package io.mqbench.redis;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of {@link RedisContractIT} against a primary with two replicas and three Sentinels,
 * reached through the Sentinels, each send waiting for one replica: what a single server passes, a
 * replicated Redis passes too.
 */
class RedisClusterContractIT extends RedisContractIT {
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
}
