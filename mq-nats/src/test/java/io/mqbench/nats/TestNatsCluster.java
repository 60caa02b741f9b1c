package io.mqbench.nats;

import java.nio.file.Path;

/**
 * The tests' three-node JetStream cluster: private nats-servers of the installed package routed to
 * each other, as {@code -p nats.localBrokerNodes=3} starts them, each requiring a password. Missing
 * nats-server fails the tests loudly: {@code apt-get install nats-server} (.ci/run does).
 */
final class TestNatsCluster {
  static final int NODES = 3;

  private TestNatsCluster() {}

  static NatsCluster start() throws InterruptedException {
    Path bin =
        NatsServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "nats-server is not installed: apt-get install nats-server"));
    NatsCluster cluster = NatsCluster.of(bin, NODES, false, TestNats.PASSWORD);
    cluster.start(new NatsMqProvider().configure(java.util.Map.of()));
    return cluster;
  }
}
