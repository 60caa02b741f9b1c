package io.mqbench.redis;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a redis-server of its own (it freezes the server, so it does not share
 * the contract tests' one), which requires a password.
 */
class RedisFailureIT extends MqFailureKit {
  private static RedisServer server;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestRedis.start(FsyncPolicy.ALWAYS);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected MqProvider provider() {
    return new RedisMqProvider();
  }

  /**
   * @return the keys that point at the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("redis.uri", server.uri());
  }

  /** Short timeouts, so that a frozen server fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>(brokerKeys());
    raw.put("redis.stream", queueName);
    raw.put("redis.commandTimeout", "3s");
    raw.put("redis.connectTimeout", "2s");
    raw.put("redis.maxMessageBytes", String.valueOf(1 << 20));
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(
        Map.of(
            "redis.uri",
            "redis://:" + TestRedis.PASSWORD + "@" + host + ":" + port,
            "redis.connectTimeout",
            "3s",
            "redis.commandTimeout",
            "3s"));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.of(
        new WrongCredentials(
            Map.of("redis.uri", "redis://:not-the-password@127.0.0.1:" + server.port()),
            "redis.uri"));
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
