package io.mqbench.postgres;

import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a replicated PostgreSQL of its own (a primary and two standbys; it
 * freezes every node, so it does not share the contract tests' one), reached through the multi-host
 * URL, each commit waiting for one standby.
 */
class PostgresClusterFailureIT extends MqFailureKit {
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

  @Override
  protected MqProvider provider() {
    return new PostgresMqProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>();
    raw.put("postgres.url", cluster.url());
    raw.put("postgres.password", TestPostgres.PASSWORD);
    raw.put("postgres.table", queueName);
    raw.put("postgres.syncStandbys", "1");
    raw.put("postgres.commandTimeout", "3s");
    raw.put("postgres.connectTimeout", "2s");
    raw.put("postgres.maxMessageBytes", String.valueOf(1 << 20));
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(
        Map.of(
            "postgres.url",
            "jdbc:postgresql://" + host + ":" + port + "/postgres",
            "postgres.password",
            TestPostgres.PASSWORD,
            "postgres.connectTimeout",
            "3s",
            "postgres.commandTimeout",
            "3s"));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.of(
        new WrongCredentials(
            Map.of("postgres.url", cluster.url(), "postgres.password", "not-the-password"),
            "postgres.password"));
  }

  /** Every node frozen at once; their processes live on, so no standby is promoted. */
  @Override
  protected Optional<BrokerControl> brokerControl() {
    BrokerFaults faults = cluster.faults().orElseThrow();
    return Optional.of(
        new BrokerControl() {
          @Override
          public void suspend() throws Exception {
            for (int node = 0; node < faults.nodes(); node++) {
              faults.pause(node);
            }
          }

          @Override
          public void resume() throws Exception {
            for (int node = 0; node < faults.nodes(); node++) {
              faults.resume(node);
            }
          }
        });
  }
}
