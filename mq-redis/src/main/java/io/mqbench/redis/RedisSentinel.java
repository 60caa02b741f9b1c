package io.mqbench.redis;

import io.mqbench.broker.NativeServer;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A private Redis Sentinel ({@code redis-server --sentinel} of the installed package) watching the
 * primary of a local cluster: with its peers it decides that the primary is down (after {@link
 * #DOWN_AFTER_MILLIS} without an answer) and promotes a replica, and clients ask it where the
 * primary is. Its configuration file is its own, in its scratch directory (a Sentinel rewrites it).
 */
final class RedisSentinel extends NativeServer {
  /** The name the Sentinels know the primary by; clients name it too. */
  static final String MASTER_NAME = "mqbench";

  /** How long the primary may not answer before a Sentinel thinks it down. */
  static final int DOWN_AFTER_MILLIS = 2000;

  private final RedisServer primary;
  private final int quorum;
  private final String password;

  /**
   * @param bin the {@code redis-server} executable
   * @param primary the primary it watches first
   * @param quorum how many Sentinels must agree that the primary is down
   * @param password the primary's password, or null for none
   */
  RedisSentinel(Path bin, RedisServer primary, int quorum, String password) {
    super(bin, "mqbench-redis-sentinel-", "private Redis Sentinel");
    this.primary = primary;
    this.quorum = quorum;
    this.password = password;
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port) {
    Path config = directory.resolve("sentinel.conf");
    List<String> lines =
        new java.util.ArrayList<>(
            List.of(
                "bind 127.0.0.1",
                "port " + port,
                // Every Sentinel is on this machine's loopback; without this, one would announce
                // the address its connection to a node in a network namespace comes from.
                "sentinel announce-ip 127.0.0.1",
                "dir \"" + directory + "\"",
                "daemonize no",
                "logfile \"\"",
                "sentinel monitor "
                    + MASTER_NAME
                    + " "
                    + primary.host()
                    + " "
                    + primary.port()
                    + " "
                    + quorum,
                "sentinel down-after-milliseconds " + MASTER_NAME + " " + DOWN_AFTER_MILLIS,
                "sentinel failover-timeout " + MASTER_NAME + " 10000",
                "sentinel parallel-syncs " + MASTER_NAME + " 1"));
    if (password != null) {
      lines.add("sentinel auth-pass " + MASTER_NAME + " " + password);
    }
    try {
      Files.write(config, lines);
    } catch (IOException e) {
      throw new MqException("redis: cannot write " + config + ": " + e, e);
    }
    return List.of(executable.toString(), config.toString(), "--sentinel");
  }

  /** Not pointed at: the cluster points at its Sentinels together. */
  @Override
  protected MqConfig pointAt(MqConfig config) {
    return config;
  }

  @Override
  public String description() {
    return "a private Redis Sentinel on 127.0.0.1:" + port();
  }
}
