package io.mqbench.nats;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.broker.StopHold;
import io.mqbench.config.MqConfig;
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
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A private {@code nats-server} with JetStream of the installed Debian package: what the runner
 * starts when no address is given and nothing answers on the compose port, and what the tests run
 * against. It listens on 127.0.0.1 on a free port, keeps its file store in a scratch directory of
 * its own, and is stopped and removed with its data by {@link #close()}. {@code sync_interval:
 * always} needs nats-server 2.10 or later; an older server refuses to start with it, saying so.
 */
public final class NatsServer implements LocalBroker {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  private static final Pattern VERSION = Pattern.compile("v?(\\d+)\\.(\\d+)\\.(\\d+)");

  private final Path bin;
  private final boolean syncAlways;
  private final String password;
  private final ScratchDirectory scratch;
  private final int port;
  private BrokerProcess process;
  private StopHold hold;
  private boolean closed;

  /**
   * Prepares a server; nothing runs until {@link #start()}.
   *
   * @param bin the {@code nats-server} executable
   * @param syncAlways whether it fsyncs before acknowledging ({@code sync_interval: always})
   * @param password the password of a user {@code mqbench} it requires, or null for none
   */
  NatsServer(Path bin, boolean syncAlways, String password) {
    this.bin = bin;
    this.syncAlways = syncAlways;
    this.password = password;
    this.scratch = ScratchDirectory.create("mqbench-nats-");
    this.port = Loopback.freePort();
  }

  /**
   * @return the installed {@code nats-server}, if there is one on the PATH or in /usr/bin
   */
  public static Optional<Path> installed() {
    List<Path> dirs = new ArrayList<>();
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        dirs.add(Paths.get(d));
      }
    }
    dirs.add(Paths.get("/usr/bin"));
    return dirs.stream().map(d -> d.resolve("nats-server")).filter(Files::isExecutable).findFirst();
  }

  @Override
  public MqConfig start(MqConfig config) throws InterruptedException {
    start();
    return config.with(NatsSettings.URL.name(), url());
  }

  /**
   * @return the server's URL, with the user and password if it requires them
   */
  public String url() {
    return "nats://" + (password == null ? "" : "mqbench:" + password + "@") + "127.0.0.1:" + port;
  }

  /**
   * @return the port it listens on
   */
  public int port() {
    return port;
  }

  @Override
  public String description() {
    return "a private nats-server with JetStream ("
        + bin
        + ", file store, sync_interval "
        + (syncAlways ? "always" : "default (2 minutes)")
        + ") on 127.0.0.1:"
        + port;
  }

  /**
   * @return the running server's process, to freeze or kill it in tests
   */
  public synchronized BrokerProcess process() {
    if (process == null) {
      throw new IllegalStateException("the server is not running");
    }
    return process;
  }

  /**
   * Starts the server (again, on the same data, after {@link #stop()}) and waits until it answers.
   *
   * @throws MqException if it cannot or does not within 30 s; the message says why
   * @throws InterruptedException if interrupted while waiting
   */
  public synchronized void start() throws InterruptedException {
    if (closed) {
      throw new IllegalStateException("the server is closed");
    }
    Path dir = scratch.path();
    if (syncAlways) {
      String version = version();
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
    Path config = dir.resolve("nats.conf");
    List<String> lines = new ArrayList<>();
    lines.add("listen: 127.0.0.1:" + port);
    lines.add("jetstream {");
    lines.add("  store_dir: \"" + dir.resolve("jetstream") + "\"");
    if (syncAlways) {
      lines.add("  sync_interval: always");
    }
    lines.add("}");
    if (password != null) {
      lines.add("authorization { user: mqbench, password: \"" + password + "\" }");
    }
    try {
      Files.write(config, lines);
    } catch (IOException e) {
      throw new MqException("nats: cannot write " + config + ": " + e, e);
    }
    process =
        BrokerProcess.start(
            "private nats-server on 127.0.0.1:" + port,
            List.of(bin.toString(), "-c", config.toString()),
            false,
            dir,
            dir.resolve("nats.log"),
            env -> {});
    if (hold != null) {
      process.holdStop(hold);
    }
    process.awaitReady(
        () -> Loopback.answers(Loopback.HOST, port, Duration.ofMillis(200)), START_TIMEOUT);
  }

  private String version() throws InterruptedException {
    try {
      Process p = new ProcessBuilder(bin.toString(), "--version").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      p.waitFor(10, TimeUnit.SECONDS);
      Matcher m = VERSION.matcher(out);
      return m.find() ? m.group(1) + "." + m.group(2) + "." + m.group(3) : out.trim();
    } catch (IOException e) {
      throw new MqException("nats: cannot run " + bin + " --version: " + e, e);
    }
  }

  private static boolean atLeast(String version, int major, int minor) {
    Matcher m = VERSION.matcher(version);
    if (!m.find()) {
      return false;
    }
    int a = Integer.parseInt(m.group(1));
    int b = Integer.parseInt(m.group(2));
    return a > major || (a == major && b >= minor);
  }

  /** Stops the server, keeping its file store for a {@link #start()}. */
  public synchronized void stop() {
    if (process != null) {
      process.close();
      process = null;
    }
  }

  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    hold = new StopHold(onShutdown, atMost);
    if (process != null) {
      process.holdStop(hold);
    }
    return hold;
  }

  /** Stops the server and deletes its directory. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    stop();
    closed = true;
    scratch.close();
  }
}
