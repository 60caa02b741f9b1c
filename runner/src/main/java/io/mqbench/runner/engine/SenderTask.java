package io.mqbench.runner.engine;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.MqSender;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * One sending thread's work and measurements: builds enveloped batches, sends them, and records per
 * batch its service time (send call to acknowledgement), response time (intended send time to
 * acknowledgement), schedule lag (intended time to the start of the send call) and harness lag (the
 * part of the schedule lag not explained by the previous send still running), plus which sequence
 * numbers the backend acknowledged.
 *
 * <p>Everything but {@link #sentCount()} belongs to the sending thread; read the rest only after
 * the thread ended.
 */
public final class SenderTask {
  private final int senderId;
  private final MqSender sender;
  private final MessageBodies bodies;
  private final BatchSizes batchSizes;
  private final Histogram serviceMicros = Latencies.newHistogram();
  private final Histogram responseMicros = Latencies.newHistogram();
  private final Histogram scheduleLagMicros = Latencies.newHistogram();
  private final Histogram harnessLagMicros = Latencies.newHistogram();
  private final Roaring64NavigableMap acknowledged = new Roaring64NavigableMap();
  private final AtomicLong sent = new AtomicLong();
  private long nextSequence;
  private long batches;
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
   * Closed loop: sends one batch of at most {@code limit} messages now and waits for the backend to
   * acknowledge it. Its intended time is now.
   *
   * @param limit the most messages to send, at least 1
   * @return how many messages were sent
   * @throws InterruptedException if interrupted while the backend was working
   */
  public int sendBatch(long limit) throws InterruptedException {
    int n = (int) Math.min(limit, batchSizes.next());
    return send(n, System.nanoTime());
  }

  /**
   * Open loop: sends a batch that was due at {@code intendedNanos} (possibly in the past) and waits
   * for the acknowledgement; every message carries that intended time.
   *
   * @param limit the most messages to send, at least 1
   * @param intendedNanos when the batch was due ({@code nanoTime})
   * @return how many messages were sent
   * @throws InterruptedException if interrupted while the backend was working
   */
  public int sendBatchAt(long limit, long intendedNanos) throws InterruptedException {
    int n = (int) Math.min(limit, batchSizes.next());
    return send(n, intendedNanos);
  }

  private int send(int n, long intended) throws InterruptedException {
    long start = System.nanoTime();
    List<byte[]> batch = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      batch.add(bodies.next(nextSequence + i, intended));
    }
    sender.send(batch);
    long done = System.nanoTime();
    serviceMicros.recordValue(Latencies.micros(done - start));
    responseMicros.recordValue(Latencies.micros(done - intended));
    scheduleLagMicros.recordValue(Latencies.micros(start - intended));
    long free = batches == 0 ? intended : Math.max(intended, lastAckNanos);
    harnessLagMicros.recordValue(Latencies.micros(start - free));
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
   * @return per batch, microseconds from the start of the send call to the acknowledgement
   */
  public Histogram serviceMicros() {
    return serviceMicros;
  }

  /**
   * @return per batch, microseconds from the intended send time to the acknowledgement
   */
  public Histogram responseMicros() {
    return responseMicros;
  }

  /**
   * @return per batch, microseconds from the intended send time to the start of the send call
   */
  public Histogram scheduleLagMicros() {
    return scheduleLagMicros;
  }

  /**
   * @return per batch, microseconds the send started late although the previous send had finished:
   *     delay of the harness (thread wake-up, CPU starvation), not of the backend
   */
  public Histogram harnessLagMicros() {
    return harnessLagMicros;
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
   * @return when the last batch was acknowledged ({@code nanoTime}), or 0 if none was
   */
  public long lastAckNanos() {
    return lastAckNanos;
  }
}
