package io.mqbench.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.mqbench.mq.Durability;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What an XADD's reply means on a Redis server: its append-only policy, as asked ({@code
 * redis.fsync}) or as read back from the server ({@code CONFIG GET appendonly appendfsync}), and
 * the replicas a WAIT holds it on.
 */
final class RedisDurability {
  private RedisDurability() {}

  /**
   * @param policy the append-only policy
   * @param replicas how many replicas a send waits for
   * @param settings the settings that make it so
   * @return fsynced under {@code appendfsync always}, in memory otherwise
   */
  static Durability of(FsyncPolicy policy, int replicas, String settings) {
    String where =
        replicas == 0
            ? "on the primary"
            : "on the primary, and in the memory of " + replicas + " replica(s) (WAIT)";
    Durability.Level level =
        policy == FsyncPolicy.ALWAYS ? Durability.Level.FSYNC : Durability.Level.MEMORY;
    return new Durability(level, where, settings);
  }

  /**
   * @param info the server's {@code INFO replication}
   * @param waited how many replicas a send waits for
   * @return its role and online replicas, as the durability line says them
   */
  static String replication(String info, int waited) {
    String role =
        info.lines()
            .filter(l -> l.startsWith("role:"))
            .map(l -> l.substring(5).trim())
            .findFirst()
            .orElse("unknown");
    long online = info.lines().filter(l -> l.contains("state=online")).count();
    return ", role "
        + role
        + " with "
        + online
        + " replica(s) online (INFO replication)"
        + (online < waited
            ? ", fewer than the "
                + waited
                + " a send waits for ("
                + RedisSettings.REPLICAS.name()
                + ")"
            : "");
  }

  /**
   * Asks the server on a connection of its own, closed before this returns.
   *
   * @return the durability the server gives now
   * @throws io.mqbench.mq.MqException naming the server if it cannot be reached or refuses CONFIG
   */
  static Durability found(RedisSettings settings) {
    ClientResources resources =
        DefaultClientResources.builder().ioThreadPoolSize(1).computationThreadPoolSize(1).build();
    RedisClient client =
        RedisMq.client(resources, settings, ClientOptions.DisconnectedBehavior.DEFAULT);
    try (StatefulRedisConnection<String, String> connection = client.connect()) {
      RedisCommands<String, String> sync = connection.sync();
      Map<String, String> config = sync.configGet("appendonly", "appendfsync");
      String appendonly = config.getOrDefault("appendonly", "no");
      String appendfsync = config.getOrDefault("appendfsync", "no");
      String version = RedisMq.serverVersion(sync.info("server"));
      return of(
          FsyncPolicy.of(appendonly, appendfsync),
          settings.replicas(),
          "redis "
              + version
              + " runs appendonly "
              + appendonly
              + ", appendfsync "
              + appendfsync
              + " (CONFIG GET)"
              + replication(sync.info("replication"), settings.replicas()));
    } catch (RuntimeException e) {
      throw RedisMq.failure(settings, "cannot read the append-only policy", e);
    } finally {
      client.shutdown(0, 2, TimeUnit.SECONDS);
      resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }
}
