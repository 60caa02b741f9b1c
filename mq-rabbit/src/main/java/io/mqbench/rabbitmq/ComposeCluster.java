package io.mqbench.rabbitmq;

import io.mqbench.config.ConfigKey;

/**
 * The RabbitMQ cluster of {@code docker/rabbitmq.yml}, which both backends of this module run
 * against (the AMQP and the stream ports of the same nodes): what they tell a user who gave no
 * address.
 */
final class ComposeCluster {
  private ComposeCluster() {}

  /**
   * @param key the backend's address key
   * @param suggestedUri the compose cluster's address for that key
   * @return the one line {@code open()} fails with when called with no broker address
   */
  static String noAddressMessage(ConfigKey<String> key, String suggestedUri) {
    return key.name()
        + " is not set: start a cluster with `docker compose -f docker/rabbitmq.yml up -d --wait`"
        + " and pass "
        + key.name()
        + "="
        + suggestedUri
        + " (-p on the CLI, -D with exec:java), or install rabbitmq-server"
        + " (apt-get install rabbitmq-server) for a private local node";
  }
}
