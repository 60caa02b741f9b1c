package io.mqbench.rabbitmq;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.broker.StopHold;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
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
import java.util.concurrent.TimeUnit;

/**
 * A private RabbitMQ node of the installed {@code rabbitmq-server} (Debian package): what the
 * runner starts when no address is given and nothing answers on 127.0.0.1:5672, and what the
 * integration tests run against.
 *
 * <p>It shares nothing with a system RabbitMQ: its own node name, AMQP, distribution, epmd and CLI
 * ports (all on 127.0.0.1), data and log directories in a scratch directory, Erlang cookie (HOME),
 * config file and plugin list (empty, or only {@code rabbitmq_stream} for a node {@linkplain
 * #withStreams serving streams}). {@link #close()} stops it, stops its epmd and deletes the
 * directory; the process, its log tail in errors and the no-orphans guarantee are mq-broker-kit's
 * {@link BrokerProcess}.
 */
public final class RabbitNode implements LocalBroker {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  private final Path bin;
  private final ScratchDirectory scratch;
  private final Path dir;
  private final String nodeName;
  private final int amqpPort;
  private final int streamPort; // 0: the stream plugin is not enabled
  private final int basePort; // epmd; base+1 distribution; base+2..base+11 CLI tools
  private BrokerProcess process;
  private StopHold hold;
  private boolean closed;

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
    this.bin = bin;
    this.scratch = ScratchDirectory.create("mqbench-rabbitmq-");
    this.dir = scratch.path();
    this.amqpPort = Loopback.freePort();
    this.streamPort = streams ? Loopback.freePort() : 0;
    this.basePort = FreePorts.range(12);
    this.nodeName = "mqbench-" + ProcessHandle.current().pid() + "-" + amqpPort + "@localhost";
    try {
      Files.createDirectories(dir.resolve("mnesia"));
      Files.createDirectories(dir.resolve("log"));
      Files.writeString(dir.resolve("enabled_plugins"), streams ? "[rabbitmq_stream].\n" : "[].\n");
      Files.writeString(dir.resolve("rabbitmq-env.conf"), "");
      List<String> conf = new ArrayList<>();
      conf.add("listeners.tcp.1 = 127.0.0.1:" + amqpPort);
      if (streams) {
        conf.add("stream.listeners.tcp.1 = 127.0.0.1:" + streamPort);
        conf.add("stream.advertised_host = 127.0.0.1");
        conf.add("stream.advertised_port = " + streamPort);
      }
      conf.addAll(
          List.of(
              "log.console = false",
              "log.file.level = info",
              "disk_free_limit.absolute = 50MB",
              ""));
      Files.writeString(dir.resolve("rabbitmq.conf"), String.join("\n", conf));
    } catch (IOException e) {
      scratch.close();
      throw new MqException("cannot prepare a private RabbitMQ node in " + dir + ": " + e, e);
    }
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

  @Override
  public MqConfig start(MqConfig config) throws InterruptedException {
    start();
    return config.with(RabbitMqSettings.URI.name(), uri());
  }

  @Override
  public String description() {
    return "a private RabbitMQ node (rabbitmq-server from "
        + bin
        + ") on 127.0.0.1:"
        + amqpPort
        + (streamPort == 0 ? "" : ", streams on 127.0.0.1:" + streamPort);
  }

  /**
   * @return the node's AMQP URI, with the default guest credentials (allowed on loopback)
   */
  public String uri() {
    return "amqp://guest:guest@127.0.0.1:" + amqpPort;
  }

  /**
   * @return the node's AMQP port
   */
  public int port() {
    return amqpPort;
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
   * @return the node's stream protocol URI, with the default guest credentials
   * @throws IllegalStateException if the node was not made {@linkplain #withStreams with streams}
   */
  public String streamUri() {
    return "rabbitmq-stream://guest:guest@127.0.0.1:" + streamPort() + "/%2f";
  }

  /**
   * @return the node's scratch directory (data, configuration, logs), deleted by {@link #close()}
   */
  public Path directory() {
    return dir;
  }

  /**
   * @return the running node's process, to freeze or thaw it in tests
   */
  public synchronized BrokerProcess process() {
    if (process == null) {
      throw new IllegalStateException("the node is not running");
    }
    return process;
  }

  /**
   * Starts the node (again, on the same data, after {@link #stop()}) and waits until it serves.
   *
   * @throws MqException if it does not start within 90 s; the message ends with its log
   * @throws InterruptedException if interrupted while waiting
   */
  public synchronized void start() throws InterruptedException {
    if (closed) {
      throw new IllegalStateException("the node is closed");
    }
    long started = System.nanoTime();
    process =
        BrokerProcess.start(
            "private RabbitMQ node " + nodeName,
            List.of(bin.resolve("rabbitmq-server").toString()),
            false,
            dir,
            dir.resolve("console.log"),
            this::environment);
    if (hold != null) {
      process.holdStop(hold);
    }
    // The AMQP port opens late in boot; only then is await_startup quick and reliable.
    process.awaitReady(
        () -> Loopback.answers(Loopback.HOST, amqpPort, Duration.ofMillis(200)), START_TIMEOUT);
    Duration left = START_TIMEOUT.minusNanos(System.nanoTime() - started);
    int rc = ctl(Math.max(10, left.toSeconds()), "await_startup", "--timeout", "60");
    if (rc != 0) {
      throw new MqException(
          "rabbitmqctl await_startup exited with " + rc + "; " + process.logTail(15));
    }
    if (streamPort != 0) {
      // The plugin's listener is up by the end of boot; a check costs one connect.
      process.awaitReady(
          () -> Loopback.answers(Loopback.HOST, streamPort, Duration.ofMillis(200)),
          START_TIMEOUT.minusNanos(System.nanoTime() - started));
    }
  }

  /**
   * The node as a fault target: killed ({@code SIGKILL} to the server and its Erlang VM), restarted
   * on the same data directory after a kill (as {@link #start()} after {@link #stop()}), paused and
   * resumed. Its epmd, a daemon of its own, is neither killed nor paused.
   */
  @Override
  public Optional<BrokerFaults> faults() {
    return Optional.of(
        new BrokerFaults() {
          @Override
          public int nodes() {
            return 1;
          }

          @Override
          public String address(int node) {
            return Loopback.HOST + ":" + amqpPort;
          }

          @Override
          public long pid(int node) {
            return process().pid();
          }

          @Override
          public void kill(int node) throws InterruptedException {
            process().kill();
          }

          @Override
          public Duration restart(int node) throws InterruptedException {
            long begun = System.nanoTime();
            synchronized (RabbitNode.this) {
              BrokerProcess dead = process();
              dead.kill();
              dead.close();
              process = null;
              start();
            }
            return Duration.ofNanos(System.nanoTime() - begun);
          }

          @Override
          public void pause(int node) throws InterruptedException {
            process().suspend();
          }

          @Override
          public void resume(int node) throws InterruptedException {
            process().resume();
          }
        });
  }

  /** Holds the stop of the node's process, now and after a restart; see {@link LocalBroker}. */
  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    hold = new StopHold(onShutdown, atMost);
    if (process != null) {
      process.holdStop(hold);
    }
    return hold;
  }

  /** Stops the node as an operator would ({@code rabbitmqctl stop}), keeping its data. */
  public synchronized void stop() {
    if (process == null) {
      return;
    }
    if (process.isAlive()) {
      ctl(30, "stop");
    }
    process.close();
    process = null;
  }

  /** Stops the node, its epmd, and deletes its directory. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    stop();
    closed = true;
    run(10, List.of("epmd", "-kill"));
    scratch.close();
  }

  private void environment(Map<String, String> env) {
    // Nothing of a system-wide RabbitMQ or Erlang set-up may leak in.
    env.keySet().removeIf(k -> k.startsWith("RABBITMQ_") || k.startsWith("ERL_"));
    env.put("HOME", dir.toString()); // private Erlang cookie
    env.put("RABBITMQ_NODENAME", nodeName);
    env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
    env.put("RABBITMQ_NODE_PORT", String.valueOf(amqpPort));
    env.put("RABBITMQ_DIST_PORT", String.valueOf(basePort + 1));
    env.put("RABBITMQ_CTL_DIST_PORT_MIN", String.valueOf(basePort + 2));
    env.put("RABBITMQ_CTL_DIST_PORT_MAX", String.valueOf(basePort + 11));
    env.put("ERL_EPMD_PORT", String.valueOf(basePort));
    env.put("ERL_EPMD_ADDRESS", "127.0.0.1");
    env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
    env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
    env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
    env.put("RABBITMQ_ADVANCED_CONFIG_FILE", dir.resolve("advanced.config").toString());
    env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
    env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString());
    env.put("RABBITMQ_PID_FILE", dir.resolve("rabbitmq.pid").toString());
    env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-kernel inet_dist_use_interface {127,0,0,1}");
  }

  private int ctl(long timeoutSeconds, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(bin.resolve("rabbitmqctl").toString());
    cmd.add("-n");
    cmd.add(nodeName);
    cmd.addAll(List.of(args));
    return run(timeoutSeconds, cmd);
  }

  private int run(long timeoutSeconds, List<String> cmd) {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    environment(pb.environment());
    pb.directory(dir.toFile());
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("ctl.log").toFile()));
    try {
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return -1;
      }
      return p.exitValue();
    } catch (IOException e) {
      return -2;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -3;
    }
  }
}
