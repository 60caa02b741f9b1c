package io.mqbench.postgres;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit as {@link PostgresFailureIT} runs it, against a replicated PostgreSQL of its own
 * (a primary and two standbys; it freezes every node at once, and their processes live on, so no
 * standby is promoted), reached through the multi-host URL, each commit waiting for one standby.
 */
class PostgresClusterFailureIT extends PostgresFailureIT {
  private static PostgresCluster cluster;

  /** Hides the single server's start: this class runs against the cluster alone. */
  @BeforeAll
  static void startServer() throws InterruptedException {
    cluster = TestPostgresCluster.start();
  }

  @AfterAll
  static void stopServer() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of("postgres.url", cluster.url(), "postgres.syncStandbys", "1");
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.faults().orElseThrow()));
  }
}
