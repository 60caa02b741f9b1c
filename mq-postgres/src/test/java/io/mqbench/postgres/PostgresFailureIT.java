package io.mqbench.postgres;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a PostgreSQL server of its own (it freezes the server, so it does not
 * share the contract tests' one), which requires a password over TCP.
 */
class PostgresFailureIT extends MqFailureKit {
  private static PostgresServer server;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestPostgres.start(true, TestPostgres.PASSWORD);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected MqProvider provider() {
    return new PostgresMqProvider();
  }

  /**
   * @return the keys that point at the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("postgres.url", server.url());
  }

  /** Short timeouts, so that a frozen server fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>(brokerKeys());
    raw.put("postgres.password", TestPostgres.PASSWORD);
    raw.put("postgres.table", queueName);
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
            Map.of(
                "postgres.url",
                brokerKeys().get("postgres.url"),
                "postgres.password",
                "not-the-password"),
            "postgres.password"));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    BrokerProcess process = server.process();
    return Optional.of(
        new BrokerControl() {
          @Override
          public void suspend() throws Exception {
            process.suspend();
          }

          @Override
          public void resume() throws Exception {
            process.resume();
          }
        });
  }
}
