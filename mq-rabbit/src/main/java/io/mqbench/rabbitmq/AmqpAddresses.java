package io.mqbench.rabbitmq;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.config.ConfigException;
import java.net.URISyntaxException;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The nodes an AMQP URI key names: one URI, or several separated by commas (the nodes of one
 * cluster). The first sets the connection's user, password, vhost and TLS; the others add their
 * host and port, which each connection tries in turn when a node does not answer.
 */
final class AmqpAddresses {
  private AmqpAddresses() {}

  /**
   * @param first the factory the first URI (and any separate keys) configured
   * @param uris the key's URIs, the first included; empty when separate keys name one node
   * @param key the key's name, for messages
   * @return the first URI's node, then every other URI's, in order
   * @throws ConfigException naming the key if a further URI is malformed
   */
  static List<Address> of(ConnectionFactory first, List<String> uris, String key) {
    List<Address> addresses = new ArrayList<>();
    addresses.add(new Address(first.getHost(), first.getPort()));
    for (String other : uris.subList(Math.min(1, uris.size()), uris.size())) {
      ConnectionFactory node = new ConnectionFactory();
      setUri(node, other.trim(), key);
      addresses.add(new Address(node.getHost(), node.getPort()));
    }
    return List.copyOf(addresses);
  }

  /**
   * @param addresses nodes
   * @return {@code host:port}, separated by commas
   */
  static String shown(List<Address> addresses) {
    return addresses.stream()
        .map(a -> a.getHost() + ":" + a.getPort())
        .collect(Collectors.joining(","));
  }

  /**
   * Sets one URI of the key's list on a factory.
   *
   * @throws ConfigException naming the key if the URI is malformed
   */
  static void setUri(ConnectionFactory f, String uri, String key) {
    try {
      f.setUri(uri);
    } catch (URISyntaxException | GeneralSecurityException | IllegalArgumentException e) {
      throw new ConfigException(key + ": invalid value '" + uri + "': " + e.getMessage());
    }
  }
}
