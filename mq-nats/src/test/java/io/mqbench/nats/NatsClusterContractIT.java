package io.mqbench.nats;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of the contract kit against a three-node local JetStream cluster, each stream with
 * three replicas: what a single server passes, a replicated stream passes too.
 */
class NatsClusterContractIT extends MqContractKit {
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static NatsCluster cluster;

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestNatsCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static Map<String, String> config(String queueName) {
    return Map.of(
        "nats.url",
        cluster.url(),
        "nats.stream",
        queueName,
        "nats.ackWait",
        "3s",
        "nats.replicas",
        String.valueOf(TestNatsCluster.NODES));
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

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
