package io.mqbench.artemis;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a local broker of its own (it freezes the broker, so it does not share
 * the other tests' broker). The broker authenticates its one user, so wrong credentials are tested.
 */
class ArtemisFailureIT extends MqFailureKit {
  private static JavaLocalBroker artemis;
  private static String url;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    artemis = new JavaLocalBroker(ArtemisMqProvider.LOCAL_BROKER);
    url =
        artemis
            .start(new ArtemisMqProvider().configure(Map.of("artemis.localBrokerHeapMb", "384")))
            .get(ArtemisSettings.URL);
  }

  @AfterAll
  static void stopBroker() {
    if (artemis != null) {
      artemis.close();
    }
  }

  @Override
  protected MqProvider provider() {
    return new ArtemisMqProvider();
  }

  /**
   * @return the keys that reach the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("artemis.url", url);
  }

  /** A short call timeout, so that a frozen broker fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> keys = new HashMap<>(brokerKeys());
    keys.put("artemis.queue", queueName);
    keys.put("artemis.callTimeout", "3s");
    return keys;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of("artemis.url", "tcp://" + host + ":" + port));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.of(
        new WrongCredentials(
            Map.of(
                "artemis.url",
                brokerKeys().get("artemis.url"),
                "artemis.password",
                "not-the-password"),
            "artemis.password"));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(
        new BrokerControl() {
          @Override
          public void suspend() throws Exception {
            artemis.process().suspend();
          }

          @Override
          public void resume() throws Exception {
            artemis.process().resume();
          }
        });
  }
}
