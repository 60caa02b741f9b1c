package io.mqbench.nats;

import io.mqbench.mq.MqException;
import io.nats.client.Connection;
import io.nats.client.api.ClusterInfo;
import io.nats.client.api.StreamInfo;

/**
 * Which server leads a stream now, asked of JetStream: a clustered stream's info names its leader
 * by server name, which for the nodes mqbench starts is {@code mqbench-<client port>}; a stream on
 * a server alone has that server as its leader.
 */
final class NatsLeader {
  private NatsLeader() {}

  /**
   * @param settings the backend's settings, naming the stream
   * @return the leader's client address, {@code 127.0.0.1:port}, as {@code BrokerFaults} names the
   *     nodes
   * @throws MqException in one line if the stream has no leader now, or it is not a node of a
   *     cluster mqbench started
   */
  static String of(NatsSettings settings) {
    Connection connection = NatsMq.connect(settings, "leader");
    try {
      StreamInfo info = connection.jetStreamManagement().getStreamInfo(settings.stream());
      ClusterInfo cluster = info.getClusterInfo();
      String leader = cluster == null ? null : cluster.getLeader();
      if (cluster == null || cluster.getReplicas() == null || cluster.getReplicas().isEmpty()) {
        // One replica: its server leads; the connection's server is the one that answered.
        leader = leader == null ? connection.getServerInfo().getServerName() : leader;
      }
      if (leader == null || leader.isEmpty()) {
        throw new MqException(
            "nats: stream " + settings.stream() + " has no leader now (an election is under way)");
      }
      return onItsHost(addressOf(leader), settings.url());
    } catch (MqException e) {
      throw e;
    } catch (Exception e) {
      throw NatsMq.failure(
          settings, "cannot ask which server leads stream " + settings.stream(), e);
    } finally {
      NatsMq.close(connection);
    }
  }

  /**
   * @param serverName a server's name
   * @return the client address of a node mqbench started
   * @throws MqException if the name is not one of such a node
   */
  static String addressOf(String serverName) {
    if (!serverName.startsWith(NatsServer.NODE_NAME_PREFIX)) {
      throw new MqException(
          "nats: the stream's leader is server "
              + serverName
              + ", not a node mqbench started: faults aimed at the leader need a local cluster"
              + " (leave nats.url unset)");
    }
    return "127.0.0.1:" + serverName.substring(NatsServer.NODE_NAME_PREFIX.length());
  }

  /**
   * A node's name says its port only; in network namespaces the node has an address of its own, the
   * one the URLs give for that port.
   *
   * @param address {@code 127.0.0.1:port}, from {@link #addressOf}
   * @param urls {@code nats.url}: every node's URL, comma-separated
   * @return the address with the host the URLs give for its port, else as it was
   */
  static String onItsHost(String address, String urls) {
    String port = address.substring(address.lastIndexOf(':') + 1);
    for (String url : urls.split(",")) {
      String hostPort = url.substring(url.lastIndexOf('@') + 1).replaceFirst("^nats://", "");
      if (hostPort.endsWith(":" + port)) {
        return hostPort;
      }
    }
    return address;
  }
}
