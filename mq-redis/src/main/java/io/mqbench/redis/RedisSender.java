package io.mqbench.redis;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.mqbench.mq.MqException;
import io.mqbench.mq.TrackingSender;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sends a batch as one pipeline of XADDs on the sender's own connection (flushed once per batch),
 * followed by a WAIT for {@code redis.replicas} replicas when set; the batch completes when every
 * XADD (and the WAIT) has replied. Told that one batch is in flight at a time, it makes each round
 * trip on its own thread instead ({@link RoundTrips}).
 */
final class RedisSender extends TrackingSender {
  /** The field each entry holds its body in. */
  static final byte[] FIELD = "b".getBytes(StandardCharsets.US_ASCII);

  private final RedisSettings settings;
  private final StatefulRedisConnection<byte[], byte[]> connection;
  private final RedisAsyncCommands<byte[], byte[]> commands;
  private final byte[] stream;
  private RoundTrips roundTrips;

  RedisSender(RedisSettings settings, StatefulRedisConnection<byte[], byte[]> connection) {
    super(
        "redis",
        e -> RedisMq.failure(settings, "XADD to stream '" + settings.stream() + "' failed", e),
        "redis: the sender closed before the batch's replies came");
    this.settings = settings;
    this.connection = connection;
    this.commands = connection.async();
    this.stream = settings.stream().getBytes(StandardCharsets.UTF_8);
    // Commands wait in the connection until the batch is complete: one write per batch.
    connection.setAutoFlushCommands(false);
  }

  /** One batch in flight: each round trip on the sender's thread, over a blocking connection. */
  @Override
  public synchronized void expectInFlight(int batches) {
    if (batches == 1 && roundTrips == null && RoundTrips.suit(settings)) {
      roundTrips = new RoundTrips(settings, stream);
    }
  }

  @Override
  protected CompletableFuture<Void> sendBatch(List<byte[]> batch) {
    if (roundTrips != null) {
      try {
        roundTrips.send(batch);
        return track(CompletableFuture.completedFuture(null));
      } catch (RuntimeException e) {
        return track(CompletableFuture.failedFuture(e));
      }
    }
    CompletableFuture<?>[] replies = new CompletableFuture<?>[batch.size()];
    for (int i = 0; i < replies.length; i++) {
      replies[i] = commands.xadd(stream, FIELD, batch.get(i)).toCompletableFuture();
    }
    CompletableFuture<Void> added = CompletableFuture.allOf(replies);
    CompletableFuture<Void> done;
    if (settings.replicas() > 0) {
      RedisFuture<Long> held =
          commands.waitForReplication(settings.replicas(), settings.replicaTimeout().toMillis());
      done =
          added.thenCombine(
              held.toCompletableFuture(),
              (v, replicas) -> {
                if (replicas < settings.replicas()) {
                  // The batches pipelined behind this one would each wait out a WAIT of their
                  // own on a primary that lost its replicas (one a Sentinel replaced keeps none):
                  // closing fails them now, so that a sender riding through reconnects at once.
                  connection.closeAsync();
                  throw tooFewReplicas(settings, replicas);
                }
                return null;
              });
    } else {
      done = added;
    }
    CompletableFuture<Void> batchDone = track(done);
    connection.flushCommands();
    return batchDone;
  }

  /**
   * @param replicas how many replicas held the batch, fewer than {@code redis.replicas}
   * @return the failure of that batch
   */
  static MqException tooFewReplicas(RedisSettings settings, long replicas) {
    return new MqException(
        "redis: "
            + replicas
            + " of the "
            + settings.replicas()
            + " replicas ("
            + RedisSettings.REPLICAS.name()
            + ") held the batch within "
            + settings.replicaTimeout().toMillis()
            + " ms ("
            + RedisSettings.REPLICA_TIMEOUT.name()
            + ")");
  }

  /** Sends what the connection still holds, so that closing waits for its replies too. */
  @Override
  protected void closing() {
    connection.flushCommands();
  }

  /** Closing waits up to the command timeout for the batches in flight. */
  @Override
  protected Duration drainTimeout() {
    return settings.commandTimeout();
  }

  @Override
  protected void disconnect() {
    if (roundTrips != null) {
      roundTrips.close();
    }
    connection.close();
  }
}
