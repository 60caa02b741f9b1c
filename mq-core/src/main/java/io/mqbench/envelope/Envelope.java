package io.mqbench.envelope;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The small binary header at the start of every benchmark message, read back by receivers for
 * latency and delivery accounting.
 *
 * <p>Layout, big-endian, {@value #SIZE} bytes, followed by random padding up to the message size:
 *
 * <pre>
 * offset  size  field
 *      0     4  magic 0x6D714232 ("mqB2": format version 2)
 *      4     4  run id: random per run, so leftovers of earlier runs in a durable queue are told apart
 *      8     4  sender id: unique within the run
 *     12     8  sequence number: 0, 1, 2 ... per sender
 *     20     8  intended send time on the run clock: nanoseconds since the run's start
 * </pre>
 *
 * <p>The intended send time is when the message was meant to leave (for fixed-rate runs, its slot
 * in the schedule), not when the send call began, so latency includes any wait behind a stalled
 * send. It is on the run clock: nanoseconds since the run's start, an instant every process of the
 * run knows on its own clock (the coordinator measures each worker's clock offset), so that a
 * receiver on another host can tell a message's age. Format 1 carried a raw {@code nanoTime}
 * reading of the sending JVM, comparable only within that JVM; its messages are foreign to format
 * 2.
 *
 * @param runId the run's random id
 * @param senderId the sender's id within the run
 * @param sequence the message's number within its sender, from 0
 * @param intendedSendNanos the intended send time, nanoseconds on the run clock
 */
public record Envelope(int runId, int senderId, long sequence, long intendedSendNanos) {
  /** Size of the header in bytes: the smallest message size a benchmark can use. */
  public static final int SIZE = 28;

  /** The first four bytes of every envelope. */
  public static final int MAGIC = 0x6D714232;

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /**
   * Writes this envelope into the first {@value #SIZE} bytes of {@code body}.
   *
   * @param body a message body of at least {@value #SIZE} bytes
   * @throws IllegalArgumentException if the body is too small
   */
  public void writeTo(byte[] body) {
    write(body, runId, senderId, sequence, intendedSendNanos);
  }

  /**
   * Writes an envelope without allocating one: the form for the send loop.
   *
   * @param body a message body of at least {@value #SIZE} bytes
   * @param runId the run's id
   * @param senderId the sender's id
   * @param sequence the message's sequence number
   * @param intendedSendNanos the intended send time, nanoseconds on the run clock
   * @throws IllegalArgumentException if the body is too small
   */
  public static void write(
      byte[] body, int runId, int senderId, long sequence, long intendedSendNanos) {
    if (body.length < SIZE) {
      throw new IllegalArgumentException(
          "a message of " + body.length + " bytes cannot hold the " + SIZE + "-byte envelope");
    }
    INT.set(body, 0, MAGIC);
    INT.set(body, 4, runId);
    INT.set(body, 8, senderId);
    LONG.set(body, 12, sequence);
    LONG.set(body, 20, intendedSendNanos);
  }

  /**
   * Whether {@code body} starts with an envelope of this format, of any run.
   *
   * @param body a received body
   * @return true if the body is at least {@value #SIZE} bytes with this format's magic
   */
  public static boolean isMessage(byte[] body) {
    return body.length >= SIZE && (int) INT.get(body, 0) == MAGIC;
  }

  /**
   * Whether {@code body} starts with an envelope of the given run.
   *
   * @param body a received body
   * @param runId the current run's id
   * @return true if the body is at least {@value #SIZE} bytes with this format's magic and that run
   */
  public static boolean isOfRun(byte[] body, int runId) {
    return body.length >= SIZE
        && (int) INT.get(body, 0) == MAGIC
        && (int) INT.get(body, 4) == runId;
  }

  /**
   * @param body a body for which {@link #isMessage} holds
   * @return the id of the run that sent it
   */
  public static int runId(byte[] body) {
    return (int) INT.get(body, 4);
  }

  /**
   * @param body a body for which {@link #isOfRun} holds
   * @return its sender id
   */
  public static int senderId(byte[] body) {
    return (int) INT.get(body, 8);
  }

  /**
   * @param body a body for which {@link #isOfRun} holds
   * @return its sequence number
   */
  public static long sequence(byte[] body) {
    return (long) LONG.get(body, 12);
  }

  /**
   * @param body a body for which {@link #isOfRun} holds
   * @return its intended send time, nanoseconds on the run clock
   */
  public static long intendedSendNanos(byte[] body) {
    return (long) LONG.get(body, 20);
  }

  /**
   * Reads the envelope of a body.
   *
   * @param body a received body
   * @return the envelope
   * @throws IllegalArgumentException if the body does not start with an envelope of this format
   */
  public static Envelope read(byte[] body) {
    if (body.length < SIZE || (int) INT.get(body, 0) != MAGIC) {
      throw new IllegalArgumentException("not an mqbench message (" + body.length + " bytes)");
    }
    return new Envelope(
        (int) INT.get(body, 4), senderId(body), sequence(body), intendedSendNanos(body));
  }
}
