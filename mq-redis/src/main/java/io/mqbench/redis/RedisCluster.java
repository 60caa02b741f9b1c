package io.mqbench.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.mqbench.broker.NativeCluster;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A local replicated Redis: a primary and N−1 replicas, private redis-servers each with its own
 * append-only file, ports and scratch directory, and three Sentinels that promote a replica when
 * the primary stops answering. Clients find the primary through the Sentinels ({@code
 * redis-sentinel://} URI), again after a failover; a send waits for a majority's replicas ({@code
 * WAIT}) unless {@code redis.replicas} says otherwise.
 */
final class RedisCluster extends NativeCluster {
  /** Sentinels: three, so that two agree that the primary is down. */
  static final int SENTINELS = 3;

  private static final Duration CLUSTERED_TIMEOUT = Duration.ofSeconds(60);

  private final List<RedisServer> servers;
  private final List<RedisSentinel> sentinels;
  private final Path bin;
  private final FsyncPolicy fsync;
  private final String password;

  private RedisCluster(
      List<RedisServer> servers,
      List<RedisSentinel> sentinels,
      Path bin,
      FsyncPolicy fsync,
      String password) {
    super(servers, sentinels);
    this.servers = servers;
    this.sentinels = sentinels;
    this.bin = bin;
    this.fsync = fsync;
    this.password = password;
  }

  /**
   * @param bin the {@code redis-server} executable
   * @param nodes how many data nodes, at least 2: the first the primary
   * @param fsync every node's append-only policy
   * @param password the password every node requires, or null for none
   * @return the cluster, not started
   */
  static RedisCluster of(Path bin, int nodes, FsyncPolicy fsync, String password) {
    List<RedisServer> servers = new ArrayList<>();
    RedisServer primary = new RedisServer(bin, fsync, password);
    servers.add(primary);
    for (int i = 1; i < nodes; i++) {
      servers.add(new RedisServer(bin, fsync, password, primary));
    }
    List<RedisSentinel> sentinels = new ArrayList<>();
    for (int i = 0; i < SENTINELS; i++) {
      sentinels.add(new RedisSentinel(bin, primary, SENTINELS / 2 + 1, password));
    }
    return new RedisCluster(servers, sentinels, bin, fsync, password);
  }

  /** The same cluster on new ports and directories: to be placed in network namespaces. */
  @Override
  protected NativeCluster copy() {
    return of(bin, servers.size(), fsync, password);
  }

  /**
   * @return the Sentinels' URI, as {@code redis.uri} takes it, with the password if there is one
   */
  String uri() {
    return "redis-sentinel://"
        + (password == null ? "" : password + "@")
        + sentinels.stream().map(s -> "127.0.0.1:" + s.port()).collect(Collectors.joining(","))
        + "#"
        + RedisSentinel.MASTER_NAME;
  }

  /**
   * The Sentinels' URI, and WAIT for a majority's replicas (half the nodes, rounded down) unless
   * {@code redis.replicas} was given.
   */
  @Override
  protected MqConfig pointAt(MqConfig config) {
    MqConfig pointed = config.with(RedisSettings.URI.name(), uri());
    if (!config.isGiven(RedisSettings.REPLICAS)) {
      pointed = pointed.with(RedisSettings.REPLICAS.name(), String.valueOf(servers.size() / 2));
    }
    return pointed;
  }

  /**
   * Waits until every replica is online on the primary and every Sentinel knows them all and the
   * other Sentinels: before that, a failover could not happen as described.
   */
  @Override
  protected void awaitClustered(MqConfig pointed) throws InterruptedException {
    long deadline = System.nanoTime() + CLUSTERED_TIMEOUT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      try {
        String missing = missing();
        if (missing.isEmpty()) {
          return;
        }
        last = missing;
      } catch (RuntimeException e) {
        last = Errors.oneLine(e);
      }
      Thread.sleep(250);
    }
    throw new MqException(
        "redis: the local cluster of "
            + servers.size()
            + " nodes and "
            + SENTINELS
            + " Sentinels did not form within "
            + CLUSTERED_TIMEOUT.toSeconds()
            + " s ("
            + last
            + ")");
  }

  /** What the cluster lacks now; empty once it is formed. */
  private String missing() {
    RedisClient client = RedisClient.create();
    try {
      RedisServer first = servers.get(0);
      RedisURI.Builder b = RedisURI.builder().withHost(first.host()).withPort(first.port());
      RedisURI primary = (password == null ? b : b.withPassword(password.toCharArray())).build();
      try (StatefulRedisConnection<String, String> c = client.connect(primary)) {
        String info = c.sync().info("replication");
        long online = info.lines().filter(l -> l.contains("state=online")).count();
        if (online < servers.size() - 1) {
          return online + " of " + (servers.size() - 1) + " replicas online";
        }
      }
      for (RedisSentinel sentinel : sentinels) {
        try (StatefulRedisSentinelConnection<String, String> c =
            client.connectSentinel(RedisURI.create("127.0.0.1", sentinel.port()))) {
          Map<String, String> master = c.sync().master(RedisSentinel.MASTER_NAME);
          int replicas = Integer.parseInt(master.getOrDefault("num-slaves", "0"));
          int others = Integer.parseInt(master.getOrDefault("num-other-sentinels", "0"));
          if (replicas < servers.size() - 1 || others < SENTINELS - 1) {
            return "a Sentinel knows " + replicas + " replicas and " + others + " other Sentinels";
          }
        }
      }
      return "";
    } finally {
      client.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }

  @Override
  public String description() {
    return "a local Redis of "
        + servers.size()
        + " private redis-servers ("
        + fsync.serverSettings()
        + "), a primary on "
        + servers.get(0).address()
        + " and "
        + (servers.size() - 1)
        + " replica(s), with "
        + SENTINELS
        + " Sentinels for failover"
        + networkDescription();
  }
}
