package io.mqbench.nats;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a nats-server of its own (it freezes the server, so it does not share the
 * contract tests' one), which requires a password.
 */
class NatsFailureIT extends MqFailureKit {
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

  @Override
  protected MqProvider provider() {
    return new NatsMqProvider();
  }

  /**
   * @return the keys that point at the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("nats.url", server.url());
  }

  /** Short timeouts, so that a frozen server fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>(brokerKeys());
    raw.put("nats.stream", queueName);
    raw.put("nats.requestTimeout", "2s");
    raw.put("nats.connectTimeout", "2s");
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(
        Map.of(
            "nats.url",
            "nats://mqbench:" + TestNats.PASSWORD + "@" + host + ":" + port,
            "nats.connectTimeout",
            "3s"));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.of(
        new WrongCredentials(
            Map.of("nats.url", "nats://mqbench:not-the-password@127.0.0.1:" + server.port()),
            "nats.url"));
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
