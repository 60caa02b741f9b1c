package io.mqbench.rabbitmq;

import io.mqbench.broker.Loopback;
import io.mqbench.broker.NativeServer;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.nio.file.Path;
import java.util.List;

/**
 * The Erlang port mapper of a local RabbitMQ cluster: one {@code epmd} in the foreground on a
 * private port of 127.0.0.1, with which every node registers and through which nodes and {@code
 * rabbitmqctl} find each other by name. Started before the nodes and stopped after them, it is a
 * process of the runner's like the nodes (stopped when the runner dies, even by SIGKILL), where an
 * epmd a node started itself would be a daemon left running.
 *
 * <p>A node in a network namespace of its own has one of these {@linkplain #beside beside} it
 * instead, in its namespace, on 127.0.0.1 (where the node registers) and on the node's address
 * (where the other nodes ask for it), on the same port in every namespace: a node asks another's
 * epmd on the port it uses itself.
 */
final class RabbitEpmd extends NativeServer {
  RabbitEpmd(Path executable) {
    super(executable, "mqbench-rabbitmq-epmd-", "private epmd");
  }

  private RabbitEpmd(Path executable, int port) {
    super(executable, "mqbench-rabbitmq-epmd-", "private epmd", port);
  }

  /**
   * @return the installed {@code epmd}, on a free port
   * @throws MqException if there is none (it comes with RabbitMQ's Erlang)
   */
  static RabbitEpmd installed() {
    return new RabbitEpmd(installedEpmd());
  }

  /**
   * @param port the port it listens on: one that every node of a cluster in network namespaces
   *     uses, in its own namespace
   * @return the installed {@code epmd}, on that port
   * @throws MqException if there is none (it comes with RabbitMQ's Erlang)
   */
  static RabbitEpmd installed(int port) {
    return new RabbitEpmd(installedEpmd(), port);
  }

  private static Path installedEpmd() {
    return NativeServer.installed("epmd")
        .orElseThrow(
            () ->
                new MqException(
                    "rabbitmq: no epmd found for a local cluster (it comes with erlang-base)"));
  }

  /**
   * Runs this epmd, not yet started, where the node runs: in its network namespace, if it has one.
   *
   * @param node the node that registers with it
   */
  void beside(RabbitNode node) {
    placeBeside(node);
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port) {
    String host = host();
    String addresses = host.equals(Loopback.HOST) ? host : Loopback.HOST + "," + host;
    return RemovedWhenOrphaned.wrap(
        List.of(executable.toString(), "-port", String.valueOf(port), "-address", addresses),
        directory);
  }

  @Override
  protected MqConfig pointAt(MqConfig config) {
    return config;
  }

  /**
   * @return whether its process runs
   */
  boolean isRunning() {
    try {
      return process().isAlive();
    } catch (IllegalStateException e) {
      return false;
    }
  }

  @Override
  public String description() {
    return "a private epmd on " + address();
  }
}
