package io.mqbench.redis;

import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a replicated Redis of its own (a primary, two replicas, three Sentinels;
 * it freezes every data node, so it does not share the contract tests' one), reached through its
 * Sentinels, each send waiting for one replica.
 */
class RedisClusterFailureIT extends MqFailureKit {
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

  @Override
  protected MqProvider provider() {
    return new RedisMqProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>();
    raw.put("redis.uri", cluster.uri());
    raw.put("redis.stream", queueName);
    raw.put("redis.replicas", "1");
    raw.put("redis.commandTimeout", "3s");
    raw.put("redis.connectTimeout", "2s");
    raw.put("redis.maxMessageBytes", String.valueOf(1 << 20));
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(
        Map.of(
            "redis.uri",
            "redis://:" + TestRedis.PASSWORD + "@" + host + ":" + port,
            "redis.connectTimeout",
            "3s",
            "redis.commandTimeout",
            "3s"));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.of(
        new WrongCredentials(
            Map.of("redis.uri", cluster.uri().replace(TestRedis.PASSWORD, "not-the-password")),
            "redis.uri"));
  }

  /** Every data node frozen at once; the Sentinels run on and find no replica to promote. */
  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.faults().orElseThrow()));
  }
}
