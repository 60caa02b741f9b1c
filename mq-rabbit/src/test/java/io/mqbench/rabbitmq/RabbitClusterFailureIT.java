package io.mqbench.rabbitmq;

import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a three-node local RabbitMQ cluster of its own (it freezes every node, so
 * it does not share the contract tests' cluster); quorum queues with three members.
 */
class RabbitClusterFailureIT extends MqFailureKit {
  private static RabbitCluster cluster;

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestRabbitCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Override
  protected MqProvider provider() {
    return new RabbitMqProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    return Map.of(
        "rabbitmq.uri",
        cluster.uri(),
        "rabbitmq.queue",
        queueName,
        "rabbitmq.queueArgs.x-quorum-initial-group-size",
        String.valueOf(TestRabbitCluster.NODES),
        "rabbitmq.confirmTimeout",
        "3s",
        "rabbitmq.connectTimeout",
        "2s",
        "rabbitmq.maxMessageBytes",
        String.valueOf(1 << 20));
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of("rabbitmq.uri", "amqp://guest:guest@" + host + ":" + port));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    URI first = URI.create(TestRabbitCluster.firstUri(cluster));
    return Optional.of(
        new WrongCredentials(
            Map.of(
                "rabbitmq.uri",
                "amqp://mqbench-nobody:wrong@" + first.getHost() + ":" + first.getPort()),
            "rabbitmq.password"));
  }

  /** The whole cluster frozen: every node at once. */
  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(cluster.faults().orElseThrow()));
  }
}
