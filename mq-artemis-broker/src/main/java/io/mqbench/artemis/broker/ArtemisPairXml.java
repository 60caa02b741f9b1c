package io.mqbench.artemis.broker;

import io.mqbench.broker.LaunchFile;

/**
 * The elements that make two local brokers the replicated primary/backup pair of {@code
 * docker/artemis.yml} ({@code artemis create --clustered --replicated --staticCluster ...}): node 1
 * of the launch file is the primary, node 2 its backup.
 *
 * <ul>
 *   <li>a connector to itself and one to its peer, and a cluster connection over static connectors
 *       between the two (no broadcast, no discovery): the backup replicates from the primary over
 *       it, and clients learn the pair's topology from it;
 *   <li>HA policy replication: a durable send or a commit is answered once the backup has it too
 *       (replication of durable data is synchronous), and each node syncs its own journal;
 *   <li>the primary checks for an active server of its own id when it starts (a primary restarted
 *       after a failover syncs from the active backup and takes over again), and the backup allows
 *       that fail-back and restarts as a backup;
 *   <li>a peer that stops answering (a partition, a frozen process) is noticed within 5 s rather
 *       than the default 60 s, so that a backup whose primary is cut off takes over in seconds.
 * </ul>
 *
 * <p>A graceful stop of a replicating primary hands over to its backup (replication has no {@code
 * failover-on-shutdown} switch: the primary tells the backup it is stopping). The cluster's user is
 * fixed and its password is the start's random {@code cluster.id}: the nodes of one start trust
 * each other and nothing else.
 */
final class ArtemisPairXml {
  /** The cluster user, as {@code docker/artemis.yml}'s {@code --cluster-user}. */
  static final String CLUSTER_USER = "mqbench-cluster";

  private ArtemisPairXml() {}

  /**
   * @param launch the node's launch file, with {@code nodes} = 2
   * @return the elements to add to {@code <core>}
   * @throws IllegalArgumentException for more than two nodes: one backup is what is set up
   */
  static String of(LaunchFile launch) {
    if (launch.nodes() != 2) {
      throw new IllegalArgumentException(
          "a local Artemis cluster is a primary and one backup (2 nodes), not "
              + launch.nodes()
              + " nodes");
    }
    int peer = launch.node() == 1 ? 2 : 1;
    String self = "tcp://" + launch.host() + ":" + launch.port();
    String other = "tcp://" + launch.host(peer) + ":" + launch.ports(peer)[0];
    return String.join(
        "\n",
        "    <connectors>",
        "      <connector name=\"self\">" + self + "</connector>",
        "      <connector name=\"peer\">" + other + "</connector>",
        "    </connectors>",
        "    <cluster-user>" + CLUSTER_USER + "</cluster-user>",
        "    <cluster-password>" + launch.clusterId() + "</cluster-password>",
        "    <ha-policy>",
        "      <replication>",
        launch.node() == 1 ? primary() : backup(),
        "      </replication>",
        "    </ha-policy>",
        "    <cluster-connections>",
        "      <cluster-connection name=\"mqbench-pair\">",
        "        <connector-ref>self</connector-ref>",
        "        <check-period>1000</check-period>",
        "        <connection-ttl>5000</connection-ttl>",
        "        <retry-interval>500</retry-interval>",
        "        <reconnect-attempts>-1</reconnect-attempts>",
        "        <message-load-balancing>ON_DEMAND</message-load-balancing>",
        "        <max-hops>1</max-hops>",
        "        <static-connectors>",
        "          <connector-ref>peer</connector-ref>",
        "        </static-connectors>",
        "      </cluster-connection>",
        "    </cluster-connections>");
  }

  private static String primary() {
    return String.join(
        "\n",
        "        <primary>",
        "          <check-for-active-server>true</check-for-active-server>",
        "        </primary>");
  }

  private static String backup() {
    return String.join(
        "\n",
        "        <backup>",
        "          <allow-failback>true</allow-failback>",
        "          <restart-backup>true</restart-backup>",
        "        </backup>");
  }
}
