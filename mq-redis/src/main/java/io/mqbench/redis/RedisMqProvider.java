package io.mqbench.redis;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code redis} backend: a Redis stream as a queue, read by one consumer group (competing
 * receivers), on a server that fsyncs its append-only file before each reply by default.
 *
 * <p>With no address the runner uses the server on 127.0.0.1:6390 (the port {@code
 * docker/redis.yml} publishes) if one answers, else a private {@code redis-server} ({@link
 * RedisServer}).
 */
public final class RedisMqProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(RedisSettings.URI.name()),
          "docker/redis.yml",
          RedisSettings.COMPOSE_ADDRESS,
          "redis://" + RedisSettings.COMPOSE_ADDRESS,
          "apt-get install redis-server");

  /**
   * The backend's facts. Levels: appendfsync always for fsync, everysec for memory (the OS writes
   * within a second); a reply always comes from a server holding the entry, so there is no level
   * without it.
   *
   * <p>Locally, a private redis-server with the append-only policy of {@code redis.fsync}; a given
   * URI is parsed when configuring, so that a malformed one fails before the run.
   *
   * <p>A queue of its own has its own stream and group: the stream holds the messages, and a group
   * of the same name on another stream is another group, but suffixing both keeps the names telling
   * which queue is which.
   *
   * <p>The durability found is the server's append-only policy, read with CONFIG GET.
   *
   * <p>The largest message is {@code redis.maxMessageBytes}; a send may take the command timeout,
   * plus the WAIT's when replicas are awaited, after a reconnect.
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "redis",
              RedisSettings.KEYS,
              "Redis Streams (Lettuce): XADD pipelined per batch, a consumer group, XACK and XDEL,"
                  + " XAUTOCLAIM after the visibility timeout; appendfsync always by default;"
                  + " subscriptions: a consumer group each, entries kept until the stream is"
                  + " removed")
          .levelsByKey(
              RedisSettings.FSYNC.name(),
              Map.of(Durability.Level.FSYNC, "always", Durability.Level.MEMORY, "everysec"),
              "an XADD's reply always comes once the server holds the entry (fsync or memory)")
          .lease(RedisSettings.VISIBILITY_TIMEOUT)
          .queueName(RedisSettings.STREAM, RedisSettings.MAX_STREAM_LENGTH)
          .queueName(RedisSettings.GROUP, RedisSettings.MAX_GROUP_LENGTH)
          .durabilityFoundBy(
              (config, declared) -> RedisDurability.found(RedisSettings.from(config)))
          .limitedBy(RedisSettings.MAX_MESSAGE_BYTES, RedisMqProvider::sendTimeout)
          .brokerAt(
              ADDRESSING, config -> RedisServer.installed().map(bin -> localBroker(bin, config)))
          .parsedAs(RedisSettings::from, RedisSettings::address);

  /** The backend as the runner loads it. */
  public RedisMqProvider() {
    super(FACTS);
  }

  /** One private redis-server, or with {@code redis.localBrokerNodes} several and Sentinels. */
  private static LocalBroker localBroker(Path bin, MqConfig config) {
    int nodes = config.get(RedisSettings.LOCAL_BROKER_NODES);
    FsyncPolicy fsync = config.get(RedisSettings.FSYNC);
    return nodes == 1
        ? new RedisServer(bin, fsync, null)
        : RedisCluster.of(bin, nodes, fsync, null);
  }

  /** A replicated Redis has a primary, which Sentinels name. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /** The primary now: as the Sentinels name it, or the server of a {@code redis://} URI. */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    return Optional.of(RedisPrimary.address(RedisSettings.from(config)));
  }

  /**
   * What an XADD's reply means under the server's append-only policy (checked when connecting), and
   * the replicas a WAIT holds it on.
   */
  @Override
  public Durability durability(MqConfig config) {
    FsyncPolicy fsync = config.get(RedisSettings.FSYNC);
    int replicas = config.get(RedisSettings.REPLICAS);
    return RedisDurability.of(
        fsync,
        replicas,
        RedisSettings.FSYNC.name()
            + "="
            + fsync.name().toLowerCase(Locale.ROOT)
            + " ("
            + fsync.serverSettings()
            + "), "
            + RedisSettings.REPLICAS.name()
            + "="
            + replicas);
  }

  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>();
    switch (config.get(RedisSettings.FSYNC)) {
      case EVERYSEC ->
          w.add(
              RedisSettings.FSYNC.name()
                  + "=everysec: the server replies before it fsyncs, which follows within about"
                  + " a second; loss of up to that second is expected on power loss");
      case NO ->
          w.add(
              RedisSettings.FSYNC.name()
                  + "=no: the server keeps the stream in memory only; loss is expected when it"
                  + " restarts");
      default -> {}
    }
    return w;
  }

  /**
   * With several subscriptions, a consumer group {@code <group>-s<i>} each, all created here; their
   * receivers acknowledge without deleting, and the stream keeps every entry until it is removed
   * (see {@link RedisMq}).
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    return RedisMq.open(RedisSettings.from(config), limits(config), subscriptions);
  }

  private static Duration sendTimeout(MqConfig config) {
    Duration timeout =
        config.get(RedisSettings.COMMAND_TIMEOUT).plus(config.get(RedisSettings.CONNECT_TIMEOUT));
    if (config.get(RedisSettings.REPLICAS) > 0) {
      timeout = timeout.plus(config.get(RedisSettings.REPLICA_TIMEOUT));
    }
    return timeout;
  }
}
