package io.mqbench.nats;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every test of the contract kit against a private nats-server with JetStream; subscriptions are
 * durable consumers of an interest-retention stream.
 */
class NatsContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static NatsServer server;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestNats.start();
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
    return Map.of("nats.url", server.url());
  }

  /** Stream names allow no dots: the kit's names hold letters, digits and dashes only. */
  private Map<String, String> config(String queueName) {
    Map<String, String> keys = new java.util.HashMap<>(brokerKeys());
    keys.put("nats.stream", queueName);
    keys.put("nats.ackWait", "3s");
    return keys;
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    NatsMqProvider provider = new NatsMqProvider();
    return Optional.of(new Configured(provider, provider.configure(config(queueName))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    NatsMqProvider provider = new NatsMqProvider();
    return provider.open(provider.configure(config(queueName)));
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    NatsMqProvider provider = new NatsMqProvider();
    return Optional.of(provider.open(provider.configure(config(queueName)), subscriptions));
  }

  @Test
  void aWorkQueueStreamLeftByAPointToPointRunIsRefusedSubscriptionsInOneLine() {
    NatsMqProvider provider = new NatsMqProvider();
    MqConfig config = provider.configure(config("work-" + System.nanoTime()));
    try (Mq pointToPoint = provider.open(config)) {
      assertThatThrownBy(() -> provider.open(config, 2))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("has work-queue retention, which allows one consumer")
          .hasMessageNotContaining("\n");
      pointToPoint.removeQueue();
    }
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
