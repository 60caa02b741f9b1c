package io.mqbench.artemis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the nodes of a primary/backup pair say of themselves, asked node by node with core
 * management messages: which are live (a passive backup opens no port, so a node that answers is
 * serving), and whether a live node has a backup replicating it in sync.
 */
final class ArtemisPair {
  private static final Pattern TOPOLOGY_ENTRY = Pattern.compile("\\{[^{}]*\\}");

  private ArtemisPair() {}

  /**
   * What one live node reported.
   *
   * @param endpoint its {@code host:port}
   * @param replicaSync its {@code replicaSync} attribute: a live node's backup has finished its
   *     initial synchronization and is replicated to
   * @param backup the {@code host:port} of the backup the cluster topology pairs with it, or empty
   * @param nodeId its node id
   */
  record Live(String endpoint, boolean replicaSync, Optional<String> backup, String nodeId) {
    /**
     * @return whether a backup replicates this node in sync, as the node itself says
     */
    boolean replicated() {
      return replicaSync && backup.isPresent();
    }

    /**
     * @return what was found, for a durability's settings
     */
    String describe() {
      return replicated()
          ? "live broker at " + endpoint + ", backup at " + backup.get() + " in sync (replicaSync)"
          : "WARNING live broker at "
              + endpoint
              + (backup.isPresent()
                  ? ", backup at " + backup.get() + " NOT in sync (replicaSync=false)"
                  : ", NO backup replicating it (replicaSync=" + replicaSync + ")");
    }
  }

  /**
   * @param endpoints every node's {@code host:port}
   * @param user the user to ask as
   * @param password its password
   * @param timeout for each connection and request
   * @return the nodes that answered as live, in the order given (two after a split)
   */
  static List<Live> liveNodes(
      List<String> endpoints, String user, String password, Duration timeout) {
    List<Live> live = new ArrayList<>();
    for (String endpoint : endpoints) {
      read(endpoint, user, password, timeout).ifPresent(live::add);
    }
    return live;
  }

  /** The node's state; empty when it does not answer (down, cut off, or a passive backup). */
  private static Optional<Live> read(
      String endpoint, String user, String password, Duration timeout) {
    try (ArtemisManagement m =
        ArtemisManagement.open(
            ArtemisManagement.nodeUrl(endpoint, timeout), user, password, timeout)) {
      Object sync = m.attribute("replicaSync");
      Object nodeId = m.attribute("nodeID");
      Object topology = m.operation("listNetworkTopology");
      if (sync == null || nodeId == null) {
        return Optional.empty();
      }
      String id = nodeId.toString();
      return Optional.of(
          new Live(
              endpoint,
              Boolean.TRUE.equals(sync),
              backupOf(id, topology == null ? "" : topology.toString()),
              id));
    } catch (Exception e) { // the client and the requestor throw Exception: the node is not live
      return Optional.empty();
    }
  }

  /**
   * @param nodeId a live node's id
   * @param topology {@code listNetworkTopology}'s JSON: one object per node id, with the live
   *     ({@code primary} or {@code live}) and backup {@code host:port}
   * @return the backup the topology pairs with that node
   */
  static Optional<String> backupOf(String nodeId, String topology) {
    Matcher entries = TOPOLOGY_ENTRY.matcher(topology);
    while (entries.find()) {
      String entry = entries.group();
      if (entry.contains("\"" + nodeId + "\"")) {
        Matcher backup = Pattern.compile("\"backup\"\\s*:\\s*\"([^\"]+)\"").matcher(entry);
        return backup.find() ? Optional.of(backup.group(1)) : Optional.empty();
      }
    }
    return Optional.empty();
  }
}
