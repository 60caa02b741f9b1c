package io.mqbench.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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

  private static Map<String, String> config(String queueName) {
    return Map.of(
        "redis.uri", server.uri(), "redis.stream", queueName, "redis.visibilityTimeout", "3s");
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

  @Test
  void twoQueuesNamedForDifferentSuffixesShareNoMessages() throws Exception {
    RedisMqProvider provider = new RedisMqProvider();
    MqConfig base = provider.configure(config("suffixed-" + System.nanoTime()));
    Map<String, String> second = provider.keysForQueue(base, "-2").orElseThrow();
    Map<String, String> third = provider.keysForQueue(base, "-3").orElseThrow();
    assertThat(second.values()).doesNotContainAnyElementsOf(third.values());

    try (Mq two = provider.open(over(provider, base, second));
        Mq three = provider.open(over(provider, base, third));
        MqSender toTwo = two.createSender();
        MqReceiver ofTwo = two.createReceiver();
        MqReceiver ofThree = three.createReceiver()) {
      toTwo.send(messages(0, 10, 100));

      assertThat(receiveAndAck(ofTwo, 10)).hasSize(10);
      assertThat(ofThree.receive(10, Duration.ofSeconds(1))).isEmpty();
      two.removeQueue();
      three.removeQueue();
    }
  }

  private static MqConfig over(RedisMqProvider provider, MqConfig base, Map<String, String> keys) {
    Map<String, String> raw = new HashMap<>(base.given());
    raw.putAll(keys);
    return provider.configure(raw);
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
