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
 * joins at its first boot (peer discovery {@code classic_config}). Their names are asked as the
 * node starts: in network namespaces a node's name holds its address, known once it is placed.
 *
 * @param epmdPort the cluster's epmd port: on 127.0.0.1, or in each node's network namespace
 * @param cookie the cluster's Erlang cookie
 * @param seeds the nodes started before this one; empty for the first
 * @param epmdPerNode whether each node has an epmd of its own beside it (in network namespaces),
 *     rather than one that the cluster starts for all
 */
record ClusterPeers(int epmdPort, String cookie, List<RabbitNode> seeds, boolean epmdPerNode) {
  /**
   * What the cluster's nodes do when some of them lose sight of the others: the nodes on the
   * minority side pause until they see a majority again, as RabbitMQ advises for a cluster of 3
   * nodes or more in one data centre (docker/rabbitmq/20-mqbench.conf sets the same).
   */
  static final String PARTITION_HANDLING = "cluster_partition_handling = pause_minority";

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
    conf.add(PARTITION_HANDLING);
    if (!seeds.isEmpty()) {
      conf.add("cluster_formation.peer_discovery_backend = classic_config");
      for (int i = 0; i < seeds.size(); i++) {
        conf.add(
            "cluster_formation.classic_config.nodes." + (i + 1) + " = " + seeds.get(i).nodeName());
      }
    }
    return conf;
  }
}
