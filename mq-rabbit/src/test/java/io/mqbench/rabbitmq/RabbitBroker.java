package io.mqbench.rabbitmq;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The RabbitMQ broker integration tests run against: the one {@code RABBITMQ_URI} names, or else a
 * private node this class starts from the installed {@code rabbitmq-server} (Debian package).
 *
 * <p>The private node shares nothing with a system RabbitMQ that may be running: its own node name,
 * AMQP port, distribution port, epmd port, CLI ports, data and log directories, Erlang cookie
 * (HOME), config file and (empty) plugin list, all bound to 127.0.0.1. It runs as a child process;
 * {@link #close()} stops it, kills its epmd and deletes its directory.
 */
final class RabbitBroker implements AutoCloseable {
  private static final long START_TIMEOUT_SECONDS = 90;

  private final String uri;
  private final PrivateNode node; // null when RABBITMQ_URI is used

  private RabbitBroker(String uri, PrivateNode node) {
    this.uri = uri;
    this.node = node;
  }

  /**
   * @return the broker from {@code RABBITMQ_URI}, or a freshly started private node
   * @throws IllegalStateException if there is neither, saying how to provide one
   */
  static RabbitBroker fromEnvironmentOrStart() {
    String fromEnv = System.getenv("RABBITMQ_URI");
    if (fromEnv != null && !fromEnv.isBlank()) {
      return new RabbitBroker(fromEnv.trim(), null);
    }
    Path bin =
        findServerScripts()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no RabbitMQ for the integration tests: set RABBITMQ_URI=amqp://user:pass@host:port"
                            + " or install the Debian package rabbitmq-server (apt-get install"
                            + " rabbitmq-server) so the tests can start a private node"));
    PrivateNode node = new PrivateNode(bin);
    node.start();
    return new RabbitBroker("amqp://guest:guest@127.0.0.1:" + node.amqpPort, node);
  }

  /**
   * @return the AMQP URI of the broker, with credentials
   */
  String uri() {
    return uri;
  }

  /**
   * @return the AMQP port (private node only)
   */
  int port() {
    return java.net.URI.create(uri).getPort();
  }

  /**
   * @return whether the tests own this broker and may restart it
   */
  boolean isPrivate() {
    return node != null;
  }

  /**
   * Stops the node as an operator would ({@code rabbitmqctl stop}) and starts it again on the same
   * data directory and ports.
   */
  void restart() {
    if (node == null) {
      throw new IllegalStateException("cannot restart the broker of RABBITMQ_URI");
    }
    node.stop();
    node.start();
  }

  @Override
  public void close() {
    if (node != null) {
      node.stop();
      node.stopEpmd();
      node.deleteDirectory();
    }
  }

  /** Finds a directory with {@code rabbitmq-server} and {@code rabbitmqctl} that run as us. */
  private static Optional<Path> findServerScripts() {
    List<Path> dirs = new ArrayList<>();
    // Debian's /usr/sbin entries su to the rabbitmq user; the scripts behind them do not.
    dirs.add(Paths.get("/usr/lib/rabbitmq/bin"));
    String path = System.getenv().getOrDefault("PATH", "");
    for (String d : path.split(java.io.File.pathSeparator)) {
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

  /** A private RabbitMQ node in a temporary directory. */
  private static final class PrivateNode {
    private final Path bin;
    private final Path dir;
    private final String nodeName;
    private final int amqpPort;
    private final int basePort; // epmd; base+1 distribution; base+2..base+11 CLI tools
    private Process process;

    PrivateNode(Path bin) {
      this.bin = bin;
      try {
        this.dir = Files.createTempDirectory("mqbench-rabbitmq-");
        this.amqpPort = freePort();
        this.basePort = freePortRange(12);
        this.nodeName = "mqbench-" + ProcessHandle.current().pid() + "-" + amqpPort + "@localhost";
        Files.createDirectories(dir.resolve("mnesia"));
        Files.createDirectories(dir.resolve("log"));
        Files.writeString(dir.resolve("enabled_plugins"), "[].\n");
        Files.writeString(dir.resolve("rabbitmq-env.conf"), "");
        Files.writeString(
            dir.resolve("rabbitmq.conf"),
            String.join(
                "\n",
                "listeners.tcp.1 = 127.0.0.1:" + amqpPort,
                "log.console = false",
                "log.file.level = info",
                "disk_free_limit.absolute = 50MB",
                ""));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
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

    void start() {
      long started = System.nanoTime();
      ProcessBuilder pb = new ProcessBuilder(bin.resolve("rabbitmq-server").toString());
      environment(pb.environment());
      pb.directory(dir.toFile());
      pb.redirectErrorStream(true);
      pb.redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("console.log").toFile()));
      try {
        process = pb.start();
      } catch (IOException e) {
        throw new IllegalStateException("cannot run " + bin.resolve("rabbitmq-server"), e);
      }
      long deadline = started + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
      // The AMQP port opens late in boot; only then is await_startup quick and reliable.
      while (!portOpen(amqpPort)) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "private rabbitmq-server exited with " + process.exitValue() + logs());
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "private rabbitmq-server did not open port " + amqpPort + logs());
        }
        sleep(100);
      }
      int rc = ctl(60, "await_startup", "--timeout", "60");
      if (rc != 0) {
        throw new IllegalStateException("rabbitmqctl await_startup exited with " + rc + logs());
      }
      System.err.printf(
          "[rabbit-it] private RabbitMQ node %s on 127.0.0.1:%d up in %d ms (%s)%n",
          nodeName, amqpPort, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), dir);
    }

    void stop() {
      if (process == null) {
        return;
      }
      if (process.isAlive()) {
        ctl(30, "stop");
      }
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
          process.waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      process = null;
    }

    /** The node started an epmd daemon on its private port; nothing else uses it. */
    void stopEpmd() {
      runQuietly(10, List.of("epmd", "-kill"));
    }

    void deleteDirectory() {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        // a leftover temp directory is harmless
      }
    }

    private int ctl(int timeoutSeconds, String... args) {
      List<String> cmd = new ArrayList<>();
      cmd.add(bin.resolve("rabbitmqctl").toString());
      cmd.add("-n");
      cmd.add(nodeName);
      cmd.addAll(List.of(args));
      return runQuietly(timeoutSeconds, cmd);
    }

    private int runQuietly(int timeoutSeconds, List<String> cmd) {
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

    private String logs() {
      StringBuilder b = new StringBuilder("; logs in ").append(dir);
      for (Path p : List.of(dir.resolve("console.log"), dir.resolve("ctl.log"))) {
        try {
          List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
          b.append("\n--- ").append(p.getFileName()).append(" (last lines)\n");
          lines
              .subList(Math.max(0, lines.size() - 30), lines.size())
              .forEach(l -> b.append(l).append('\n'));
        } catch (IOException e) {
          // missing log: nothing to show
        }
      }
      return b.toString();
    }
  }

  static boolean portOpen(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** A run of free ports below the usual ephemeral range, so that base+11 stays valid. */
  private static int freePortRange(int length) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = 20_000 + random.nextInt(10_000);
      boolean free = true;
      for (int p = base; p < base + length && free; p++) {
        free = isFree(p);
      }
      if (free) {
        return base;
      }
    }
    throw new IllegalStateException("no run of " + length + " free ports in 20000-30000");
  }

  private static boolean isFree(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting RabbitMQ", e);
    }
  }
}
