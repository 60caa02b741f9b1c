package io.mqbench.redis;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of the contract kit against a primary with two replicas and three Sentinels, each send
 * waiting for one replica: what a single server passes, a replicated Redis passes too.
 */
class RedisClusterContractIT extends MqContractKit {
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static RedisCluster cluster;

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestRedisCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static Map<String, String> config(String queueName) {
    return Map.of(
        "redis.uri",
        cluster.uri(),
        "redis.stream",
        queueName,
        "redis.visibilityTimeout",
        "3s",
        "redis.replicas",
        "1");
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    RedisMqProvider provider = new RedisMqProvider();
    return Optional.of(new Configured(provider, provider.configure(config(queueName))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    RedisMqProvider provider = new RedisMqProvider();
    return provider.open(provider.configure(config(queueName)));
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    RedisMqProvider provider = new RedisMqProvider();
    return Optional.of(provider.open(provider.configure(config(queueName)), subscriptions));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
