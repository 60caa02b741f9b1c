package io.mqbench.kafka;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.JavaBroker;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * Kafka brokers in KRaft mode, each in a JVM process of its own, on free loopback ports, with data
 * in a scratch directory that {@link #close()} removes. Only Kafka's own part lives here (server
 * properties, and readiness through the Admin client); processes, ports, the directory, the
 * classpath (the {@code mq-kafka-broker} distribution) and the stdin watchdog are mq-core's {@code
 * io.mqbench.broker}.
 */
public final class LocalKafka implements AutoCloseable {
  private static final JavaBroker DISTRIBUTION =
      JavaBroker.find("kafka-broker", LocalKafka.class.getClassLoader());

  /** The broker version whose jars the build resolved (mq-kafka-broker). */
  public static final String VERSION = DISTRIBUTION.version();

  private final ScratchDirectory scratch;
  private final String classpath;
  private final List<Node> nodes;
  private boolean closed;

  /** One broker process. */
  private record Node(int id, int port, BrokerProcess process) {}

  private LocalKafka(ScratchDirectory scratch, String classpath, List<Node> nodes) {
    this.scratch = scratch;
    this.classpath = classpath;
    this.nodes = nodes;
  }

  /**
   * Starts a cluster and waits until every broker is registered.
   *
   * @param size number of brokers, each also a KRaft controller (1 or 3 make sense)
   * @param heapMb heap of each broker JVM
   * @param timeout how long to wait for the cluster
   * @return the running cluster
   * @throws MqException if it did not start in time; the message ends with the broker's log
   * @throws InterruptedException if interrupted while waiting
   */
  public static LocalKafka start(int size, int heapMb, Duration timeout)
      throws InterruptedException {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-kafka-");
    List<Node> nodes = new ArrayList<>();
    LocalKafka cluster = null;
    try {
      String classpath = DISTRIBUTION.classpath(scratch.path(), BrokerMain.class);
      int[] ports = Loopback.freePorts(2 * size);
      String voters =
          IntStream.range(0, size)
              .mapToObj(i -> (i + 1) + "@127.0.0.1:" + ports[size + i])
              .collect(Collectors.joining(","));
      String clusterId = clusterId();
      for (int i = 0; i < size; i++) {
        int id = i + 1;
        Path dir = Files.createDirectories(scratch.path().resolve("node-" + id));
        Path config = dir.resolve("server.properties");
        Files.writeString(
            config, serverProperties(id, ports[i], ports[size + i], voters, size, dir));
        BrokerProcess p =
            BrokerProcess.start(
                "local Kafka broker " + id,
                JavaBroker.command(
                    classpath, heapMb, BrokerMain.class.getName(), config.toString(), clusterId),
                true,
                dir,
                dir.resolve("broker.log"),
                env -> {});
        nodes.add(new Node(id, ports[i], p));
      }
      cluster = new LocalKafka(scratch, classpath, nodes);
      cluster.awaitReady(timeout);
      return cluster;
    } catch (IOException e) {
      MqException failure = new MqException("cannot start the local Kafka broker: " + e, e);
      closeQuietly(cluster, scratch, nodes);
      throw failure;
    } catch (RuntimeException | InterruptedException e) {
      closeQuietly(cluster, scratch, nodes);
      throw e;
    }
  }

  private static void closeQuietly(LocalKafka cluster, ScratchDirectory scratch, List<Node> nodes) {
    if (cluster != null) {
      cluster.close();
    } else {
      nodes.forEach(n -> n.process().close());
      scratch.close();
    }
  }

  private static String serverProperties(
      int id, int port, int controllerPort, String voters, int size, Path dir) {
    int minIsr = size >= 3 ? 2 : 1;
    return String.join(
            "\n",
            "process.roles=broker,controller",
            "node.id=" + id,
            "controller.quorum.voters=" + voters,
            "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
            "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
            "controller.listener.names=CONTROLLER",
            "inter.broker.listener.name=PLAINTEXT",
            "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
            "log.dirs=" + dir.resolve("data").toString().replace('\\', '/'),
            "num.partitions=1",
            "default.replication.factor=" + size,
            "min.insync.replicas=" + minIsr,
            "offsets.topic.replication.factor=" + size,
            "offsets.topic.num.partitions=10",
            "transaction.state.log.replication.factor=" + size,
            "transaction.state.log.min.isr=" + minIsr,
            "share.coordinator.state.topic.replication.factor=" + size,
            "share.coordinator.state.topic.min.isr=" + minIsr,
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

  /** Ready when every port accepts connections and the cluster lists every broker. */
  private void awaitReady(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    // Wait for the ports first: an admin client against a closed port logs a warning per retry.
    for (Node n : nodes) {
      n.process()
          .awaitReady(
              () -> Loopback.answers(Loopback.HOST, n.port(), Duration.ofMillis(500)),
              Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }
    Map<String, Object> props =
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrapServers(),
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
            5000,
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            5000);
    try (Admin admin = Admin.create(props)) {
      nodes
          .get(0)
          .process()
          .awaitReady(
              () ->
                  admin
                          .describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                          .nodes()
                          .get(6, TimeUnit.SECONDS)
                          .size()
                      == nodes.size(),
              Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }
  }

  /**
   * @return the brokers' addresses, {@code 127.0.0.1:port,...}
   */
  public String bootstrapServers() {
    return nodes.stream().map(n -> "127.0.0.1:" + n.port()).collect(Collectors.joining(","));
  }

  /**
   * @return the brokers' classpath ({@code dir/*} and the launcher), for Kafka's own tools
   */
  public String brokerClasspath() {
    return classpath;
  }

  /**
   * @return the number of brokers
   */
  public int size() {
    return nodes.size();
  }

  /**
   * @return the temporary directory holding the brokers' data, configuration and logs
   */
  public Path directory() {
    return scratch.path();
  }

  /**
   * @param index which broker, from 0
   * @return its process, to kill, freeze or thaw it in tests
   */
  public BrokerProcess process(int index) {
    return nodes.get(index).process();
  }

  /**
   * Kills one broker at once (SIGKILL, no controlled shutdown), as a crash would.
   *
   * @param index which broker, from 0
   * @throws InterruptedException if interrupted while waiting for it to die
   */
  public void kill(int index) throws InterruptedException {
    nodes.get(index).process().kill();
  }

  /**
   * @param index which broker, from 0
   * @return its {@code 127.0.0.1:port}
   */
  public String address(int index) {
    return "127.0.0.1:" + nodes.get(index).port();
  }

  /** Stops every broker (gracefully, then forcibly after a grace period) and deletes the data. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    nodes.parallelStream().forEach(n -> n.process().close());
    scratch.close();
  }

  static String javaBinary() {
    return JavaBroker.javaBinary();
  }

  private static String clusterId() {
    UUID u = UUID.randomUUID();
    ByteBuffer b = ByteBuffer.allocate(16);
    b.putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
  }
}
