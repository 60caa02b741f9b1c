package io.mqbench.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every test of the contract kit against a private PostgreSQL server with fsync on, the sends
 * committed with synchronous_commit on; and what the claim costs as the backlog grows.
 */
class PostgresContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static PostgresServer server;
  private String table;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestPostgres.start(true, null);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static Map<String, String> config(String table, String... more) {
    java.util.HashMap<String, String> raw = new java.util.HashMap<>();
    raw.put("postgres.url", server.url());
    raw.put("postgres.table", table);
    raw.put("postgres.visibilityTimeout", "3s");
    for (int i = 0; i < more.length; i += 2) {
      raw.put(more[i], more[i + 1]);
    }
    return raw;
  }

  /**
   * @return the connections per sender under test
   */
  protected String sendConnections() {
    return "1";
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    PostgresMqProvider provider = new PostgresMqProvider();
    return Optional.of(
        new Configured(
            provider,
            provider.configure(config(queueName, "postgres.sendConnections", sendConnections()))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    table = queueName;
    PostgresMqProvider provider = new PostgresMqProvider();
    return provider.open(
        provider.configure(config(queueName, "postgres.sendConnections", sendConnections())));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  @Test
  void aClaimReadsTheHeadOfThePrimaryKeyAndNotTheBacklogBehindIt() throws Exception {
    MqSender sender = sender();
    for (int i = 0; i < 20; i++) {
      sender.send(messages(i * 500L, 500, 100));
    }
    MqReceiver receiver = receiver();
    List<Received> got = receiver.receive(10, Duration.ofSeconds(5));
    assertThat(got).hasSize(10);
    receiver.ack(got);

    try (Connection c = PostgresMq.connect(settings(), SynchronousCommit.ON);
        Statement s = c.createStatement()) {
      s.execute("ANALYZE \"" + table + "\"");
      c.setAutoCommit(false);
      StringBuilder plan = new StringBuilder();
      try (ResultSet r =
          s.executeQuery(
              "EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) SELECT id FROM \""
                  + table
                  + "\" WHERE visible_at <= now() ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED")) {
        while (r.next()) {
          plan.append(r.getString(1)).append('\n');
        }
      }
      c.rollback();
      String text = plan.toString();
      assertThat(text).as(text).contains("Index Scan using").doesNotContain("Seq Scan");
      // 10,000 rows in the table, 10 read: the scan stopped after the batch.
      assertThat(text).as(text).containsPattern("Index Scan using \\S+ on \\S+ .*rows=1[0-9] ");
    }
  }

  private PostgresSettings settings() {
    return PostgresSettings.from(new PostgresMqProvider().configure(config(table)));
  }
}
