package io.mqbench.nats;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit as {@link NatsFailureIT} runs it, against a three-node local JetStream cluster of
 * its own (it freezes every node at once), streams with three replicas.
 */
class NatsClusterFailureIT extends NatsFailureIT {
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

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    String first = cluster.url().split(",")[0];
    return Optional.of(
        new WrongCredentials(
            Map.of("nats.url", first.replace(TestNats.PASSWORD, "not-the-password")), "nats.url"));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.faults().orElseThrow()));
  }
}
