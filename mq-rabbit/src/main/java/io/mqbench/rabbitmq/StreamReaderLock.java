package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * The exclusive AMQP queue that makes this process the stream's one reader: one process receives
 * per stream.
 */
final class StreamReaderLock {
  private StreamReaderLock() {}

  /**
   * Declares the lock queue, exclusive to the connection returned.
   *
   * @return the connection holding the lock; closing it releases the lock
   * @throws MqException if another process holds it, or the AMQP port cannot be reached
   */
  static Connection take(StreamSettings settings) {
    ConnectionFactory f = new ConnectionFactory();
    f.setUsername(settings.username());
    f.setPassword(settings.password());
    f.setVirtualHost(settings.vhost());
    int millis = (int) Math.min(Integer.MAX_VALUE, settings.connectTimeout().toMillis());
    f.setConnectionTimeout(millis);
    f.setHandshakeTimeout(millis);
    f.setChannelRpcTimeout(millis);
    f.setAutomaticRecoveryEnabled(false);
    f.setTopologyRecoveryEnabled(false);
    List<Address> nodes = amqpNodes(settings);
    String at = AmqpAddresses.shown(nodes);
    Connection c;
    try {
      c = f.newConnection(nodes, "mqbench-stream-reader " + settings.stream());
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw new MqException(
          StreamSettings.NAME
              + ": cannot connect to the AMQP port "
              + at
              + " for the reader's lock ("
              + Errors.rootMessage(e)
              + "); set "
              + StreamSettings.AMQP_PORT.name()
              + " to the broker's AMQP port",
          e);
    }
    try {
      Channel ch = c.createChannel();
      ch.queueDeclare(settings.lockQueue(), false, true, true, Map.of());
      return c;
    } catch (IOException | ShutdownSignalException e) {
      RabbitMq.closeQuietly(c);
      if (Failures.closeCode(e) == AMQP.RESOURCE_LOCKED) {
        throw new MqException(
            StreamSettings.NAME
                + ": stream '"
                + settings.stream()
                + "' is already read by another process under consumer name '"
                + settings.consumerName()
                + "' (it holds queue '"
                + settings.lockQueue()
                + "' on "
                + at
                + "): one process receives per stream; put every receiver in one process"
                + " (--receiver-nodes 1) or give each process its own "
                + StreamSettings.STREAM.name(),
            e);
      }
      throw new MqException(
          StreamSettings.NAME
              + ": cannot declare the reader's lock queue on "
              + at
              + ": "
              + Errors.oneLine(e),
          e);
    }
  }

  /**
   * The AMQP address of each of the stream's nodes: a private node's own port (the nodes of a local
   * cluster each have one), else its host with {@code rabbitmq-stream.amqpPort}, so that the lock
   * is taken on whichever node runs when one is down.
   */
  static List<Address> amqpNodes(StreamSettings settings) {
    Set<Address> nodes = new LinkedHashSet<>();
    for (String node : settings.nodes()) {
      String host = node.substring(0, node.lastIndexOf(':'));
      List<RabbitNode> local = LocalNodes.streamingAt(List.of(node));
      nodes.add(
          local.isEmpty()
              ? new Address(host, settings.amqpPort())
              : new Address(local.get(0).boundHost(), local.get(0).port()));
    }
    return List.copyOf(nodes);
  }
}
