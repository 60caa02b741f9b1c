package io.mqbench.rabbitmq;

import io.mqbench.config.MqConfig;
import java.nio.file.Path;
import java.util.Map;

/**
 * The tests' three-node RabbitMQ cluster: private nodes of the installed package clustered with
 * each other, as {@code -p rabbitmq.localBrokerNodes=3} starts them. Missing rabbitmq-server fails
 * the tests loudly: {@code apt-get install rabbitmq-server} (.ci/run does).
 */
final class TestRabbitCluster {
  static final int NODES = 3;

  private TestRabbitCluster() {}

  static RabbitCluster start() throws InterruptedException {
    RabbitCluster cluster = RabbitCluster.of(bin(), NODES);
    long started = System.nanoTime();
    cluster.start(new RabbitMqProvider().configure(Map.of()));
    System.err.printf(
        "[rabbit-it] %s up in %d ms%n",
        cluster.description(), (System.nanoTime() - started) / 1_000_000);
    return cluster;
  }

  private static Path bin() {
    return RabbitNode.installed()
        .orElseThrow(
            () ->
                new AssertionError(
                    "rabbitmq-server is not installed: apt-get install rabbitmq-server"));
  }

  /**
   * @return a started cluster whose nodes serve streams, as {@code -p
   *     rabbitmq-stream.localBrokerNodes=3} starts it, with the configuration pointing at it
   */
  static StreamCluster startWithStreams() throws InterruptedException {
    RabbitCluster cluster = RabbitCluster.withStreams(bin(), NODES);
    long started = System.nanoTime();
    MqConfig config = cluster.start(new RabbitStreamProvider().configure(Map.of()));
    System.err.printf(
        "[rabbit-it] %s up in %d ms%n",
        cluster.description(), (System.nanoTime() - started) / 1_000_000);
    return new StreamCluster(cluster, config);
  }

  /**
   * A started cluster with streams and the {@code rabbitmq-stream} configuration pointing at it.
   *
   * @param cluster the cluster
   * @param config the backend's configuration its start returned
   */
  record StreamCluster(RabbitCluster cluster, MqConfig config) implements AutoCloseable {
    /**
     * @return every node's stream URI, node 1's AMQP port, and streams with a member on each node
     */
    Map<String, String> brokerKeys() {
      return Map.of(
          "rabbitmq-stream.uri",
          config.get(StreamSettings.URI),
          "rabbitmq-stream.amqpPort",
          String.valueOf(config.get(StreamSettings.AMQP_PORT)),
          "rabbitmq-stream.initialClusterSize",
          String.valueOf(NODES));
    }

    /**
     * @return node 1's AMQP URI, to delete test streams with
     */
    String amqpUri() {
      return firstUri(cluster);
    }

    @Override
    public void close() {
      cluster.close();
    }
  }

  /**
   * @return node 1's URI alone, for checks and clean-up outside the backend
   */
  static String firstUri(RabbitCluster cluster) {
    return cluster.uri().split(",")[0];
  }
}
