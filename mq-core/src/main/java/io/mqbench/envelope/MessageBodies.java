package io.mqbench.envelope;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes message bodies: an {@link Envelope} followed by padding up to a size drawn from {@link
 * MessageSizes}, or followed by a record of real payload.
 *
 * <p><b>Padding.</b> Random padding is copied from a pool of random bytes, which is much cheaper
 * than drawing fresh random bytes for every message and still gives compressors nothing to work
 * with (the pool is 1 MiB, far larger than any compression window a broker uses per batch).
 * Consecutive bodies take consecutive stretches of the pool, from a random start and again from a
 * random start whenever the pool runs out: bodies sent close together never repeat each other's
 * padding (not before a MiB of it), and the copy reads memory the processor has already fetched
 * ahead (a random offset per body cost a cache miss per message). A compressibility above 0 makes
 * that share of the padding, at its end, repeated text instead, which compressors shrink to almost
 * nothing: {@code 0.9} leaves a tenth of the padding random.
 *
 * <p><b>Records.</b> Given records (lines of a file, say), each body is the envelope followed by
 * the next record, cycling through them from an offset the seed picks, so that senders do not send
 * the same record at the same moment.
 *
 * <p>One instance per sending thread: it is not thread-safe (its random generator is not shared).
 */
public final class MessageBodies {
  private static final int POOL_BYTES = 1 << 20;

  /** Text that compresses like log lines and JSON do: repeated, with a little variety. */
  private static final byte[] TEXT =
      ("{\"event\":\"order-created\",\"region\":\"eu-west\",\"status\":\"accepted\",\"items\":3}\n"
              + "{\"event\":\"order-shipped\",\"region\":\"us-east\",\"status\":\"in-transit\"}\n")
          .getBytes(StandardCharsets.US_ASCII);

  private final MessageSizes sizes;
  private final double compressibility;
  private final List<byte[]> records;
  private final int runId;
  private final int senderId;
  private final SplittableRandom random;
  private final byte[] pool;
  private int nextRecord;
  private int poolAt;

  /**
   * Bodies of one size with random padding.
   *
   * @param sizeBytes the exact size of every body, at least {@link Envelope#SIZE}
   * @param runId the run's id
   * @param senderId this sender's id
   * @param seed the seed of the padding
   * @throws IllegalArgumentException if {@code sizeBytes} is below the envelope's size
   */
  public MessageBodies(int sizeBytes, int runId, int senderId, long seed) {
    this(checked(sizeBytes), 0, runId, senderId, seed);
  }

  /**
   * Bodies of sizes drawn from a mix, with padding of the given compressibility.
   *
   * @param sizes the sizes, each at least {@link Envelope#SIZE}
   * @param compressibility the share of the padding that compresses, 0 to 1
   * @param runId the run's id
   * @param senderId this sender's id
   * @param seed the seed of sizes and padding
   * @throws IllegalArgumentException if the compressibility is outside 0 to 1
   */
  public MessageBodies(
      MessageSizes sizes, double compressibility, int runId, int senderId, long seed) {
    if (!(compressibility >= 0 && compressibility <= 1)) {
      throw new IllegalArgumentException(
          "--compressibility must be from 0 to 1, was " + compressibility);
    }
    this.sizes = sizes;
    this.compressibility = compressibility;
    this.records = List.of();
    this.runId = runId;
    this.senderId = senderId;
    this.random = new SplittableRandom(seed);
    this.pool = new byte[POOL_BYTES];
    random.nextBytes(pool);
    this.poolAt = random.nextInt(POOL_BYTES);
  }

  private MessageBodies(List<byte[]> records, int runId, int senderId, long seed) {
    if (records.isEmpty()) {
      throw new IllegalArgumentException("no records to send");
    }
    this.records = records;
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (byte[] r : records) {
      min = Math.min(min, r.length);
      max = Math.max(max, r.length);
    }
    this.sizes =
        new MessageSizes(
            min == max
                ? List.of(new MessageSizes.Share(Envelope.SIZE + min, 1))
                : List.of(
                    new MessageSizes.Share(Envelope.SIZE + min, 1),
                    new MessageSizes.Share(Envelope.SIZE + max, 1)));
    this.compressibility = 0;
    this.runId = runId;
    this.senderId = senderId;
    this.random = new SplittableRandom(seed);
    this.pool = new byte[0];
    this.nextRecord = random.nextInt(records.size());
  }

  /**
   * Bodies that carry real payloads: the envelope followed by each record in turn.
   *
   * @param records the payloads, not empty; not copied, and not to be changed while in use
   * @param runId the run's id
   * @param senderId this sender's id
   * @param seed picks the record this sender starts at
   * @return the bodies
   * @throws IllegalArgumentException if there is no record
   */
  public static MessageBodies ofRecords(List<byte[]> records, int runId, int senderId, long seed) {
    return new MessageBodies(records, runId, senderId, seed);
  }

  private static MessageSizes checked(int sizeBytes) {
    if (sizeBytes < Envelope.SIZE) {
      throw new IllegalArgumentException(
          "message size "
              + sizeBytes
              + " bytes is below the "
              + Envelope.SIZE
              + "-byte envelope every message carries");
    }
    return MessageSizes.of(sizeBytes);
  }

  /**
   * A new body with the envelope of the given message.
   *
   * @param sequence the message's sequence number within this sender
   * @param intendedSendNanos its intended send time, nanoseconds on the run clock (see {@link
   *     Envelope})
   * @return a fresh array: the envelope, then padding up to a drawn size or the next record
   */
  public byte[] next(long sequence, long intendedSendNanos) {
    byte[] body;
    if (!records.isEmpty()) {
      byte[] r = records.get(nextRecord);
      nextRecord = nextRecord + 1 == records.size() ? 0 : nextRecord + 1;
      body = new byte[Envelope.SIZE + r.length];
      System.arraycopy(r, 0, body, Envelope.SIZE, r.length);
    } else {
      int size = sizes.pick(random);
      body = new byte[size];
      int padding = size - Envelope.SIZE;
      int randomEnd = Envelope.SIZE + padding - (int) Math.round(padding * compressibility);
      int at = Envelope.SIZE;
      while (at < randomEnd) {
        int n = Math.min(randomEnd - at, POOL_BYTES / 2);
        if (poolAt > POOL_BYTES - n) {
          poolAt = random.nextInt(POOL_BYTES - n + 1);
        }
        System.arraycopy(pool, poolAt, body, at, n);
        poolAt += n;
        at += n;
      }
      while (at < size) {
        int n = Math.min(size - at, TEXT.length);
        System.arraycopy(TEXT, 0, body, at, n);
        at += n;
      }
    }
    Envelope.write(body, runId, senderId, sequence, intendedSendNanos);
    return body;
  }

  /**
   * @return the largest body this makes, in bytes
   */
  public int sizeBytes() {
    return sizes.max();
  }

  /**
   * @return the sizes bodies are drawn from (for records: their smallest and largest, envelope
   *     included)
   */
  public MessageSizes sizes() {
    return sizes;
  }

  @Override
  public String toString() {
    return "MessageBodies["
        + sizes
        + (records.isEmpty() ? "" : ", " + records.size() + " records")
        + (compressibility > 0 ? ", compressibility " + compressibility : "")
        + "]";
  }
}
