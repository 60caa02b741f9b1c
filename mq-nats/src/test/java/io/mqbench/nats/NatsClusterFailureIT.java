package io.mqbench.nats;

import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a three-node local JetStream cluster of its own (it freezes every node,
 * so it does not share the contract tests' cluster); streams with three replicas.
 */
class NatsClusterFailureIT extends MqFailureKit {
  private static NatsCluster cluster;

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestNatsCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected MqProvider provider() {
    return new NatsMqProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>();
    raw.put("nats.url", cluster.url());
    raw.put("nats.stream", queueName);
    raw.put("nats.replicas", String.valueOf(TestNatsCluster.NODES));
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
    String first = cluster.url().split(",")[0];
    return Optional.of(
        new WrongCredentials(
            Map.of("nats.url", first.replace(TestNats.PASSWORD, "not-the-password")), "nats.url"));
  }

  /** The whole cluster frozen: every node at once. */
  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.faults().orElseThrow()));
  }
}
