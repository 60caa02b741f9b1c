package io.mqbench.rabbitmq;

import com.rabbitmq.client.Address;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The private nodes this JVM started and has not removed, by AMQP port: what the backend can ask
 * with {@code rabbitmqctl} (a queue's members and leader), which AMQP cannot answer. A broker given
 * by address is none of them, and is not asked.
 */
final class LocalNodes {
  private static final Map<Integer, RabbitNode> BY_PORT = new ConcurrentHashMap<>();

  private LocalNodes() {}

  static void add(RabbitNode node) {
    BY_PORT.put(node.port(), node);
  }

  static void remove(RabbitNode node) {
    BY_PORT.remove(node.port(), node);
  }

  /**
   * @param addresses a configuration's nodes
   * @return those of them that are private nodes of this JVM, in the same order
   */
  static List<RabbitNode> at(List<Address> addresses) {
    List<RabbitNode> nodes = new ArrayList<>();
    for (Address a : addresses) {
      RabbitNode node = BY_PORT.get(a.getPort());
      String bound = node == null ? null : node.boundHost();
      if (node != null
          && (a.getHost().equals(bound) || isLoopback(a.getHost()) && isLoopback(bound))) {
        nodes.add(node);
      }
    }
    return nodes;
  }

  /**
   * @param streamNodes a stream configuration's nodes, {@code host:port} of their stream ports
   * @return those of them that are private nodes of this JVM, in the same order
   */
  static List<RabbitNode> streamingAt(List<String> streamNodes) {
    List<RabbitNode> nodes = new ArrayList<>();
    for (String hostPort : streamNodes) {
      int colon = hostPort.lastIndexOf(':');
      if (colon > 0) {
        String host = hostPort.substring(0, colon);
        int port = Integer.parseInt(hostPort.substring(colon + 1));
        BY_PORT.values().stream()
            .filter(n -> n.servesStreamsAt(port))
            // on 127.0.0.1, or in a network namespace at the node's own address
            .filter(
                n -> host.equals(n.boundHost()) || isLoopback(host) && isLoopback(n.boundHost()))
            .findFirst()
            .ifPresent(nodes::add);
      }
    }
    return nodes;
  }

  /**
   * @param nodeName a node's Erlang name
   * @return the private node of this JVM with that name, if any
   */
  static Optional<RabbitNode> named(String nodeName) {
    return BY_PORT.values().stream().filter(n -> n.nodeName().equals(nodeName)).findFirst();
  }

  private static boolean isLoopback(String host) {
    return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
  }
}
