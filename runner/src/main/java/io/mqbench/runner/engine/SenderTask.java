package io.mqbench.runner.engine;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.MqSender;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * One sending thread's work and measurements: builds enveloped batches, sends them, records the
 * send latency of each batch and which sequence numbers the backend acknowledged.
 *
 * <p>Everything but {@link #sentCount()} belongs to the sending thread; read the rest only after
 * the thread ended.
 */
public final class SenderTask {
  private final int senderId;
  private final MqSender sender;
  private final MessageBodies bodies;
  private final BatchSizes batchSizes;
  private final Histogram sendLatencyMicros = Latencies.newHistogram();
  private final Roaring64NavigableMap acknowledged = new Roaring64NavigableMap();
  private final AtomicLong sent = new AtomicLong();
  private long nextSequence;
  private long batches;
  private long firstSendNanos;
  private long lastAckNanos;

  /**
   * @param senderId this sender's id within the run
   * @param sender the backend's sender, used only by this task's thread
   * @param bodies makes this sender's message bodies
   * @param batchSizes the size of each batch
   */
  public SenderTask(int senderId, MqSender sender, MessageBodies bodies, BatchSizes batchSizes) {
    this.senderId = senderId;
    this.sender = sender;
    this.bodies = bodies;
    this.batchSizes = batchSizes;
  }

  /**
   * Sends one batch of at most {@code limit} messages and waits for the backend to acknowledge it.
   *
   * @param limit the most messages to send, at least 1
   * @return how many messages were sent
   * @throws InterruptedException if interrupted while the backend was working
   */
  public int sendBatch(long limit) throws InterruptedException {
    int n = (int) Math.min(limit, batchSizes.next());
    long intended = System.nanoTime();
    if (batches == 0) {
      firstSendNanos = intended;
    }
    List<byte[]> batch = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      batch.add(bodies.next(nextSequence + i, intended));
    }
    sender.send(batch);
    long done = System.nanoTime();
    sendLatencyMicros.recordValue(Latencies.micros(done - intended));
    acknowledged.addRange(nextSequence, nextSequence + n);
    nextSequence += n;
    batches++;
    lastAckNanos = done;
    sent.lazySet(nextSequence);
    return n;
  }

  /**
   * @return messages acknowledged so far; safe to read from any thread
   */
  public long sentCount() {
    return sent.get();
  }

  /**
   * @return this sender's id
   */
  public int senderId() {
    return senderId;
  }

  /**
   * @return send latency of each batch, in microseconds (from when the batch was built to when the
   *     backend acknowledged it)
   */
  public Histogram sendLatencyMicros() {
    return sendLatencyMicros;
  }

  /**
   * @return the sequence numbers the backend acknowledged
   */
  public Roaring64NavigableMap acknowledged() {
    return acknowledged;
  }

  /**
   * @return batches sent
   */
  public long batches() {
    return batches;
  }

  /**
   * @return when the first batch was built ({@code nanoTime}), or 0 if none was
   */
  public long firstSendNanos() {
    return firstSendNanos;
  }

  /**
   * @return when the last batch was acknowledged ({@code nanoTime}), or 0 if none was
   */
  public long lastAckNanos() {
    return lastAckNanos;
  }
}
