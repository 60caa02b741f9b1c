package io.mqbench.kafka.broker;

import io.mqbench.broker.LaunchFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The main class of a local Kafka broker's process: one KRaft node that is both broker and
 * controller. Started by mq-broker-kit's {@code JavaLocalBroker} under its {@code StdinWatchdog},
 * on the classpath of this module's jars (never the runner's), with the template's launch file as
 * its one argument. It writes {@code server.properties} into the node's directory, formats the
 * storage with the cluster id every node of the start shares, then runs {@code kafka.Kafka}.
 *
 * <p>Every broker listens on its first port (clients) and its second (the controller quorum), on
 * its launch file's {@code host} (127.0.0.1, or its address in a network namespace of its own); the
 * quorum's voters are every node's {@code node.N.host} and second port. With three nodes or more,
 * topics are replicated three ways with {@code min.insync.replicas=2}, as the compose cluster's
 * are.
 *
 * <p>Share groups (KIP-932, the {@code kafka-share} backend) are enabled when the storage is
 * formatted: the feature {@code share.version} is finalized at level 1 (4.3's default too, said
 * here so that it does not depend on a default), unless the launch file's {@value #SHARE_VERSION}
 * says otherwise (tests of a cluster without share groups give 0). Their state topic is replicated
 * as the offsets topic is.
 */
public final class KafkaBrokerMain {
  private KafkaBrokerMain() {}

  /** The launch-file key of the {@code share.version} feature level to format with; default 1. */
  public static final String SHARE_VERSION = "share.version";

  /**
   * @param args the launch file ({@code host}, {@code ports}, {@code node}, {@code nodes}, {@code
   *     node.N.ports}, {@code node.N.host}, {@code directory}, {@code cluster.id})
   * @throws Exception if the launch file cannot be read or the storage cannot be formatted
   */
  public static void main(String[] args) throws Exception {
    LaunchFile launch = LaunchFile.read(args);
    Path dir = launch.directory();
    Path config = dir.resolve("server.properties");
    Files.writeString(config, serverProperties(launch, dir), StandardCharsets.UTF_8);
    int formatted =
        kafka.tools.StorageTool.execute(
            new String[] {
              "format",
              "--cluster-id=" + launch.clusterId(),
              "--config=" + config,
              "--feature=share.version=" + launch.get(SHARE_VERSION, "1"),
              // A node started again on its data after a crash (a fault) keeps its storage.
              "--ignore-formatted"
            },
            System.out);
    if (formatted != 0) {
      throw new IOException("formatting the storage failed with status " + formatted);
    }
    kafka.Kafka.main(new String[] {config.toString()});
  }

  static String serverProperties(LaunchFile launch, Path dir) {
    String host = launch.host();
    int[] ports = launch.ports();
    int nodes = launch.nodes();
    List<String> voters = new ArrayList<>();
    for (int n = 1; n <= nodes; n++) {
      // Each node's own address: in network namespaces, the nodes' addresses differ.
      voters.add(n + "@" + launch.host(n) + ":" + launch.ports(n)[1]);
    }
    int replicas = Math.min(nodes, 3);
    int minIsr = replicas >= 3 ? 2 : 1;
    return String.join(
            "\n",
            "process.roles=broker,controller",
            "node.id=" + launch.node(),
            "controller.quorum.voters=" + String.join(",", voters),
            "listeners=PLAINTEXT://"
                + host
                + ":"
                + ports[0]
                + ",CONTROLLER://"
                + host
                + ":"
                + ports[1],
            "advertised.listeners=PLAINTEXT://" + host + ":" + ports[0],
            "controller.listener.names=CONTROLLER",
            "inter.broker.listener.name=PLAINTEXT",
            "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
            "log.dirs=" + dir.resolve("data").toString().replace('\\', '/'),
            "num.partitions=1",
            "default.replication.factor=" + replicas,
            "min.insync.replicas=" + minIsr,
            "offsets.topic.replication.factor=" + replicas,
            "offsets.topic.num.partitions=10",
            "transaction.state.log.replication.factor=" + replicas,
            "transaction.state.log.min.isr=" + minIsr,
            "share.coordinator.state.topic.replication.factor=" + replicas,
            "share.coordinator.state.topic.min.isr=" + minIsr,
            // Share groups: a group may set an acquisition lock (kafka-share.leaseTimeout) down to
            // 1 s, so that tests of an abandoned lease take seconds (the default minimum: 15 s);
            // a joining member gets its assignment within half a second rather than the default
            // 5 s heartbeat and 1 s assignment interval, as group.initial.rebalance.delay.ms=0
            // does for consumer groups.
            "group.share.min.record.lock.duration.ms=1000",
            "group.share.min.heartbeat.interval.ms=500",
            "group.share.heartbeat.interval.ms=500",
            "group.share.assignment.interval.ms=100",
            "auto.create.topics.enable=false",
            // A group's first member starts at once instead of after the default 3 s.
            "group.initial.rebalance.delay.ms=0",
            "group.min.session.timeout.ms=1000",
            // A killed broker is fenced, and leaves the ISR, within seconds rather than 9 s.
            "broker.session.timeout.ms=3000",
            "broker.heartbeat.interval.ms=500",
            "")
        + "\n";
  }
}
