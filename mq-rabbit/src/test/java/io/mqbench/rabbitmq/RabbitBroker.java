package io.mqbench.rabbitmq;

import java.util.Optional;

/**
 * The RabbitMQ broker integration tests run against: the one {@code RABBITMQ_URI} names, or else a
 * private node ({@link RabbitNode}, the same the runner starts) of the installed {@code
 * rabbitmq-server}. {@link #close()} stops a private node and deletes its directory.
 */
final class RabbitBroker implements AutoCloseable {
  private final String uri;
  private final RabbitNode node; // null when RABBITMQ_URI is used

  private RabbitBroker(String uri, RabbitNode node) {
    this.uri = uri;
    this.node = node;
  }

  /**
   * @return the broker from {@code RABBITMQ_URI}, or a freshly started private node
   * @throws IllegalStateException if there is neither, saying how to provide one
   */
  static RabbitBroker fromEnvironmentOrStart() {
    String fromEnv = System.getenv("RABBITMQ_URI");
    if (fromEnv != null && !fromEnv.isBlank()) {
      return new RabbitBroker(fromEnv.trim(), null);
    }
    RabbitNode node =
        new RabbitNode(
            RabbitNode.installed()
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "no RabbitMQ for the integration tests: set"
                                + " RABBITMQ_URI=amqp://user:pass@host:port or install the Debian"
                                + " package rabbitmq-server (apt-get install rabbitmq-server) so"
                                + " the tests can start a private node")));
    try {
      long started = System.nanoTime();
      node.start();
      System.err.printf(
          "[rabbit-it] %s up in %d ms%n",
          node.description(), (System.nanoTime() - started) / 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      node.close();
      throw new IllegalStateException("interrupted while starting RabbitMQ", e);
    } catch (RuntimeException e) {
      node.close();
      throw e;
    }
    return new RabbitBroker(node.uri(), node);
  }

  /**
   * @return the AMQP URI of the broker, with credentials
   */
  String uri() {
    return uri;
  }

  /**
   * @return the AMQP port
   */
  int port() {
    return java.net.URI.create(uri).getPort();
  }

  /**
   * @return whether the tests own this broker and may restart or freeze it
   */
  boolean isPrivate() {
    return node != null;
  }

  /**
   * @return the private node, if the tests own one
   */
  Optional<RabbitNode> node() {
    return Optional.ofNullable(node);
  }

  /**
   * Stops the node as an operator would ({@code rabbitmqctl stop}) and starts it again on the same
   * data directory and ports.
   */
  void restart() {
    if (node == null) {
      throw new IllegalStateException("cannot restart the broker of RABBITMQ_URI");
    }
    node.stop();
    try {
      node.start();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while restarting RabbitMQ", e);
    }
  }

  @Override
  public void close() {
    if (node != null) {
      node.close();
    }
  }
}
