package io.mqbench.nats;

import io.mqbench.broker.NativeServer;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A private {@code nats-server} with JetStream of the installed Debian package: what the runner
 * starts when no address is given and nothing answers on the compose port, and what the tests run
 * against. Its file store is in its scratch directory; the rest is mq-broker-kit's {@link
 * NativeServer}. {@code sync_interval: always} needs nats-server 2.10 or later: an older server is
 * not started with it, and the error says so.
 */
public final class NatsServer extends NativeServer {
  private static final Pattern VERSION = Pattern.compile("v?(\\d+)\\.(\\d+)\\.(\\d+)");

  /** The prefix of a cluster node's server name; the rest is its client port. */
  static final String NODE_NAME_PREFIX = "mqbench-";

  private final boolean syncAlways;
  private final String password;
  private final Routes routes;

  /**
   * A node's place in a cluster: the port it listens on for the other nodes' routes, and the other
   * nodes with theirs (their addresses are known once the cluster places them, before any starts).
   *
   * @param port this node's route port, on its {@link #host()}
   * @param peers the other nodes, filled in by the cluster before it starts
   */
  record Routes(int port, List<NatsServer> peers) {}

  /**
   * @param bin the {@code nats-server} executable
   * @param syncAlways whether it fsyncs before acknowledging ({@code sync_interval: always})
   * @param password the password of a user {@code mqbench} it requires, or null for none
   */
  NatsServer(Path bin, boolean syncAlways, String password) {
    this(bin, syncAlways, password, null);
  }

  /**
   * @param bin the {@code nats-server} executable
   * @param syncAlways whether it fsyncs before acknowledging ({@code sync_interval: always})
   * @param password the password of a user {@code mqbench} it requires, or null for none
   * @param routes its place in a cluster, or null for a server alone
   */
  NatsServer(Path bin, boolean syncAlways, String password, Routes routes) {
    super(
        bin, "mqbench-nats-", routes == null ? "private nats-server" : "private nats-server node");
    this.syncAlways = syncAlways;
    this.password = password;
    this.routes = routes;
  }

  /**
   * @return the server's name: {@code mqbench-<client port>}, which JetStream names a stream's
   *     leader by
   */
  String serverName() {
    return NODE_NAME_PREFIX + port();
  }

  /**
   * @return the installed {@code nats-server}, if there is one
   */
  public static Optional<Path> installed() {
    return NativeServer.installed("nats-server");
  }

  /**
   * @return the server's URL, with the user and password if it requires them
   */
  public String url() {
    return "nats://" + (password == null ? "" : "mqbench:" + password + "@") + address();
  }

  /**
   * @return its route port, where the other nodes of its cluster connect
   * @throws IllegalStateException for a server alone
   */
  int routePort() {
    if (routes == null) {
      throw new IllegalStateException("a server alone has no routes");
    }
    return routes.port();
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port)
      throws InterruptedException {
    if (syncAlways) {
      String version = version(executable);
      if (!atLeast(version, 2, 10)) {
        throw new MqException(
            "nats: the installed nats-server "
                + version
                + " has no sync_interval (2.10 or later), so it cannot fsync before it"
                + " acknowledges: pass -p "
                + NatsSettings.SYNC_ALWAYS.name()
                + "=false to measure it as it is, or give "
                + NatsSettings.URL.name()
                + " a server that syncs always");
      }
    }
    Path config = directory.resolve("nats.conf");
    List<String> lines = new ArrayList<>();
    lines.add("server_name: " + NODE_NAME_PREFIX + port);
    lines.add("listen: " + host() + ":" + port);
    lines.add("jetstream {");
    lines.add("  store_dir: \"" + directory.resolve("jetstream") + "\"");
    if (syncAlways) {
      lines.add("  sync_interval: always");
    }
    lines.add("}");
    if (routes != null) {
      lines.add("cluster {");
      lines.add("  name: mqbench");
      lines.add("  listen: " + host() + ":" + routes.port());
      lines.add("  routes: [");
      for (NatsServer other : routes.peers()) {
        lines.add("    nats-route://" + other.host() + ":" + other.routePort());
      }
      lines.add("  ]");
      lines.add("}");
    }
    if (password != null) {
      lines.add("authorization { user: mqbench, password: \"" + password + "\" }");
    }
    try {
      Files.write(config, lines);
    } catch (IOException e) {
      throw new MqException("nats: cannot write " + config + ": " + e, e);
    }
    return List.of(executable.toString(), "-c", config.toString());
  }

  @Override
  protected MqConfig pointAt(MqConfig config) {
    return config.with(NatsSettings.URL.name(), url());
  }

  @Override
  public String description() {
    return "a private nats-server with JetStream ("
        + executable()
        + ", file store, sync_interval "
        + (syncAlways ? "always" : "default (2 minutes)")
        + ") on "
        + address();
  }

  private static String version(Path executable) throws InterruptedException {
    try {
      Process p =
          new ProcessBuilder(executable.toString(), "--version").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      p.waitFor(10, TimeUnit.SECONDS);
      Matcher m = VERSION.matcher(out);
      return m.find() ? m.group(1) + "." + m.group(2) + "." + m.group(3) : out.trim();
    } catch (IOException e) {
      throw new MqException("nats: cannot run " + executable + " --version: " + e, e);
    }
  }

  static boolean atLeast(String version, int major, int minor) {
    Matcher m = VERSION.matcher(version);
    if (!m.find()) {
      return false;
    }
    int a = Integer.parseInt(m.group(1));
    int b = Integer.parseInt(m.group(2));
    return a > major || (a == major && b >= minor);
  }
}
