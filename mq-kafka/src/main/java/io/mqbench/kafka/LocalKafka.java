package io.mqbench.kafka;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * Kafka brokers in KRaft mode, each in a JVM process of its own, on free loopback ports, with data
 * in a fresh temporary directory that {@link #close()} removes.
 *
 * <p><b>The broker's classpath.</b> kafka_2.13 and its jars cannot share a classpath with the
 * clients (different kafka-clients, scala, jackson, slf4j), so the build copies them as plain files
 * into this module's resources under {@code kafka-broker/}, never as dependencies. At run time they
 * are found next to this class: in {@code target/classes} when run from the build, or inside
 * mq-kafka's jar or the runner's shaded jar, from which they are extracted into the temporary
 * directory. {@link BrokerMain}'s class file is written beside them; the child runs with {@code
 * java -cp lib/*:launcher io.mqbench.kafka.BrokerMain}, using the same {@code java} as this JVM.
 *
 * <p><b>No orphans.</b> A child exits when its standard input closes, which happens on {@link
 * #close()}, on this JVM's shutdown hook, and when this JVM dies for any reason.
 */
public final class LocalKafka implements AutoCloseable {
  /** The broker version whose jars the build copies. */
  public static final String VERSION = "4.3.1";

  private static final String RESOURCE_DIR = "kafka-broker/";
  private static final String DIRECTORY_PREFIX = "mqbench-kafka-";
  private static final String OWNER_FILE = "owner.pid";

  private final Path root;
  private final String classpath;
  private final List<Node> nodes;
  private final Thread shutdownHook;
  private boolean closed;

  /** One broker process. */
  private record Node(int id, int port, Path dir, Process process, OutputStream stdin) {}

  private LocalKafka(Path root, String classpath, List<Node> nodes) {
    this.root = root;
    this.classpath = classpath;
    this.nodes = nodes;
    this.shutdownHook = new Thread(this::close, "local-kafka-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Starts a cluster and waits until every broker is registered.
   *
   * @param size number of brokers, each also a KRaft controller (1 or 3 make sense)
   * @param heapMb heap of each broker JVM
   * @param timeout how long to wait for the cluster
   * @return the running cluster
   * @throws MqException if it did not start in time; the message includes the brokers' logs
   * @throws InterruptedException if interrupted while waiting
   */
  public static LocalKafka start(int size, int heapMb, Duration timeout)
      throws InterruptedException {
    Path root;
    try {
      removeAbandonedDirectories();
      root = Files.createTempDirectory(DIRECTORY_PREFIX);
      Files.writeString(root.resolve(OWNER_FILE), String.valueOf(ProcessHandle.current().pid()));
    } catch (IOException e) {
      throw new MqException("cannot create a directory for the local Kafka broker: " + e, e);
    }
    List<Node> nodes = new ArrayList<>();
    LocalKafka cluster = null;
    try {
      String classpath = prepareClasspath(root);
      int[] ports = freePorts(2 * size);
      String voters =
          java.util.stream.IntStream.range(0, size)
              .mapToObj(i -> (i + 1) + "@127.0.0.1:" + ports[size + i])
              .collect(Collectors.joining(","));
      String clusterId = clusterId();
      for (int i = 0; i < size; i++) {
        int id = i + 1;
        Path dir = Files.createDirectories(root.resolve("node-" + id));
        Path config = dir.resolve("server.properties");
        Files.writeString(
            config, serverProperties(id, ports[i], ports[size + i], voters, size, dir));
        Process p =
            new ProcessBuilder(
                    javaBinary(),
                    "-Xms64m",
                    "-Xmx" + heapMb + "m",
                    "-XX:+UseG1GC",
                    "-Djava.awt.headless=true",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                    "-cp",
                    classpath,
                    BrokerMain.class.getName(),
                    config.toString(),
                    clusterId)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("broker.log").toFile())
                .start();
        nodes.add(new Node(id, ports[i], dir, p, p.getOutputStream()));
      }
      cluster = new LocalKafka(root, classpath, nodes);
      cluster.awaitReady(timeout);
      return cluster;
    } catch (IOException e) {
      MqException failure = new MqException("cannot start the local Kafka broker: " + e, e);
      closeQuietly(cluster, root, nodes);
      throw failure;
    } catch (RuntimeException | InterruptedException e) {
      closeQuietly(cluster, root, nodes);
      throw e;
    }
  }

  private static void closeQuietly(LocalKafka cluster, Path root, List<Node> nodes) {
    if (cluster != null) {
      cluster.close();
    } else {
      nodes.forEach(n -> n.process().destroyForcibly());
      deleteTree(root);
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

  private void awaitReady(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    // Wait for the ports first: an admin client against a closed port logs a warning per retry.
    for (Node n : nodes) {
      while (!accepts(n.port())) {
        checkAlive(deadline, timeout);
        Thread.sleep(100);
      }
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
      while (true) {
        checkAlive(deadline, timeout);
        try {
          int registered =
              admin
                  .describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                  .nodes()
                  .get(6, TimeUnit.SECONDS)
                  .size();
          if (registered == nodes.size()) {
            return;
          }
        } catch (java.util.concurrent.ExecutionException
            | java.util.concurrent.TimeoutException e) {
          // Not ready yet.
        }
        Thread.sleep(200);
      }
    }
  }

  private void checkAlive(long deadline, Duration timeout) {
    for (Node n : nodes) {
      if (!n.process().isAlive()) {
        throw new MqException(
            "local Kafka broker "
                + n.id()
                + " exited with status "
                + n.process().exitValue()
                + " during startup; its log ends with: "
                + logTail(n));
      }
    }
    if (System.nanoTime() > deadline) {
      throw new MqException(
          "local Kafka did not start within "
              + timeout.toSeconds()
              + " s; broker 1's log ends with: "
              + logTail(nodes.get(0)));
    }
  }

  private static String logTail(Node n) {
    try {
      List<String> lines = Files.readAllLines(n.dir().resolve("broker.log"));
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static boolean accepts(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
      return true;
    } catch (IOException e) {
      return false;
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
    return root;
  }

  /**
   * Kills one broker at once (SIGKILL, no controlled shutdown), as a crash would.
   *
   * @param index which broker, from 0
   * @throws InterruptedException if interrupted while waiting for it to die
   */
  public void kill(int index) throws InterruptedException {
    Process p = nodes.get(index).process();
    p.destroyForcibly();
    p.waitFor(30, TimeUnit.SECONDS);
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
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // Already shutting down: this is the hook.
    }
    for (Node n : nodes) {
      try {
        n.stdin().close(); // BrokerMain exits when its standard input ends
      } catch (IOException e) {
        n.process().destroy();
      }
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    for (Node n : nodes) {
      try {
        long left = Math.max(0, deadline - System.nanoTime());
        if (!n.process().waitFor(left, TimeUnit.NANOSECONDS)) {
          n.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        n.process().destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    deleteTree(root);
  }

  /**
   * A harness killed with SIGKILL takes its brokers with it (their standard input closes) but
   * cannot delete their directory; the next start does, for every directory whose owner process is
   * gone. Directories of other harnesses still running are left alone.
   */
  private static void removeAbandonedDirectories() {
    Path tmp = Paths.get(System.getProperty("java.io.tmpdir"));
    try (Stream<Path> dirs = Files.list(tmp)) {
      for (Path dir :
          dirs.filter(d -> d.getFileName().toString().startsWith(DIRECTORY_PREFIX)).toList()) {
        Path owner = dir.resolve(OWNER_FILE);
        if (!Files.isRegularFile(owner)) {
          continue;
        }
        long pid;
        try {
          pid = Long.parseLong(Files.readString(owner).trim());
        } catch (IOException | NumberFormatException e) {
          continue;
        }
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        deleteTree(dir);
      }
    } catch (IOException | UncheckedIOException e) {
      // Best effort: a leftover directory costs disk space, not correctness.
    }
  }

  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      System.err.println("mqbench: could not delete " + dir + ": " + e);
    }
  }

  // ---- the broker's classpath ----

  /** Finds the broker's jars and BrokerMain's class file, extracting them when inside a jar. */
  static String prepareClasspath(Path root) throws IOException {
    Path launcher = root.resolve("launcher");
    String classFile = BrokerMain.class.getName().replace('.', '/') + ".class";
    Path target = launcher.resolve(classFile);
    Files.createDirectories(target.getParent());
    try (InputStream in =
        Objects.requireNonNull(
            LocalKafka.class.getClassLoader().getResourceAsStream(classFile), classFile)) {
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
    Path lib = brokerJars(root);
    return lib + java.io.File.separator + "*" + java.io.File.pathSeparator + launcher;
  }

  private static Path brokerJars(Path root) throws IOException {
    return brokerJars(
        LocalKafka.class
            .getClassLoader()
            .getResource(BrokerMain.class.getName().replace('.', '/') + ".class"),
        root);
  }

  /**
   * @param here where BrokerMain's class file is: a {@code file:} URL in a build's target/classes,
   *     a {@code jar:} URL in mq-kafka's jar or the runner's shaded jar
   * @param root the temporary directory to extract into
   * @return the directory holding the broker's jars
   */
  static Path brokerJars(URL here, Path root) throws IOException {
    if (here == null) {
      throw new IOException("cannot locate mq-kafka's classes");
    }
    try {
      if (here.getProtocol().equals("file")) {
        // target/classes in a build: use the copied jars where they are.
        Path classes = Paths.get(here.toURI());
        for (int i = 0; i < BrokerMain.class.getName().split("\\.").length; i++) {
          classes = classes.getParent();
        }
        Path dir = classes.resolve(RESOURCE_DIR);
        requireJars(dir);
        return dir;
      }
      if (here.getProtocol().equals("jar")) {
        String s = here.getPath(); // file:/path/to.jar!/io/mqbench/...
        Path jar = Paths.get(new URL(s.substring(0, s.indexOf("!/"))).toURI());
        Path lib = Files.createDirectories(root.resolve("lib"));
        try (JarFile jf = new JarFile(jar.toFile())) {
          Enumeration<JarEntry> entries = jf.entries();
          while (entries.hasMoreElements()) {
            JarEntry e = entries.nextElement();
            String name = e.getName();
            if (name.startsWith(RESOURCE_DIR)
                && name.endsWith(".jar")
                && name.indexOf('/', RESOURCE_DIR.length()) < 0) {
              try (InputStream in = jf.getInputStream(e)) {
                Files.copy(in, lib.resolve(name.substring(RESOURCE_DIR.length())));
              }
            }
          }
        }
        requireJars(lib);
        return lib;
      }
    } catch (URISyntaxException e) {
      throw new IOException("cannot locate mq-kafka's classes at " + here, e);
    }
    throw new IOException("cannot read the broker's jars from " + here);
  }

  private static void requireJars(Path dir) throws IOException {
    boolean found;
    try (Stream<Path> files = Files.list(dir)) {
      found = files.anyMatch(p -> p.getFileName().toString().startsWith("kafka_2.13-"));
    } catch (IOException e) {
      found = false;
    }
    if (!found) {
      throw new IOException(
          "the Kafka broker's jars are missing from "
              + dir
              + " (they are copied by mq-kafka's build: mvn -pl mq-kafka install -DskipTests)");
    }
  }

  static String javaBinary() {
    return ProcessHandle.current()
        .info()
        .command()
        .filter(c -> Files.isExecutable(Paths.get(c)))
        .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
  }

  private static int[] freePorts(int count) throws IOException {
    // Held open together so that no two are the same; closed just before the brokers bind them.
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        sockets.add(s);
        ports[i] = s.getLocalPort();
      }
      return ports;
    } finally {
      for (ServerSocket s : sockets) {
        s.close();
      }
    }
  }

  private static String clusterId() {
    UUID u = UUID.randomUUID();
    ByteBuffer b = ByteBuffer.allocate(16);
    b.putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
  }
}
