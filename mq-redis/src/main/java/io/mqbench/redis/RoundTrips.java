package io.mqbench.redis;

import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * A batch's XADDs (and its WAIT) as one round trip made on the calling thread over a blocking
 * connection: written, then the replies read, with no other thread involved. For a sender that
 * keeps one batch in flight, where handing each batch to an I/O thread and being woken by it costs
 * more than the round trip. Connects on first use and again after a lost connection (to the primary
 * the Sentinels name now, for a {@code redis-sentinel://} URI).
 */
final class RoundTrips implements AutoCloseable {
  private static final byte[] NEW_ID = {'*'};

  private final RedisSettings settings;
  private final byte[] stream;
  private Jedis connection;

  RoundTrips(RedisSettings settings, byte[] stream) {
    this.settings = settings;
    this.stream = stream;
  }

  /**
   * Whether the settings' URI can be reached this way: not over TLS, which the pipelined path
   * keeps.
   */
  static boolean suit(RedisSettings settings) {
    return !settings.uri().isSsl();
  }

  /**
   * Adds every body of the batch and, with {@code redis.replicas} set, waits for the replicas.
   *
   * @throws RuntimeException the client's failure (a refused command, a lost connection, a reply
   *     later than the command timeout) or {@link RedisSender#tooFewReplicas}
   */
  void send(List<byte[]> batch) {
    Jedis jedis = connected();
    try {
      Pipeline pipeline = jedis.pipelined();
      List<Response<Object>> added = new ArrayList<>(batch.size());
      for (byte[] body : batch) {
        // The command as the server reads it: Jedis's typed xadd builds a parameter object, a map
        // and a reply decoder per entry, which a sender at one batch in flight pays per round trip.
        added.add(
            pipeline.sendCommand(Protocol.Command.XADD, stream, NEW_ID, RedisSender.FIELD, body));
      }
      Response<Object> held = null;
      if (settings.replicas() > 0) {
        held =
            pipeline.sendCommand(
                Protocol.Command.WAIT,
                String.valueOf(settings.replicas()),
                String.valueOf(settings.replicaTimeout().toMillis()));
      }
      pipeline.sync();
      for (Response<Object> reply : added) {
        reply.get(); // throws the server's error for that XADD
      }
      if (held != null && (Long) held.get() < settings.replicas()) {
        throw RedisSender.tooFewReplicas(settings, (Long) held.get());
      }
    } catch (JedisConnectionException e) {
      close(); // the replies of what was written are lost with it: the next batch reconnects
      throw e;
    }
  }

  private Jedis connected() {
    if (connection == null) {
      RedisURI uri = settings.uri();
      DefaultJedisClientConfig.Builder config =
          DefaultJedisClientConfig.builder()
              .connectionTimeoutMillis(Math.toIntExact(settings.connectTimeout().toMillis()))
              .socketTimeoutMillis(Math.toIntExact(settings.commandTimeout().toMillis()))
              .database(uri.getDatabase());
      RedisCredentials credentials =
          uri.getCredentialsProvider().resolveCredentials().block(settings.connectTimeout());
      if (credentials != null && credentials.hasUsername()) {
        config.user(credentials.getUsername());
      }
      if (credentials != null && credentials.hasPassword()) {
        config.password(new String(credentials.getPassword()));
      }
      connection = new Jedis(HostAndPort.from(RedisPrimary.address(settings)), config.build());
    }
    return connection;
  }

  @Override
  public void close() {
    if (connection != null) {
      Jedis closing = connection;
      connection = null;
      closing.close();
    }
  }
}
