package io.mqbench.redis;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of the contract kit against a private redis-server with appendfsync always;
 * subscriptions are consumer groups of one stream.
 */
class RedisContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static RedisServer server;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestRedis.start(FsyncPolicy.ALWAYS);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  /**
   * @return the keys that point at the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("redis.uri", server.uri());
  }

  private Map<String, String> config(String queueName) {
    Map<String, String> keys = new java.util.HashMap<>(brokerKeys());
    keys.put("redis.stream", queueName);
    keys.put("redis.visibilityTimeout", "3s");
    return keys;
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
