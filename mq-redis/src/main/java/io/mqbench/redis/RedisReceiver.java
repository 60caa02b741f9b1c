package io.mqbench.redis;

import io.lettuce.core.Consumer;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XClaimArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.models.stream.ClaimedMessages;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import io.mqbench.mq.Unacknowledged;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A consumer of the stream's group: takes entries past the visibility timeout from other consumers
 * (XAUTOCLAIM, at most every quarter of that timeout or second), else new ones (XREADGROUP);
 * acknowledges with XACK and, where its group is the stream's only reader, deletes what it
 * acknowledged (XDEL), so that the stream holds only what is not yet acknowledged (with several
 * subscriptions other groups may still need the entry: see {@link RedisMq}). Closing gives back
 * what it was delivered and did not acknowledge: those entries are moved to a consumer named {@code
 * released} and marked idle for longer than the visibility timeout, so that the next receiver to
 * look claims them at once.
 *
 * <p>Used by one thread; its connection is its own.
 */
final class RedisReceiver implements MqReceiver {
  private static final String RELEASED = "released";
  private static final Duration LONGEST_BLOCK = Duration.ofSeconds(1);

  /** How often an idle receiver asks whether it still reads the primary ({@link FailoverWatch}). */
  private static final long FAILOVER_CHECK_NANOS = Duration.ofSeconds(2).toNanos();

  private final RedisSettings settings;
  private final StatefulRedisConnection<byte[], byte[]> connection;
  private final RedisCommands<byte[], byte[]> commands;
  private final byte[] stream;
  private final byte[] group;
  private final Consumer<byte[]> me;
  private final boolean deletesAcknowledged;
  private final long claimEveryNanos;
  private final Duration longestBlock;
  private final FailoverWatch failover;
  private String serverRunId;
  private long nextFailoverCheckNanos;
  private final Unacknowledged<String> unacked =
      new Unacknowledged<>("redis: the receiver is closed");
  private String claimCursor = "0-0";
  private long nextClaimNanos;

  /** An entry handed out: its id acknowledges it. */
  private record Entry(String id, byte[] body) implements Received {}

  /**
   * @param settings the stream and the group to read in
   * @param connection a connection of its own
   * @param deletesAcknowledged whether an acknowledged entry is deleted too: only where no other
   *     group reads the stream
   * @param failover asks, while nothing arrives, whether the server is still the primary
   */
  RedisReceiver(
      RedisSettings settings,
      StatefulRedisConnection<byte[], byte[]> connection,
      boolean deletesAcknowledged,
      FailoverWatch failover) {
    this.settings = settings;
    this.deletesAcknowledged = deletesAcknowledged;
    this.connection = connection;
    this.commands = connection.sync();
    this.stream = bytes(settings.stream());
    this.group = bytes(settings.group());
    this.me = Consumer.from(group, bytes("r-" + UUID.randomUUID()));
    this.claimEveryNanos =
        Math.min(settings.visibilityTimeout().toNanos() / 4, Duration.ofSeconds(1).toNanos());
    // A blocking read must end before the command timeout, which Lettuce applies to it too.
    Duration half = settings.commandTimeout().dividedBy(2);
    this.longestBlock = half.compareTo(LONGEST_BLOCK) < 0 ? half : LONGEST_BLOCK;
    this.nextClaimNanos = System.nanoTime();
    this.failover = failover;
    this.nextFailoverCheckNanos = System.nanoTime() + FAILOVER_CHECK_NANOS;
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    unacked.checkOpen();
    if (max < 1) {
      return List.of();
    }
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      List<Received> claimed = claimAbandoned(max);
      if (!claimed.isEmpty()) {
        return claimed;
      }
      while (true) {
        long left = deadline - System.nanoTime();
        XReadArgs args = XReadArgs.Builder.count(max);
        if (left > 0) {
          // BLOCK 0 would wait for ever: at least a millisecond.
          args.block(
              Math.max(1, Math.min(Duration.ofNanos(left).toMillis(), longestBlock.toMillis())));
        }
        List<Received> got = entries(readGroup(args));
        if (!got.isEmpty()) {
          return got;
        }
        checkStillPrimary();
        if (deadline - System.nanoTime() <= 0) {
          return got;
        }
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
    } catch (RedisException e) {
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      throw RedisMq.failure(settings, "cannot read stream '" + settings.stream() + "'", e);
    }
  }

  /** Nothing arrived: at most every 2 s, whether that is because the primary moved. */
  private void checkStillPrimary() {
    long now = System.nanoTime();
    if (!failover.watching() || now - nextFailoverCheckNanos < 0) {
      return;
    }
    nextFailoverCheckNanos = now + FAILOVER_CHECK_NANOS;
    if (serverRunId == null) {
      serverRunId = runId(commands.info("server"));
    }
    failover.check(serverRunId);
  }

  /** The {@code run_id} line of {@code INFO server}; empty if there is none. */
  static String runId(String info) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("run_id:")) {
        return line.substring("run_id:".length()).trim();
      }
    }
    return "";
  }

  @SuppressWarnings("unchecked") // one stream in Lettuce's varargs of generic offsets
  private List<StreamMessage<byte[], byte[]>> readGroup(XReadArgs args) {
    return commands.xreadgroup(me, args, XReadArgs.StreamOffset.lastConsumed(stream));
  }

  /** Entries other consumers were delivered and did not acknowledge within the timeout. */
  private List<Received> claimAbandoned(int max) {
    long now = System.nanoTime();
    if (now - nextClaimNanos < 0) {
      return List.of();
    }
    ClaimedMessages<byte[], byte[]> claimed =
        commands.xautoclaim(
            stream,
            XAutoClaimArgs.Builder.xautoclaim(me, settings.visibilityTimeout(), claimCursor)
                .count(max));
    claimCursor = claimed.getId();
    if ("0-0".equals(claimCursor)) {
      nextClaimNanos = now + claimEveryNanos; // scanned to the end: look again later
    }
    return entries(claimed.getMessages());
  }

  private List<Received> entries(List<StreamMessage<byte[], byte[]>> messages) {
    if (messages == null || messages.isEmpty()) {
      return List.of();
    }
    List<Received> out = new ArrayList<>(messages.size());
    for (StreamMessage<byte[], byte[]> m : messages) {
      byte[] body = body(m.getBody());
      unacked.handedOut(m.getId());
      out.add(new Entry(m.getId(), body == null ? new byte[0] : body));
    }
    return out;
  }

  private static byte[] body(Map<byte[], byte[]> fields) {
    if (fields == null) {
      return null;
    }
    for (Map.Entry<byte[], byte[]> f : fields.entrySet()) {
      if (Arrays.equals(f.getKey(), RedisSender.FIELD)) {
        return f.getValue();
      }
    }
    return null;
  }

  /** XACK (and XDEL, where this group reads alone) of the given entries, in one round trip. */
  @Override
  public void ack(List<Received> messages) {
    if (messages.isEmpty()) {
      return;
    }
    String[] ids = new String[messages.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = ((Entry) messages.get(i)).id();
    }
    try {
      List<RedisFuture<Long>> replies = new ArrayList<>(2);
      replies.add(connection.async().xack(stream, group, ids));
      if (deletesAcknowledged) {
        replies.add(connection.async().xdel(stream, ids));
      }
      if (!LettuceFutures.awaitAll(
          settings.commandTimeout(), replies.toArray(RedisFuture<?>[]::new))) {
        throw new MqException(
            "redis: no reply to XACK within " + settings.commandTimeout().toMillis() + " ms");
      }
      for (RedisFuture<Long> reply : replies) {
        reply.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("redis: interrupted while acknowledging", e);
    } catch (java.util.concurrent.ExecutionException | RedisException e) {
      throw RedisMq.failure(
          settings, "cannot acknowledge on stream '" + settings.stream() + "'", e);
    }
    unacked.acknowledged(Arrays.asList(ids));
  }

  /**
   * Gives back what was delivered and not acknowledged (see the class), leaves the group, and
   * closes the connection. Idempotent; a server that does not answer leaves the entries to the
   * visibility timeout.
   */
  @Override
  public void close() {
    unacked.close(
        held -> {
          if (!held.isEmpty()) {
            commands.xclaim(
                stream,
                Consumer.from(group, bytes(RELEASED)),
                XClaimArgs.Builder.minIdleTime(0)
                    .idle(settings.visibilityTimeout().plusMinutes(1))
                    .justid(),
                held.toArray(String[]::new));
          }
          commands.xgroupDelconsumer(stream, me);
        },
        connection::close);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
