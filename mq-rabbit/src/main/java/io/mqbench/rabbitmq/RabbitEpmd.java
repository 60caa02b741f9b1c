package io.mqbench.rabbitmq;

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
 */
final class RabbitEpmd extends NativeServer {
  RabbitEpmd(Path executable) {
    super(executable, "mqbench-rabbitmq-epmd-", "private epmd");
  }

  /**
   * @return the installed {@code epmd}
   * @throws MqException if there is none (it comes with RabbitMQ's Erlang)
   */
  static RabbitEpmd installed() {
    return new RabbitEpmd(
        NativeServer.installed("epmd")
            .orElseThrow(
                () ->
                    new MqException(
                        "rabbitmq: no epmd found for a local cluster (it comes with erlang-base)")));
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port) {
    return RemovedWhenOrphaned.wrap(
        List.of(executable.toString(), "-port", String.valueOf(port), "-address", "127.0.0.1"),
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
    return "a private epmd on 127.0.0.1:" + port();
  }
}
