package io.mqbench.nats;

import io.mqbench.broker.Loopback;
import io.mqbench.broker.NativeCluster;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import io.nats.client.Connection;
import io.nats.client.JetStreamManagement;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A local JetStream cluster: N private nats-servers routed to each other, each with its own file
 * store, ports and scratch directory. Streams the backend creates on it have N replicas (unless
 * {@code nats.replicas} says otherwise), so a publish is acknowledged once a majority of the nodes
 * stored it, and the stream's leader can be killed or cut off while a run goes on.
 */
final class NatsCluster extends NativeCluster {
  /** How long the nodes may take to elect JetStream's meta leader once all answer. */
  private static final Duration CLUSTERED_TIMEOUT = Duration.ofSeconds(60);

  private final List<NatsServer> servers;
  private final Path bin;
  private final boolean syncAlways;
  private final String password;

  private NatsCluster(List<NatsServer> servers, Path bin, boolean syncAlways, String password) {
    super(servers);
    this.servers = servers;
    this.bin = bin;
    this.syncAlways = syncAlways;
    this.password = password;
  }

  /**
   * @param bin the {@code nats-server} executable
   * @param nodes how many, at least 2
   * @param syncAlways whether every node fsyncs before acknowledging
   * @param password the password of a user {@code mqbench} every node requires, or null for none
   * @return the cluster, not started
   */
  static NatsCluster of(Path bin, int nodes, boolean syncAlways, String password) {
    List<NatsServer> servers = new ArrayList<>();
    List<List<NatsServer>> peers = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      List<NatsServer> others = new ArrayList<>();
      peers.add(others);
      servers.add(
          new NatsServer(
              bin, syncAlways, password, new NatsServer.Routes(Loopback.freePort(), others)));
    }
    for (int i = 0; i < nodes; i++) {
      for (int j = 0; j < nodes; j++) {
        if (j != i) {
          peers.get(i).add(servers.get(j));
        }
      }
    }
    return new NatsCluster(servers, bin, syncAlways, password);
  }

  /** The same cluster on new ports and directories: to be placed in network namespaces. */
  @Override
  protected NativeCluster copy() {
    return of(bin, servers.size(), syncAlways, password);
  }

  /**
   * @return every node's URL, comma-separated, as {@code nats.url} takes them
   */
  String url() {
    return servers.stream().map(NatsServer::url).collect(Collectors.joining(","));
  }

  /** Every node's URL, and as many stream replicas as nodes unless the replicas were given. */
  @Override
  protected MqConfig pointAt(MqConfig config) {
    MqConfig pointed = config.with(NatsSettings.URL.name(), url());
    if (!config.isGiven(NatsSettings.REPLICAS)) {
      pointed =
          pointed.with(NatsSettings.REPLICAS.name(), String.valueOf(Math.min(5, servers.size())));
    }
    return pointed;
  }

  /**
   * A node answers before the cluster has a JetStream meta leader, and until every node joined it a
   * stream with a replica on each cannot be placed: waits until such a stream (in memory, then
   * deleted) can be created.
   */
  @Override
  protected void awaitClustered(MqConfig pointed) throws InterruptedException {
    NatsSettings settings = NatsSettings.from(pointed);
    long deadline = System.nanoTime() + CLUSTERED_TIMEOUT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      Connection connection = null;
      try {
        connection = NatsMq.connect(settings, "cluster-check");
        placeOnEveryNode(connection.jetStreamManagement());
        return;
      } catch (Exception e) {
        last = io.mqbench.mq.Errors.oneLine(e);
      } finally {
        if (connection != null) {
          NatsMq.close(connection);
        }
      }
      Thread.sleep(250);
    }
    throw new MqException(
        "nats: the "
            + servers.size()
            + "-node local cluster did not elect a JetStream leader within "
            + CLUSTERED_TIMEOUT.toSeconds()
            + " s ("
            + last
            + "); its logs are in "
            + servers.get(0).directory().getParent());
  }

  private void placeOnEveryNode(JetStreamManagement jsm) throws Exception {
    String name = "mqbench-cluster-check-" + Long.toHexString(System.nanoTime());
    jsm.addStream(
        StreamConfiguration.builder()
            .name(name)
            .subjects("mqbench.cluster-check." + name)
            .storageType(StorageType.Memory)
            .replicas(Math.min(5, servers.size()))
            .build());
    jsm.deleteStream(name);
  }

  @Override
  public String description() {
    return "a "
        + servers.size()
        + "-node local JetStream cluster of private nats-servers (file store, sync_interval "
        + (syncAlways ? "always" : "default (2 minutes)")
        + ") on "
        + servers.stream().map(NatsServer::address).collect(Collectors.joining(", "))
        + networkDescription();
  }
}
