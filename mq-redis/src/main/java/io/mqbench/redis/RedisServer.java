package io.mqbench.redis;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.broker.StopHold;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A private {@code redis-server} of the installed Debian package: what the runner starts when no
 * address is given and nothing answers on the compose port, and what the tests run against. It
 * listens on 127.0.0.1 on a free port, keeps its append-only file in a scratch directory of its own
 * with the given fsync policy, takes no snapshots, and is stopped and removed with its data by
 * {@link #close()}.
 */
public final class RedisServer implements LocalBroker {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  private final Path bin;
  private final FsyncPolicy fsync;
  private final String password;
  private final ScratchDirectory scratch;
  private final int port;
  private BrokerProcess process;
  private StopHold hold;
  private boolean closed;

  /**
   * Prepares a server; nothing runs until {@link #start()}.
   *
   * @param bin the {@code redis-server} executable
   * @param fsync its append-only policy
   * @param password a password it requires ({@code requirepass}), or null for none
   */
  RedisServer(Path bin, FsyncPolicy fsync, String password) {
    this.bin = bin;
    this.fsync = fsync;
    this.password = password;
    this.scratch = ScratchDirectory.create("mqbench-redis-");
    this.port = Loopback.freePort();
  }

  /**
   * @return the installed {@code redis-server}, if there is one on the PATH or in /usr/bin
   */
  public static Optional<Path> installed() {
    List<Path> dirs = new ArrayList<>();
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        dirs.add(Paths.get(d));
      }
    }
    dirs.add(Paths.get("/usr/bin"));
    return dirs.stream()
        .map(d -> d.resolve("redis-server"))
        .filter(Files::isExecutable)
        .findFirst();
  }

  @Override
  public MqConfig start(MqConfig config) throws InterruptedException {
    start();
    return config.with(RedisSettings.URI.name(), uri());
  }

  /**
   * @return the server's URI, with its password if it has one
   */
  public String uri() {
    return "redis://" + (password == null ? "" : ":" + password + "@") + "127.0.0.1:" + port;
  }

  /**
   * @return the port it listens on
   */
  public int port() {
    return port;
  }

  @Override
  public String description() {
    return "a private redis-server ("
        + bin
        + ", "
        + fsync.serverSettings()
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
   * @throws MqException if it does not within 30 s; the message ends with its log
   * @throws InterruptedException if interrupted while waiting
   */
  public synchronized void start() throws InterruptedException {
    if (closed) {
      throw new IllegalStateException("the server is closed");
    }
    Path dir = scratch.path();
    List<String> command = new ArrayList<>();
    command.add(bin.toString());
    command.addAll(
        List.of(
            "--bind",
            "127.0.0.1",
            "--port",
            String.valueOf(port),
            "--dir",
            dir.toString(),
            "--save",
            "",
            "--daemonize",
            "no",
            "--logfile",
            "",
            "--appendonly",
            fsync == FsyncPolicy.NO ? "no" : "yes",
            "--appendfsync",
            fsync == FsyncPolicy.NO ? "everysec" : fsync.name().toLowerCase(Locale.ROOT)));
    if (password != null) {
      command.addAll(List.of("--requirepass", password));
    }
    process =
        BrokerProcess.start(
            "private redis-server on 127.0.0.1:" + port,
            command,
            false,
            dir,
            dir.resolve("redis.log"),
            env -> {});
    if (hold != null) {
      process.holdStop(hold);
    }
    process.awaitReady(
        () -> Loopback.answers(Loopback.HOST, port, Duration.ofMillis(200)), START_TIMEOUT);
  }

  /** Stops the server, keeping its data (the append-only file) for a {@link #start()}. */
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
