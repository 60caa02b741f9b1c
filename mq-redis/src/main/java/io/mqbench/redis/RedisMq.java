package io.mqbench.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Redis stream used as a queue: one client, one connection per sender and per receiver, and one
 * for the stream's administration (creating it and its group, checking the server's append-only
 * policy, removing the stream).
 *
 * <p>With several subscriptions, each is a consumer group of its own on the one stream ({@code
 * <group>-s<i>}): every group reads every entry, and the receivers of one group compete for them.
 * An entry then cannot be deleted when one group acknowledges it, since the others may not have
 * read it yet; Redis 7 does not say which groups are done with an entry (8.2's {@code XACKDEL ...
 * ACKED} would), so receivers only acknowledge (XACK) and the entries stay in the stream until
 * {@link #removeQueue} deletes it: a publish/subscribe run keeps all its messages in the server's
 * memory. With one subscription, receivers delete what they acknowledge, as before.
 */
final class RedisMq implements PublishSubscribeMq {
  private final RedisSettings settings;
  private final Subscriptions<RedisSettings> subscriptions;
  private final MqLimits limits;
  private final ClientResources resources;
  private final RedisClient client;
  private final StatefulRedisConnection<String, String> admin;
  private final boolean created;
  private final String version;
  private final OpenClients opened = new OpenClients("redis: the backend is closed");
  private final FailoverWatch failoverWatch;

  private RedisMq(
      RedisSettings settings,
      Subscriptions<RedisSettings> subscriptions,
      MqLimits limits,
      ClientResources resources,
      RedisClient client,
      StatefulRedisConnection<String, String> admin,
      boolean created,
      String version) {
    this.settings = settings;
    this.subscriptions = subscriptions;
    this.limits = limits;
    this.resources = resources;
    this.client = client;
    this.failoverWatch = new FailoverWatch(client, settings);
    this.admin = admin;
    this.created = created;
    this.version = version;
  }

  /**
   * Connects, checks that the server keeps its append-only file as {@code redis.fsync} says, and
   * creates the stream and its consumer group when missing: with several subscriptions a group per
   * subscription, each reading from the stream's start, so that none misses an entry added after
   * this returns.
   *
   * @param subscriptions at least 1
   * @throws MqException in one line naming the address if the server cannot be reached, refuses the
   *     credentials, or runs with another append-only policy
   */
  static RedisMq open(RedisSettings settings, MqLimits limits, int subscriptions) {
    Subscriptions<RedisSettings> groups =
        Subscriptions.of(subscriptions, settings, settings::subscription, "this queue has");
    // Two I/O threads: a sender's pipeline and a receiver's blocking read each keep one busy.
    ClientResources resources =
        DefaultClientResources.builder().ioThreadPoolSize(2).computationThreadPoolSize(1).build();
    // A lost connection fails what is sent meanwhile instead of queueing it unseen.
    RedisClient client =
        client(resources, settings, ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
    StatefulRedisConnection<String, String> admin = null;
    try {
      admin = client.connect();
      RedisCommands<String, String> sync = admin.sync();
      checkFsync(settings, sync);
      boolean existed = sync.exists(settings.stream()) > 0;
      for (RedisSettings group : groups.all()) {
        try {
          sync.xgroupCreate(
              XReadArgs.StreamOffset.from(settings.stream(), "0-0"),
              group.group(),
              XGroupCreateArgs.Builder.mkstream());
        } catch (RedisBusyException e) {
          // BUSYGROUP: the group is there already
        }
      }
      String version = serverVersion(sync.info("server"));
      return new RedisMq(settings, groups, limits, resources, client, admin, !existed, version);
    } catch (RuntimeException e) {
      if (admin != null) {
        admin.close();
      }
      client.shutdown(0, 2, TimeUnit.SECONDS);
      resources.shutdown(0, 2, TimeUnit.SECONDS);
      throw failure(settings, "cannot open stream '" + settings.stream() + "'", e);
    }
  }

  /**
   * A client with the settings' connect and command timeouts.
   *
   * @param whenDisconnected what becomes of a command sent while the connection is lost
   */
  static RedisClient client(
      ClientResources resources,
      RedisSettings settings,
      ClientOptions.DisconnectedBehavior whenDisconnected) {
    RedisClient client = RedisClient.create(resources, settings.uri());
    client.setOptions(
        ClientOptions.builder()
            .socketOptions(
                SocketOptions.builder().connectTimeout(settings.connectTimeout()).build())
            .timeoutOptions(TimeoutOptions.enabled(settings.commandTimeout()))
            .disconnectedBehavior(whenDisconnected)
            .build());
    return client;
  }

  private static void checkFsync(RedisSettings settings, RedisCommands<String, String> sync) {
    Map<String, String> config;
    try {
      config = sync.configGet("appendonly", "appendfsync");
    } catch (RedisCommandExecutionException e) {
      throw new MqException(
          "redis: cannot read the append-only policy of the server at "
              + settings.address()
              + " (CONFIG GET: "
              + Errors.oneLine(e)
              + "), so "
              + RedisSettings.FSYNC.name()
              + "="
              + settings.fsync().name().toLowerCase(java.util.Locale.ROOT)
              + " cannot be checked");
    }
    String appendonly = config.getOrDefault("appendonly", "no");
    String appendfsync = config.getOrDefault("appendfsync", "no");
    FsyncPolicy actual = FsyncPolicy.of(appendonly, appendfsync);
    if (actual != settings.fsync()) {
      String wanted = settings.fsync().name().toLowerCase(java.util.Locale.ROOT);
      throw new MqException(
          "redis: the server at "
              + settings.address()
              + " runs with "
              // What it said: appendonly yes with appendfsync no is not "appendonly no".
              + ("yes".equalsIgnoreCase(appendonly)
                  ? "appendonly yes, appendfsync " + appendfsync
                  : "appendonly no")
              + ", not "
              + RedisSettings.FSYNC.name()
              + "="
              + wanted
              + " ("
              + settings.fsync().serverSettings()
              + "): set it on the server, or pass -p "
              + RedisSettings.FSYNC.name()
              + "="
              + actual.name().toLowerCase(java.util.Locale.ROOT)
              + " to measure it as it is");
    }
  }

  static String serverVersion(String info) {
    return info.lines()
        .filter(l -> l.startsWith("redis_version:"))
        .map(l -> l.substring("redis_version:".length()).trim())
        .findFirst()
        .orElse("unknown");
  }

  /**
   * A failure of this backend as one line naming the server: unreachable, refused credentials, or
   * whatever the server said.
   */
  static MqException failure(RedisSettings settings, String what, Throwable e) {
    if (e instanceof MqException mq) {
      return mq;
    }
    String why = Errors.oneLine(e);
    Optional<RedisCommandExecutionException> refused =
        Errors.find(e, RedisCommandExecutionException.class);
    if (refused.isPresent()) {
      String message = String.valueOf(refused.get().getMessage());
      if (message.startsWith("WRONGPASS") || message.startsWith("NOAUTH")) {
        return new MqException(
            "redis: the server at "
                + settings.address()
                + " refused the credentials of "
                + RedisSettings.URI.name()
                + " ("
                + Errors.oneLine(refused.get())
                + ")",
            e);
      }
    }
    if (e instanceof RedisConnectionException) {
      return new MqException(
          "redis: cannot connect to " + settings.address() + " (" + Errors.rootMessage(e) + ")", e);
    }
    return new MqException("redis: " + what + " at " + settings.address() + ": " + why, e);
  }

  @Override
  public synchronized MqSender createSender() {
    StatefulRedisConnection<byte[], byte[]> connection = connect();
    RedisSender sender = opened.add(new RedisSender(settings, connection));
    return limits.enforce("redis", sender);
  }

  /** A consumer of the subscription's group; it deletes what it acknowledges only if alone. */
  @Override
  public synchronized MqReceiver createReceiver(int subscription) {
    RedisSettings group = subscriptions.get(subscription);
    StatefulRedisConnection<byte[], byte[]> connection = connect();
    return opened.add(
        new RedisReceiver(group, connection, !subscriptions.several(), failoverWatch));
  }

  private StatefulRedisConnection<byte[], byte[]> connect() {
    opened.checkOpen();
    try {
      return client.connect(ByteArrayCodec.INSTANCE);
    } catch (RedisException e) {
      throw failure(settings, "cannot connect", e);
    }
  }

  @Override
  public Map<String, String> versions() {
    return Map.of("redis", version);
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(created);
  }

  /** Deletes the stream, its entries and its groups (every subscription's). */
  @Override
  public boolean removeQueue() {
    try {
      admin.sync().del(settings.stream());
      return true;
    } catch (RedisException e) {
      throw failure(settings, "cannot remove stream '" + settings.stream() + "'", e);
    }
  }

  @Override
  public synchronized void close() {
    if (!opened.closeAll()) {
      return;
    }
    failoverWatch.close();
    admin.close();
    client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    resources.shutdown(0, 2, TimeUnit.SECONDS);
  }
}
