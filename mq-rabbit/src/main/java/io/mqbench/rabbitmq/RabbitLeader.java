package io.mqbench.rabbitmq;

import io.mqbench.mq.MqException;

/**
 * Which node leads a queue now, asked of the local cluster ({@link QueueStatus}): the broker names
 * it by its Erlang name, which is a private node's of this JVM, whose AMQP address is what {@code
 * BrokerFaults} names the nodes by.
 */
final class RabbitLeader {
  private RabbitLeader() {}

  /**
   * @param settings the backend's settings, naming the queue
   * @return the leader's AMQP address, {@code 127.0.0.1:port} (in a network namespace, its address)
   * @throws MqException in one line if the broker is not a local one, the queue is classic (no
   *     leader), or it has no leader now
   */
  static String of(RabbitMqSettings settings) {
    if (!QueueStatus.readable(settings)) {
      throw new MqException(
          "rabbitmq: the queue's leader can only be asked of a local cluster mqbench started:"
              + " faults aimed at the leader need one (leave rabbitmq.uri unset, -p"
              + " rabbitmq.localBrokerNodes=3)");
    }
    QueueStatus status = QueueStatus.read(settings);
    if (status.type().equals("classic")) {
      throw new MqException(
          "rabbitmq: queue '"
              + settings.queue()
              + "' is a classic queue, on one node with no leader: aim the fault at a node");
    }
    if (status.leader().isEmpty()) {
      throw new MqException(
          "rabbitmq: queue '"
              + settings.queue()
              + "' has no leader now (an election is under way)");
    }
    return LocalNodes.named(status.leader())
        .map(node -> node.boundHost() + ":" + node.port())
        .orElseThrow(
            () ->
                new MqException(
                    "rabbitmq: the queue's leader is node "
                        + status.leader()
                        + ", not a node mqbench started"));
  }
}
