package io.mqbench.rabbitmq;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * A node's place in a local RabbitMQ cluster: the epmd every node registers with (so that they find
 * each other by name), the Erlang cookie they share, and the nodes started before it, which it
 * joins at its first boot (peer discovery {@code classic_config}).
 *
 * @param epmdPort the cluster's epmd port, on 127.0.0.1
 * @param cookie the cluster's Erlang cookie
 * @param seeds the names of the nodes started before this one; empty for the first
 */
record ClusterPeers(int epmdPort, String cookie, List<String> seeds) {
  ClusterPeers {
    seeds = List.copyOf(seeds);
  }

  /**
   * Writes the node's cookie file (read by the server and by {@code rabbitmqctl}, HOME being the
   * node's directory) and returns its peer discovery lines for {@code rabbitmq.conf}. They list
   * only the nodes already running, so that the first node boots alone at once rather than retrying
   * peers that are not started yet (ten times 500 ms with RabbitMQ 3.10), and each other node joins
   * them as it boots; a node restarted on its data rejoins from its own database.
   *
   * @param directory the node's directory, its HOME
   * @return the lines
   * @throws IOException if the cookie cannot be written
   */
  List<String> conf(Path directory) throws IOException {
    Path file = directory.resolve(".erlang.cookie");
    if (!Files.exists(file)) {
      Files.writeString(file, cookie);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
    }
    List<String> conf = new ArrayList<>();
    if (!seeds.isEmpty()) {
      conf.add("cluster_formation.peer_discovery_backend = classic_config");
      for (int i = 0; i < seeds.size(); i++) {
        conf.add("cluster_formation.classic_config.nodes." + (i + 1) + " = " + seeds.get(i));
      }
    }
    return conf;
  }
}
