package io.mqbench.rabbitmq;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.NativeServer;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A private RabbitMQ node of the installed {@code rabbitmq-server} (Debian package): what the
 * runner starts when no address is given and nothing answers on 127.0.0.1:5672, and what the
 * integration tests run against.
 *
 * <p>It shares nothing with a system RabbitMQ: its own node name, AMQP, distribution, epmd and CLI
 * ports (all on 127.0.0.1), data and log directories in a scratch directory, Erlang cookie (HOME),
 * config file and plugin list (empty, or only {@code rabbitmq_stream} for a node {@linkplain
 * #withStreams serving streams}). {@link #close()} stops it, stops its epmd and deletes the
 * directory; the rest (the process, its log tail in errors, the no-orphans guarantee, the held stop
 * and the faults) is mq-broker-kit's {@link NativeServer}.
 *
 * <p>A node of a cluster placed in a network namespace of its own binds its namespace's address
 * ({@link #host()}) instead of 127.0.0.1, has an epmd of its own beside it, and is named by that
 * address ({@code mqbench-<pid>-<AMQP port>@10.213.X.n}, Erlang long names), so that the other
 * nodes find it without a name service; {@code rabbitmqctl} runs in its namespace, where its epmd
 * is. Its clients come from the bridge's address, not loopback, so guest may log in from anywhere.
 */
public final class RabbitNode extends NativeServer {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  private final Path bin;
  private final Path dir;
  private final boolean streams;
  private final int streamPort; // 0: the stream plugin is not enabled
  private final int basePort; // base+1 distribution; base+2..base+11 CLI tools
  private final ClusterPeers peers; // null: a node alone, with an epmd of its own
  // A node alone's epmd, or a node's in a network namespace; null if the cluster's serves it.
  private final RabbitEpmd ownEpmd;
  // Where it was placed, read at each start: asked without waiting for a start under way.
  private volatile String placedHost = Loopback.HOST;
  private volatile List<String> placedExec = List.of();

  /**
   * Prepares a node (nothing runs until {@link #start()}).
   *
   * @param bin the directory holding {@code rabbitmq-server} and {@code rabbitmqctl}
   */
  public RabbitNode(Path bin) {
    this(bin, false);
  }

  /**
   * Prepares a node that also serves the stream protocol: the {@code rabbitmq_stream} plugin
   * enabled in the node's own plugin list, its listener on a free port of 127.0.0.1, which it also
   * advertises to clients (the stream client connects to the address a node advertises).
   *
   * @param bin the directory holding {@code rabbitmq-server} and {@code rabbitmqctl}
   * @return the node, not started
   */
  public static RabbitNode withStreams(Path bin) {
    return new RabbitNode(bin, true);
  }

  private RabbitNode(Path bin, boolean streams) {
    this(bin, streams, null);
  }

  /**
   * Prepares a node of a local cluster (nothing runs until {@link #start()}).
   *
   * @param bin the directory holding {@code rabbitmq-server} and {@code rabbitmqctl}
   * @param streams whether it serves the stream protocol too
   * @param peers its place in the cluster
   */
  RabbitNode(Path bin, boolean streams, ClusterPeers peers) {
    super(bin.resolve("rabbitmq-server"), "mqbench-rabbitmq-", "private RabbitMQ node");
    this.bin = bin;
    this.dir = directory();
    this.peers = peers;
    // An epmd a node starts itself is a daemon that outlives a runner killed with SIGKILL.
    this.ownEpmd =
        peers == null
            ? RabbitEpmd.installed()
            : peers.epmdPerNode() ? RabbitEpmd.installed(peers.epmdPort()) : null;
    this.streams = streams;
    this.streamPort = streams ? Loopback.freePort() : 0;
    this.basePort = FreePorts.range(12);
  }

  /**
   * Finds an installed {@code rabbitmq-server} whose scripts run as the current user (Debian's
   * {@code /usr/sbin} entries switch to the rabbitmq user; the scripts behind them do not).
   *
   * @return the directory of {@code rabbitmq-server} and {@code rabbitmqctl}, if installed
   */
  public static Optional<Path> installed() {
    List<Path> dirs = new ArrayList<>();
    dirs.add(Paths.get("/usr/lib/rabbitmq/bin"));
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        dirs.add(Paths.get(d));
      }
    }
    dirs.add(Paths.get("/usr/sbin"));
    for (Path d : dirs) {
      Path server = d.resolve("rabbitmq-server");
      if (Files.isExecutable(server) && Files.isExecutable(d.resolve("rabbitmqctl"))) {
        try {
          Path real = server.toRealPath();
          if (real.getFileName().toString().equals("rabbitmq-server")) {
            return Optional.of(real.getParent());
          }
        } catch (IOException e) {
          // unreadable candidate: try the next
        }
      }
    }
    return Optional.empty();
  }

  /** Writes the node's configuration, plugin list and data directories; each start, the same. */
  @Override
  protected List<String> command(Path executable, Path directory, int port) {
    try {
      Files.createDirectories(directory.resolve("mnesia"));
      Files.createDirectories(directory.resolve("log"));
      Files.writeString(
          directory.resolve("enabled_plugins"), streams ? "[rabbitmq_stream].\n" : "[].\n");
      Files.writeString(directory.resolve("rabbitmq-env.conf"), "");
      List<String> conf = new ArrayList<>();
      String host = host();
      conf.add("listeners.tcp.1 = " + host + ":" + port);
      if (streams) {
        conf.add("stream.listeners.tcp.1 = " + host + ":" + streamPort);
        conf.add("stream.advertised_host = " + host);
        conf.add("stream.advertised_port = " + streamPort);
      }
      if (inNamespace()) {
        conf.add("loopback_users = none"); // clients come from the bridge's address
      }
      if (peers != null) {
        conf.addAll(peers.conf(directory));
      }
      conf.addAll(
          List.of(
              "log.console = false",
              "log.file.level = info",
              "disk_free_limit.absolute = 50MB",
              ""));
      Files.writeString(directory.resolve("rabbitmq.conf"), String.join("\n", conf));
    } catch (IOException e) {
      throw new MqException("cannot prepare a private RabbitMQ node in " + directory + ": " + e, e);
    }
    return RemovedWhenOrphaned.wrap(List.of(executable.toString()), directory);
  }

  /** Its URI, and queues with one member (a quorum queue on one node is not replicated). */
  @Override
  protected MqConfig pointAt(MqConfig config) {
    return QueueMembers.sizedFor(config.with(RabbitMqSettings.URI.name(), uri()), 1);
  }

  /**
   * @return whether the node's process runs (not stopped nor killed; maybe frozen)
   */
  boolean isRunning() {
    try {
      return process().isAlive();
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /**
   * @return the node's Erlang name, {@code mqbench-<pid>-<AMQP port>@localhost} (in a network
   *     namespace {@code @<its address>}), by which the broker names a queue's members and leader
   */
  String nodeName() {
    return "mqbench-"
        + ProcessHandle.current().pid()
        + "-"
        + port()
        + "@"
        + (inNamespace() ? placedHost : "localhost");
  }

  /**
   * @return the address it binds, as of its last start ({@link #host()}, asked without waiting for
   *     a start under way): 127.0.0.1, or its network namespace's
   */
  String boundHost() {
    return placedHost;
  }

  private boolean inNamespace() {
    return !placedExec.isEmpty();
  }

  @Override
  protected String processName() {
    return "private RabbitMQ node " + nodeName();
  }

  @Override
  protected String logFile() {
    return "console.log";
  }

  @Override
  protected Duration startTimeout() {
    return START_TIMEOUT;
  }

  @Override
  public String description() {
    return "a private RabbitMQ node (rabbitmq-server from "
        + bin
        + ") on "
        + placedHost
        + ":"
        + port()
        + (streamPort == 0 ? "" : ", streams on " + placedHost + ":" + streamPort);
  }

  /**
   * @return the node's AMQP URI, with the default guest credentials (allowed on loopback, and in a
   *     network namespace from anywhere)
   */
  public String uri() {
    return "amqp://guest:guest@" + placedHost + ":" + port();
  }

  /**
   * @return the node's stream protocol port
   * @throws IllegalStateException if the node was not made {@linkplain #withStreams with streams}
   */
  public int streamPort() {
    if (streamPort == 0) {
      throw new IllegalStateException("this node does not serve streams");
    }
    return streamPort;
  }

  /**
   * @param port a port of 127.0.0.1
   * @return whether this node serves the stream protocol there
   */
  boolean servesStreamsAt(int port) {
    return streamPort != 0 && streamPort == port;
  }

  /**
   * @return the node's stream protocol URI, with the default guest credentials
   * @throws IllegalStateException if the node was not made {@linkplain #withStreams with streams}
   */
  public String streamUri() {
    return "rabbitmq-stream://guest:guest@" + placedHost + ":" + streamPort() + "/%2f";
  }

  /**
   * Starts the node (again, on the same data, after {@link #stop()}) and waits until it serves.
   *
   * @throws MqException if it does not start within 90 s; the message ends with its log
   * @throws InterruptedException if interrupted while waiting
   */
  @Override
  public synchronized void start() throws InterruptedException {
    long started = System.nanoTime();
    placedHost = host();
    placedExec = execPrefix();
    if (ownEpmd != null && !ownEpmd.isRunning()) {
      ownEpmd.beside(this);
      ownEpmd.start();
    }
    // The AMQP port opens late in boot; only then is await_startup quick and reliable.
    super.start();
    Duration left = START_TIMEOUT.minusNanos(System.nanoTime() - started);
    int rc = ctl(Math.max(10, left.toSeconds()), "await_startup", "--timeout", "60");
    if (rc != 0) {
      throw new MqException(
          "rabbitmqctl await_startup exited with " + rc + "; " + process().logTail(15));
    }
    if (streamPort != 0) {
      // The plugin's listener is up by the end of boot; a check costs one connect.
      process()
          .awaitReady(
              () -> Loopback.answers(placedHost, streamPort, Duration.ofMillis(200)),
              START_TIMEOUT.minusNanos(System.nanoTime() - started));
    }
    LocalNodes.add(this);
  }

  /** Stops the node as an operator would ({@code rabbitmqctl stop}), keeping its data. */
  @Override
  protected void stopping(BrokerProcess running) {
    if (running.isAlive()) {
      ctl(30, "stop");
    }
  }

  /** Stops the node's epmd (a cluster's is the cluster's to stop). */
  @Override
  protected void removing() {
    LocalNodes.remove(this);
    if (ownEpmd != null) {
      ownEpmd.close();
    }
  }

  /** Holds the node's stop, and its epmd's, which the node's stop asks through. */
  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    Hold node = super.holdStop(onShutdown, atMost);
    if (ownEpmd == null) {
      return node;
    }
    Hold mapper = ownEpmd.holdStop(() -> {}, atMost);
    return () -> {
      node.close();
      mapper.close();
    };
  }

  @Override
  protected void environment(Map<String, String> env) {
    RabbitEnvironment.clean(env);
    env.put("HOME", dir.toString()); // private Erlang cookie
    String host = placedHost;
    env.put("RABBITMQ_NODENAME", nodeName());
    if (inNamespace()) {
      env.put("RABBITMQ_USE_LONGNAME", "true"); // a name whose host part is an address
    }
    env.put("RABBITMQ_NODE_IP_ADDRESS", host);
    env.put("RABBITMQ_NODE_PORT", String.valueOf(port()));
    env.put("RABBITMQ_DIST_PORT", String.valueOf(basePort + 1));
    env.put("RABBITMQ_CTL_DIST_PORT_MIN", String.valueOf(basePort + 2));
    env.put("RABBITMQ_CTL_DIST_PORT_MAX", String.valueOf(basePort + 11));
    env.put("ERL_EPMD_PORT", String.valueOf(peers == null ? ownEpmd.port() : peers.epmdPort()));
    env.put("ERL_EPMD_ADDRESS", inNamespace() ? Loopback.HOST + "," + host : Loopback.HOST);
    env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
    env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
    env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
    env.put("RABBITMQ_ADVANCED_CONFIG_FILE", dir.resolve("advanced.config").toString());
    env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
    env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString());
    env.put("RABBITMQ_PID_FILE", dir.resolve("rabbitmq.pid").toString());
    env.put(
        "RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS",
        "-kernel inet_dist_use_interface {" + host.replace('.', ',') + "}");
  }

  /**
   * Runs {@code rabbitmqctl} against this node and returns what it printed.
   *
   * @param timeoutSeconds how long it may take
   * @param args its arguments after {@code -n <node>}
   * @return its standard output
   * @throws MqException if it fails or takes longer, with what it said
   */
  String query(long timeoutSeconds, String... args) {
    return ctl().query(timeoutSeconds, args);
  }

  private int ctl(long timeoutSeconds, String... args) {
    return ctl().run(timeoutSeconds, args);
  }

  /**
   * In a network namespace, rabbitmqctl runs in the node's: its epmd is there (run elsewhere, the
   * tool would start a daemon epmd of its own on that port), and a node cut off still answers.
   */
  private RabbitCtl ctl() {
    return new RabbitCtl(bin, placedExec, nodeName(), dir, this::environment);
  }
}
