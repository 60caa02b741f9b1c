package io.mqbench.rabbitmq;

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
    Path bin =
        RabbitNode.installed()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "rabbitmq-server is not installed: apt-get install rabbitmq-server"));
    RabbitCluster cluster = RabbitCluster.of(bin, NODES);
    long started = System.nanoTime();
    cluster.start(new RabbitMqProvider().configure(Map.of()));
    System.err.printf(
        "[rabbit-it] %s up in %d ms%n",
        cluster.description(), (System.nanoTime() - started) / 1_000_000);
    return cluster;
  }

  /**
   * @return node 1's URI alone, for checks and clean-up outside the backend
   */
  static String firstUri(RabbitCluster cluster) {
    return cluster.uri().split(",")[0];
  }
}
