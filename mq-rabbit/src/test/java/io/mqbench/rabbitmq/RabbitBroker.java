package io.mqbench.rabbitmq;

import java.util.Optional;

/**
 * The RabbitMQ broker integration tests run against: the one {@code RABBITMQ_URI} names (and, for
 * the stream tests, {@code RABBITMQ_STREAM_URI} its stream port), or else a private node ({@link
 * RabbitNode#withStreams}, the one the runner starts for {@code rabbitmq-stream}; the plugin
 * changes nothing for queues) of the installed {@code rabbitmq-server}. {@link #close()} stops a
 * private node and deletes its directory.
 */
final class RabbitBroker implements AutoCloseable {
  private final String uri;
  private final String streamUri; // null when RABBITMQ_URI is used without RABBITMQ_STREAM_URI
  private final RabbitNode node; // null when RABBITMQ_URI is used

  private RabbitBroker(String uri, String streamUri, RabbitNode node) {
    this.uri = uri;
    this.streamUri = streamUri;
    this.node = node;
  }

  /**
   * @return the broker from {@code RABBITMQ_URI}, or a freshly started private node
   * @throws IllegalStateException if there is neither, saying how to provide one
   */
  static RabbitBroker fromEnvironmentOrStart() {
    String fromEnv = System.getenv("RABBITMQ_URI");
    if (fromEnv != null && !fromEnv.isBlank()) {
      String stream = System.getenv("RABBITMQ_STREAM_URI");
      return new RabbitBroker(
          fromEnv.trim(), stream == null || stream.isBlank() ? null : stream.trim(), null);
    }
    RabbitNode node =
        RabbitNode.withStreams(
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
    return new RabbitBroker(node.uri(), node.streamUri(), node);
  }

  /**
   * @return the AMQP URI of the broker, with credentials
   */
  String uri() {
    return uri;
  }

  /**
   * @return the stream protocol URI of the same broker
   * @throws IllegalStateException if {@code RABBITMQ_URI} is set without {@code
   *     RABBITMQ_STREAM_URI}
   */
  String streamUri() {
    if (streamUri == null) {
      throw new IllegalStateException(
          "RABBITMQ_URI is set without RABBITMQ_STREAM_URI (rabbitmq-stream://user:pass@host:5552/"
              + "%2f): the stream tests need the broker's stream port");
    }
    return streamUri;
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
