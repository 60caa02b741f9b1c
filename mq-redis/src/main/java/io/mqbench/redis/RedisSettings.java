package io.mqbench.redis;

import io.lettuce.core.RedisURI;
import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.List;

/**
 * The configuration keys of the {@code redis} backend and the settings parsed from them.
 *
 * @param uri the server, as a {@code redis://} URI with its credentials (never print it: see {@link
 *     #address()})
 * @param address {@code host:port}, for messages
 * @param stream the stream that is the queue
 * @param group the consumer group receivers share
 * @param fsync the append-only file policy the server must run with
 * @param replicas how many replicas must hold a batch before its send completes (WAIT)
 * @param replicaTimeout how long a send waits for them
 * @param visibilityTimeout how long a delivered, unacknowledged entry stays with its receiver
 * @param connectTimeout TCP connect timeout
 * @param commandTimeout how long one command may take before it fails
 */
record RedisSettings(
    RedisURI uri,
    String address,
    String stream,
    String group,
    FsyncPolicy fsync,
    int replicas,
    Duration replicaTimeout,
    Duration visibilityTimeout,
    Duration connectTimeout,
    Duration commandTimeout) {

  /** The port docker/redis.yml publishes its primary on: not 6379, where a cache may answer. */
  static final String COMPOSE_ADDRESS = "127.0.0.1:6390";

  /** The server; a secret, it may hold a password. Unset: the compose port, else a local server. */
  static final ConfigKey<String> URI =
      AddressKeys.address(
              "redis.uri",
              "Redis server redis://[[user]:password@]host[:port], or its Sentinels"
                  + " redis-sentinel://[password@]host:port[,host:port...]#primaryName",
              COMPOSE_ADDRESS + " (docker/redis.yml)",
              "a private redis-server started for the run")
          .markedSecret();

  /** The longest stream name {@link #STREAM} accepts. */
  static final int MAX_STREAM_LENGTH = 200;

  /** The longest group name {@link #GROUP} accepts. */
  static final int MAX_GROUP_LENGTH = 100;

  /** The stream; created (with its group) when missing. */
  static final ConfigKey<String> STREAM =
      ConfigKey.identifier(
          "redis.stream",
          "mqbench",
          "A-Za-z0-9_.:{}-",
          "letters, digits or _.:{}-",
          MAX_STREAM_LENGTH,
          "the stream that is the queue; created with its consumer group when missing");

  /** The consumer group. */
  static final ConfigKey<String> GROUP =
      ConfigKey.identifier(
          "redis.group",
          "mqbench",
          "A-Za-z0-9_.:-",
          "letters, digits or _.:-",
          MAX_GROUP_LENGTH,
          "the consumer group all receivers share (competing consumers)");

  /** The append-only file policy the server must have. */
  static final ConfigKey<FsyncPolicy> FSYNC =
      ConfigKey.enumeration(
          "redis.fsync",
          FsyncPolicy.class,
          FsyncPolicy.ALWAYS,
          "the server's append-only file policy, checked when connecting (CONFIG GET) and given"
              + " to the local server: always = fsync before each reply; everysec = up to a"
              + " second lost on power loss; no = memory only");

  /** WAIT after each batch. */
  static final ConfigKey<Integer> REPLICAS =
      ConfigKey.integer(
          "redis.replicas",
          0,
          0,
          100,
          "replicas",
          "a send completes once this many replicas hold the batch (WAIT after it); 0: the"
              + " primary's reply only");

  /** Nodes of the local Redis started when no URI is given. */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          "redis.localBrokerNodes",
          1,
          1,
          5,
          "nodes",
          "nodes of the local Redis started when redis.uri is unset: 1, or a primary and"
              + " replicas with three Sentinels for failover, clients finding the primary through"
              + " them; a send then waits for half the nodes' replicas (WAIT) unless"
              + " redis.replicas says otherwise (for --fault ...:leader)");

  /** WAIT's timeout. */
  static final ConfigKey<Duration> REPLICA_TIMEOUT =
      ConfigKey.duration(
          "redis.replicaTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(1),
          Duration.ofMinutes(10),
          "",
          "how long a send waits for redis.replicas replicas before it fails");

  /** The lease of a delivered entry. */
  static final ConfigKey<Duration> VISIBILITY_TIMEOUT =
      ConfigKey.duration(
          "redis.visibilityTimeout",
          Duration.ofSeconds(30),
          Duration.ofMillis(100),
          Duration.ofDays(1),
          "",
          "an entry delivered and not acknowledged within this time is claimed by another"
              + " receiver (XAUTOCLAIM); a receiver that closes gives its entries back at once");

  /** TCP connect timeout. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "redis.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(5),
          "",
          "TCP connect timeout: opening fails after it when the server does not answer");

  /** Command timeout. */
  static final ConfigKey<Duration> COMMAND_TIMEOUT =
      ConfigKey.duration(
          "redis.commandTimeout",
          Duration.ofSeconds(10),
          Duration.ofMillis(100),
          Duration.ofHours(1),
          "",
          "a command without a reply within this time fails (a send after it, at the latest)");

  /** The largest body a sender accepts. */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "redis.maxMessageBytes",
          64 << 20,
          1,
          512 << 20,
          "bytes",
          "the largest message a sender accepts (Redis's own limit on a string is 512 MiB)");

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URI,
          STREAM,
          GROUP,
          FSYNC,
          REPLICAS,
          LOCAL_BROKER_NODES,
          REPLICA_TIMEOUT,
          VISIBILITY_TIMEOUT,
          CONNECT_TIMEOUT,
          COMMAND_TIMEOUT,
          MAX_MESSAGE_BYTES);

  /**
   * Parses the configuration; connects nothing.
   *
   * @throws MqException if no URI is configured
   * @throws ConfigException naming {@code redis.uri} if it is malformed
   */
  static RedisSettings from(MqConfig config) {
    String text =
        config
            .find(URI)
            .orElseThrow(
                () ->
                    new MqException(AddressKeys.notSetMessage(URI, "redis://" + COMPOSE_ADDRESS)));
    RedisURI uri;
    try {
      uri = RedisURI.create(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(URI.name() + " is not a redis:// URI (" + Errors.oneLine(e) + ")");
    }
    boolean sentinels = !uri.getSentinels().isEmpty();
    if (!sentinels && (uri.getHost() == null || uri.getHost().isEmpty())) {
      throw new ConfigException(URI.name() + " names no host: redis://host[:port]");
    }
    Duration connect = config.get(CONNECT_TIMEOUT);
    Duration command = config.get(COMMAND_TIMEOUT);
    uri.setTimeout(command);
    return new RedisSettings(
        uri,
        sentinels ? sentinelsAddress(uri) : uri.getHost() + ":" + uri.getPort(),
        config.get(STREAM),
        config.get(GROUP),
        config.get(FSYNC),
        config.get(REPLICAS),
        config.get(REPLICA_TIMEOUT),
        config.get(VISIBILITY_TIMEOUT),
        connect,
        command);
  }

  /** {@code <primary name> via host:port,host:port}: the Sentinels, without credentials. */
  private static String sentinelsAddress(RedisURI uri) {
    StringBuilder b = new StringBuilder(uri.getSentinelMasterId()).append(" via ");
    for (int i = 0; i < uri.getSentinels().size(); i++) {
      RedisURI s = uri.getSentinels().get(i);
      b.append(i == 0 ? "" : ",").append(s.getHost()).append(':').append(s.getPort());
    }
    return b.toString();
  }

  /**
   * One subscription of a publish/subscribe run: a consumer group of its own on the same stream,
   * named after the configured group.
   *
   * @param index from 0
   * @return a copy whose group is {@code <group>-s<index>}
   */
  RedisSettings subscription(int index) {
    return new RedisSettings(
        uri,
        address,
        stream,
        group + "-s" + index,
        fsync,
        replicas,
        replicaTimeout,
        visibilityTimeout,
        connectTimeout,
        commandTimeout);
  }
}
