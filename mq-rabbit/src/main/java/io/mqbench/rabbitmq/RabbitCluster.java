package io.mqbench.rabbitmq;

import io.mqbench.broker.NativeCluster;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A local RabbitMQ cluster: N private nodes ({@link RabbitNode}), each with its own node name,
 * AMQP, distribution and CLI ports, data and logs, sharing an Erlang cookie and a private epmd
 * ({@link RabbitEpmd}) through which they find each other. Each node joins the ones started before
 * it as it first boots (peer discovery {@code classic_config}); quorum queues the backend declares
 * on it get a member on every node unless their size is given, so a confirm means a majority of the
 * nodes fsynced the message, and the queue's leader can be killed while a run goes on. Made {@link
 * #withStreams with streams}, its nodes serve the stream protocol too and its streams likewise get
 * a member on every node.
 *
 * <p>{@linkplain #inNetworkNamespaces() In network namespaces} each node runs in its own, bound to
 * its namespace's address and named by it, with an epmd of its own beside it on the standard port
 * (see {@link RabbitNode}); the cluster then starts no epmd itself. The nodes pause when they are
 * in a minority ({@link ClusterPeers#PARTITION_HANDLING}).
 */
final class RabbitCluster extends NativeCluster {
  /** How long the nodes may take, once all serve, to report each other as running members. */
  private static final Duration CLUSTERED_TIMEOUT = Duration.ofSeconds(60);

  private static final Pattern RUNNING = Pattern.compile("\"running_nodes\":\\[([^\\]]*)\\]");

  /** The epmd port in each node's network namespace: the standard one, free in a new namespace. */
  private static final int NAMESPACE_EPMD_PORT = 4369;

  private final Path bin;
  private final RabbitEpmd epmd; // null in network namespaces: each node has its own
  private final List<RabbitNode> servers;
  private final boolean streams;

  private RabbitCluster(Path bin, RabbitEpmd epmd, List<RabbitNode> servers, boolean streams) {
    super(servers);
    this.bin = bin;
    this.epmd = epmd;
    this.servers = servers;
    this.streams = streams;
  }

  /**
   * @param bin the directory holding {@code rabbitmq-server} and {@code rabbitmqctl}
   * @param nodes how many, at least 2
   * @return the cluster, not started
   */
  static RabbitCluster of(Path bin, int nodes) {
    return of(bin, nodes, false, false);
  }

  /**
   * @param bin the directory holding {@code rabbitmq-server} and {@code rabbitmqctl}
   * @param nodes how many, at least 2
   * @return the cluster, not started, each node with the stream plugin ({@link
   *     RabbitNode#withStreams}), for the {@code rabbitmq-stream} backend's configuration
   */
  static RabbitCluster withStreams(Path bin, int nodes) {
    return of(bin, nodes, true, false);
  }

  private static RabbitCluster of(Path bin, int nodes, boolean streams, boolean inNamespaces) {
    RabbitEpmd epmd = inNamespaces ? null : RabbitEpmd.installed();
    int epmdPort = inNamespaces ? NAMESPACE_EPMD_PORT : epmd.port();
    byte[] secret = new byte[16];
    new SecureRandom().nextBytes(secret);
    String cookie = HexFormat.of().formatHex(secret).toUpperCase(java.util.Locale.ROOT);
    List<RabbitNode> servers = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      servers.add(
          new RabbitNode(bin, streams, new ClusterPeers(epmdPort, cookie, servers, inNamespaces)));
    }
    return new RabbitCluster(bin, epmd, servers, streams);
  }

  /** The same cluster on new ports and directories, each node with an epmd of its own. */
  @Override
  protected NativeCluster copy() {
    return of(bin, servers.size(), streams, true);
  }

  /**
   * @return every node's AMQP URI, comma-separated, as {@code rabbitmq.uri} takes them
   */
  String uri() {
    return servers.stream().map(RabbitNode::uri).collect(Collectors.joining(","));
  }

  /** Starts the cluster's epmd, then the nodes in order. */
  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (epmd != null) {
      try {
        epmd.start();
      } catch (RuntimeException | InterruptedException e) {
        epmd.close();
        throw e;
      }
    }
    return super.start(config);
  }

  /**
   * Every node's URI, and queues (or streams) with a member on each node unless their size was
   * given.
   */
  @Override
  protected MqConfig pointAt(MqConfig config) {
    if (streams) {
      return StreamMembers.pointedAt(config, servers, Math.min(5, servers.size()));
    }
    return QueueMembers.sizedFor(
        config.with(RabbitMqSettings.URI.name(), uri()), Math.min(5, servers.size()));
  }

  /**
   * Each node joined the ones before it while it booted; waits until the first node reports every
   * node as a running member, so that a quorum queue declared next gets a member on each.
   */
  @Override
  protected void awaitClustered(MqConfig pointed) throws InterruptedException {
    long deadline = System.nanoTime() + CLUSTERED_TIMEOUT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      try {
        List<String> running =
            running(servers.get(0).query(30, "cluster_status", "--formatter", "json"));
        if (running.containsAll(servers.stream().map(RabbitNode::nodeName).toList())) {
          return;
        }
        last = "running: " + running;
      } catch (MqException e) {
        last = e.getMessage();
      }
      Thread.sleep(500);
    }
    throw new MqException(
        "rabbitmq: the "
            + servers.size()
            + "-node local cluster did not form within "
            + CLUSTERED_TIMEOUT.toSeconds()
            + " s ("
            + last
            + "); its logs are in "
            + servers.get(0).directory().getParent());
  }

  private static List<String> running(String clusterStatus) {
    Matcher m = RUNNING.matcher(clusterStatus);
    List<String> names = new ArrayList<>();
    if (m.find()) {
      for (String quoted : m.group(1).split(",")) {
        names.add(quoted.trim().replace("\"", ""));
      }
    }
    return names;
  }

  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    Hold nodes = super.holdStop(onShutdown, atMost);
    if (epmd == null) {
      return nodes; // each node holds its own epmd's stop
    }
    // The nodes' stop asks them through epmd: it waits for the same release, telling nobody.
    Hold mapper = epmd.holdStop(() -> {}, atMost);
    return () -> {
      nodes.close();
      mapper.close();
    };
  }

  /** Stops every node, the last first, then the epmd, and deletes their directories. */
  @Override
  public synchronized void close() {
    super.close();
    if (epmd != null) {
      epmd.close();
    }
  }

  @Override
  public String description() {
    return "a "
        + servers.size()
        + "-node local RabbitMQ cluster of private rabbitmq-server nodes ("
        + (streams ? "streams" : "quorum queues")
        + " with a member on each) on "
        + servers.stream().map(RabbitNode::address).collect(Collectors.joining(", "))
        + networkDescription();
  }
}
