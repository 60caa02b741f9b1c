package io.mqbench.nats;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of {@link NatsContractIT} against a three-node local JetStream cluster, each stream
 * with three replicas: what a single server passes, a replicated stream passes too.
 */
class NatsClusterContractIT extends NatsContractIT {
  private static NatsCluster cluster;

  /** Hides the single server's start: this class runs against the cluster alone. */
  @BeforeAll
  static void startServer() throws InterruptedException {
    cluster = TestNatsCluster.start();
  }

  @AfterAll
  static void stopServer() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of(
        "nats.url", cluster.url(), "nats.replicas", String.valueOf(TestNatsCluster.NODES));
  }
}
