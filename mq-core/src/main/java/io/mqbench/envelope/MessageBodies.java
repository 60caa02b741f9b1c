package io.mqbench.envelope;

import java.util.SplittableRandom;

/**
 * Makes message bodies of an exact size: an {@link Envelope} followed by random padding.
 *
 * <p>Padding is copied from a pool of random bytes at a random offset, which is much cheaper than
 * drawing fresh random bytes for every message and still gives compressors nothing to work with
 * (the pool is 1 MiB, far larger than any compression window a broker uses per batch).
 *
 * <p>One instance per sending thread: it is not thread-safe (its random generator is not shared).
 */
public final class MessageBodies {
  private static final int POOL_BYTES = 1 << 20;

  private final int sizeBytes;
  private final int runId;
  private final int senderId;
  private final SplittableRandom random;
  private final byte[] pool;

  /**
   * @param sizeBytes the exact size of every body, at least {@link Envelope#SIZE}
   * @param runId the run's id
   * @param senderId this sender's id
   * @param seed the seed of the padding
   * @throws IllegalArgumentException if {@code sizeBytes} is below the envelope's size
   */
  public MessageBodies(int sizeBytes, int runId, int senderId, long seed) {
    if (sizeBytes < Envelope.SIZE) {
      throw new IllegalArgumentException(
          "message size "
              + sizeBytes
              + " bytes is below the "
              + Envelope.SIZE
              + "-byte envelope every message carries");
    }
    this.sizeBytes = sizeBytes;
    this.runId = runId;
    this.senderId = senderId;
    this.random = new SplittableRandom(seed);
    this.pool = new byte[POOL_BYTES];
    random.nextBytes(pool);
  }

  /**
   * A new body with the envelope of the given message.
   *
   * @param sequence the message's sequence number within this sender
   * @param intendedSendNanos its intended send time, nanoseconds on the run clock (see {@link
   *     Envelope})
   * @return a fresh array of exactly the configured size
   */
  public byte[] next(long sequence, long intendedSendNanos) {
    byte[] body = new byte[sizeBytes];
    int at = Envelope.SIZE;
    while (at < sizeBytes) {
      int n = Math.min(sizeBytes - at, POOL_BYTES / 2);
      System.arraycopy(pool, random.nextInt(POOL_BYTES - n + 1), body, at, n);
      at += n;
    }
    Envelope.write(body, runId, senderId, sequence, intendedSendNanos);
    return body;
  }

  /**
   * @return the size of every body, in bytes
   */
  public int sizeBytes() {
    return sizeBytes;
  }
}
