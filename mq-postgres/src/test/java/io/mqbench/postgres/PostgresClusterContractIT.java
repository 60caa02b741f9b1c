package io.mqbench.postgres;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of the contract kit against a primary with two streaming standbys, reached through the
 * multi-host URL, each commit waiting for one standby: what a single server passes, a replicated
 * PostgreSQL passes too.
 */
class PostgresClusterContractIT extends MqContractKit {
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static PostgresCluster cluster;

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestPostgresCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static Map<String, String> config(String queueName) {
    return Map.of(
        "postgres.url",
        cluster.url(),
        "postgres.password",
        TestPostgres.PASSWORD,
        "postgres.table",
        queueName,
        "postgres.visibilityTimeout",
        "3s",
        "postgres.syncStandbys",
        "1");
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    PostgresMqProvider provider = new PostgresMqProvider();
    return Optional.of(new Configured(provider, provider.configure(config(queueName))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    PostgresMqProvider provider = new PostgresMqProvider();
    return provider.open(provider.configure(config(queueName)));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
