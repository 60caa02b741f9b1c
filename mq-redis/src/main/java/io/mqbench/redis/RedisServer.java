package io.mqbench.redis;

import io.mqbench.broker.Loopback;
import io.mqbench.broker.NativeServer;
import io.mqbench.config.MqConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A private {@code redis-server} of the installed Debian package: what the runner starts when no
 * address is given and nothing answers on the compose port, and what the tests run against. It
 * keeps its append-only file, with the given fsync policy, in its scratch directory and takes no
 * snapshots; the rest is mq-broker-kit's {@link NativeServer}.
 */
public final class RedisServer extends NativeServer {
  private final FsyncPolicy fsync;
  private final String password;
  private final RedisServer primary;

  /**
   * @param bin the {@code redis-server} executable
   * @param fsync its append-only policy
   * @param password a password it requires ({@code requirepass}), or null for none
   */
  RedisServer(Path bin, FsyncPolicy fsync, String password) {
    this(bin, fsync, password, null);
  }

  /**
   * @param bin the {@code redis-server} executable
   * @param fsync its append-only policy
   * @param password a password it requires ({@code requirepass}), or null for none
   * @param primary the primary it replicates, or null for a primary
   */
  RedisServer(Path bin, FsyncPolicy fsync, String password, RedisServer primary) {
    super(
        bin,
        "mqbench-redis-",
        primary == null ? "private redis-server" : "private redis-server replica");
    this.fsync = fsync;
    this.password = password;
    this.primary = primary;
  }

  /**
   * @return the installed {@code redis-server}, if there is one
   */
  public static Optional<Path> installed() {
    return NativeServer.installed("redis-server");
  }

  /**
   * @return the server's URI, with its password if it has one
   */
  public String uri() {
    return "redis://" + (password == null ? "" : ":" + password + "@") + address();
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port) {
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(
        List.of(
            "--bind",
            host(),
            "--port",
            String.valueOf(port),
            "--dir",
            directory.toString(),
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
      command.addAll(List.of("--requirepass", password, "--masterauth", password));
    } else if (!Loopback.HOST.equals(host())) {
      // Without a password Redis answers loopback clients only; a node in a network namespace is
      // reached from the namespaces' private subnet, which only this machine can reach.
      command.addAll(List.of("--protected-mode", "no"));
    }
    if (primary != null) {
      command.addAll(List.of("--replicaof", primary.host(), String.valueOf(primary.port())));
    }
    return command;
  }

  @Override
  protected MqConfig pointAt(MqConfig config) {
    return config.with(RedisSettings.URI.name(), uri());
  }

  @Override
  public String description() {
    return "a private redis-server ("
        + executable()
        + ", "
        + fsync.serverSettings()
        + ") on "
        + address();
  }
}
