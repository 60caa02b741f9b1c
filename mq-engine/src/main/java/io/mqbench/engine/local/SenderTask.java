package io.mqbench.engine.local;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.SequenceSet;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * One sending thread's work and measurements, with up to {@code window} batches in flight: builds
 * enveloped batches, hands them to {@link MqSender#sendAsync}, and records per completed batch its
 * service time (send call to completion), response time (intended send time to completion),
 * schedule lag (intended time to the send call) and harness lag (the part of the schedule lag not
 * explained by the backend: neither by its previous send call still running nor by a full window),
 * plus which sequence numbers the backend acknowledged.
 *
 * <p>Single-writer: completions arrive on the backend's threads and are only queued there, stamped
 * with their time; the sending thread takes them from the queue and records them. A batch counts as
 * sent only once it completed. What it records (histograms, bitmap, counts) is guarded by this
 * object's monitor, taken once per batch and uncontended but for a {@link #snapshot()}, so that a
 * worker can report what it measured so far while the run goes on.
 *
 * <p>Everything but {@link #sentCount()}, {@link #snapshot()} and {@link #runStartsAt} belongs to
 * the sending thread; read the rest only after the thread ended.
 */
public final class SenderTask {
  private final int senderId;
  private MqSender sender;
  private final MessageBodies bodies;
  private final BatchSizes batchSizes;
  private final int window;
  private final LongSupplier clock;
  private final BlockingQueue<Completion> completions = new LinkedBlockingQueue<>();
  private final Histogram serviceMicros = Latencies.newHistogram();
  private final Histogram responseMicros = Latencies.newHistogram();
  private final Histogram scheduleLagMicros = Latencies.newHistogram();
  private final Histogram harnessLagMicros = Latencies.newHistogram();
  private final SequenceSet acknowledged = new SequenceSet();
  private final AtomicLong sent = new AtomicLong();
  private long nextSequence;
  private long sentSoFar;
  private long sentBytes;
  private int minSentBytes = Integer.MAX_VALUE;
  private int maxSentBytes;
  private int inFlight;
  private long batches;
  private long lastAckNanos;
  private long slotFreedNanos;
  private long lastIssueReturnedNanos;
  private boolean fullAfterLastIssue;
  private volatile long runStartNanos;
  private volatile boolean abandoned;
  private ErrorTally rideThrough;
  private boolean broken;
  private int generation;

  /**
   * A batch handed to the backend and not yet recorded; its generation counts the senders given up
   * on before it (a completion of an older one counts for nothing).
   */
  private record Batch(
      int generation,
      long firstSequence,
      int size,
      long intendedNanos,
      long startNanos,
      long bytes,
      int minBytes,
      int maxBytes) {}

  /** A batch's completion, stamped on the thread that completed it. */
  private record Completion(Batch batch, long doneNanos, Throwable failure) {}

  /**
   * @param senderId this sender's global id within the run
   * @param sender the backend's sender, used only by this task's thread
   * @param bodies makes this sender's message bodies
   * @param batchSizes the size of each batch
   * @param window how many batches may be in flight at once, at least 1
   * @param clock the clock send and completion times are read on, {@link LocalCell#SYSTEM_CLOCK}
   *     outside tests
   */
  public SenderTask(
      int senderId,
      MqSender sender,
      MessageBodies bodies,
      BatchSizes batchSizes,
      int window,
      LongSupplier clock) {
    if (window < 1) {
      throw new IllegalArgumentException("window must be at least 1, was " + window);
    }
    this.senderId = senderId;
    this.sender = sender;
    this.bodies = bodies;
    this.batchSizes = batchSizes;
    this.window = window;
    this.clock = clock;
  }

  /**
   * Sets the run clock's origin: envelopes carry intended send times as nanoseconds since this
   * instant, so that a receiver in another process, which knows the same instant on its own clock,
   * can tell their age. Set before the first send; set again when this process's clock was found to
   * have moved against the coordinator's, and the batches issued after that carry times since the
   * new origin (the schedule itself does not move). Safe from any thread; 0 (the default) leaves
   * clock readings in the envelopes.
   *
   * @param nanos the run's start, a reading of this task's clock
   */
  public void runStartsAt(long nanos) {
    runStartNanos = nanos;
  }

  /**
   * Closed loop: waits for a free slot in the window, then issues one batch of at most {@code
   * limit} messages; its intended time is when it is issued.
   *
   * @param limit the most messages to send, at least 1
   * @return how many messages were issued
   * @throws InterruptedException if interrupted while waiting for a slot
   * @throws MqException if a batch completed exceptionally
   */
  public int sendBatch(long limit) throws InterruptedException {
    awaitFreeSlot();
    int n = (int) Math.min(limit, batchSizes.next());
    return issue(n, clock.getAsLong());
  }

  /**
   * Open loop: issues a batch that was due at {@code intendedNanos} (possibly in the past), first
   * waiting for a free slot if the window is full; every message carries that intended time.
   *
   * @param limit the most messages to send, at least 1
   * @param intendedNanos when the batch was due (on this task's clock)
   * @return how many messages were issued
   * @throws InterruptedException if interrupted while waiting for a slot
   * @throws MqException if a batch completed exceptionally
   */
  public int sendBatchAt(long limit, long intendedNanos) throws InterruptedException {
    awaitFreeSlot();
    int n = (int) Math.min(limit, batchSizes.next());
    return issue(n, intendedNanos);
  }

  /**
   * Waits until every issued batch has completed, recording each.
   *
   * @throws InterruptedException if interrupted while waiting
   * @throws MqException if a batch completed exceptionally
   */
  public void awaitAllCompleted() throws InterruptedException {
    while (inFlight > 0) {
      record(completions.take());
    }
  }

  /**
   * Records the batches that completed so far, without waiting for more.
   *
   * @throws InterruptedException never in practice (nothing waits); declared as {@link #record}
   * @throws MqException if a batch completed exceptionally
   */
  public void recordCompleted() throws InterruptedException {
    Completion c;
    while ((c = completions.poll()) != null) {
      record(c);
    }
  }

  /**
   * Makes this sender die as a crashed one would (a fault, {@code kill-sender}): its thread issues
   * nothing more, does not wait for the batches in flight (those that complete are never recorded
   * as sent) and closes the backend's sender. Safe from any thread.
   */
  public void abandon() {
    abandoned = true;
  }

  /**
   * @return whether this sender was {@linkplain #abandon() abandoned}: its thread must end
   */
  public boolean abandoned() {
    return abandoned;
  }

  /**
   * Makes a failed batch count in {@code tally} instead of failing the sender: the batch is not
   * counted as sent, and {@link #broken()} tells the sending thread to {@linkplain #replaceSender
   * replace} the backend's sender. Call before the first send.
   *
   * @param tally where failures are counted
   */
  void rideThroughFailures(ErrorTally tally) {
    this.rideThrough = tally;
  }

  /**
   * @return whether a batch failed since the backend's sender was last replaced (only when riding
   *     through failures)
   */
  boolean broken() {
    return broken;
  }

  /**
   * @return the backend's sender this task sends with now
   */
  MqSender sender() {
    return sender;
  }

  /**
   * After a failure: waits at most {@code atMost} for the batches still in flight to complete,
   * recording each, and gives up on the rest (their slots are freed; a later completion counts for
   * nothing, so their messages are never counted as sent).
   *
   * @param atMost the longest to wait
   * @throws InterruptedException if interrupted while waiting
   */
  void settleInFlight(java.time.Duration atMost) throws InterruptedException {
    long deadline = clock.getAsLong() + atMost.toNanos();
    while (inFlight > 0) {
      long left = deadline - clock.getAsLong();
      Completion c = left > 0 ? completions.poll(left, TimeUnit.NANOSECONDS) : null;
      if (c == null) {
        generation++;
        inFlight = 0;
        fullAfterLastIssue = false;
        return;
      }
      record(c);
    }
  }

  /**
   * Sends with a new backend sender from now on, the old one closed by the caller.
   *
   * @param fresh the new sender
   */
  void replaceSender(MqSender fresh) {
    this.sender = fresh;
    this.broken = false;
    // Sends due while there was no sender start late for the backend's reasons, not the harness's.
    this.lastIssueReturnedNanos = clock.getAsLong();
    this.fullAfterLastIssue = false;
  }

  /**
   * @return batches issued and not yet recorded as completed
   */
  public int inFlight() {
    return inFlight;
  }

  private void awaitFreeSlot() throws InterruptedException {
    Completion c;
    while ((c = completions.poll()) != null) {
      record(c);
    }
    while (inFlight >= window) {
      record(completions.take());
    }
  }

  private int issue(int n, long intended) {
    long start = clock.getAsLong();
    long sinceOrigin = intended - runStartNanos; // one volatile read per batch
    List<byte[]> bodiesOfBatch;
    long bytes = 0;
    int minBytes = Integer.MAX_VALUE;
    int maxBytes = 0;
    if (n == 1) { // the usual batch: one small list instead of a growable one and its array
      byte[] body = bodies.next(nextSequence, sinceOrigin);
      bodiesOfBatch = List.of(body);
      bytes = minBytes = maxBytes = body.length;
    } else {
      bodiesOfBatch = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        byte[] body = bodies.next(nextSequence + i, sinceOrigin);
        bodiesOfBatch.add(body);
        bytes += body.length;
        minBytes = Math.min(minBytes, body.length);
        maxBytes = Math.max(maxBytes, body.length);
      }
    }
    // Late for the harness's reasons only by the time since the sender could have issued it: the
    // backend's previous send call had returned and, if that filled the window, a slot was freed.
    long available =
        fullAfterLastIssue
            ? Math.max(lastIssueReturnedNanos, slotFreedNanos)
            : lastIssueReturnedNanos;
    synchronized (this) {
      scheduleLagMicros.recordValue(Latencies.micros(start - intended));
      harnessLagMicros.recordValue(Latencies.micros(start - Math.max(intended, available)));
    }
    Batch batch =
        new Batch(generation, nextSequence, n, intended, start, bytes, minBytes, maxBytes);
    nextSequence += n;
    inFlight++;
    CompletableFuture<Void> done;
    try {
      done = sender.sendAsync(bodiesOfBatch);
    } catch (RuntimeException e) {
      done =
          CompletableFuture.failedFuture(e); // a backend that threw instead of failing the future
    }
    lastIssueReturnedNanos = clock.getAsLong();
    fullAfterLastIssue = inFlight >= window;
    done.whenComplete((v, e) -> completions.add(new Completion(batch, clock.getAsLong(), e)));
    return n;
  }

  private void record(Completion c) throws InterruptedException {
    Batch b = c.batch();
    if (b.generation() != generation) {
      return; // in flight on a sender given up on (its slot was freed then): not counted as sent
    }
    if (inFlight == window) {
      slotFreedNanos = c.doneNanos();
    }
    inFlight--;
    if (c.failure() != null) {
      RuntimeException why = BatchFailure.cause(c.failure());
      if (rideThrough == null) {
        throw why;
      }
      rideThrough.failedSend(b.size(), why);
      broken = true;
      return;
    }
    long done = c.doneNanos();
    synchronized (this) {
      serviceMicros.recordValue(Latencies.micros(done - b.startNanos()));
      responseMicros.recordValue(Latencies.micros(done - b.intendedNanos()));
      acknowledged.addRange(b.firstSequence(), b.firstSequence() + b.size());
      batches++;
      lastAckNanos = Math.max(lastAckNanos, done);
      sentSoFar += b.size();
      sentBytes += b.bytes();
      minSentBytes = Math.min(minSentBytes, b.minBytes());
      maxSentBytes = Math.max(maxSentBytes, b.maxBytes());
    }
    sent.lazySet(sentSoFar);
  }

  /**
   * @return what this sender measured so far, copied; safe from any thread, also while it sends
   */
  synchronized SenderSnapshot snapshot() {
    Roaring64NavigableMap ack = acknowledged.copy();
    return new SenderSnapshot(
        senderId,
        sentSoFar,
        batches,
        lastAckNanos,
        serviceMicros.copy(),
        responseMicros.copy(),
        scheduleLagMicros.copy(),
        harnessLagMicros.copy(),
        ack,
        sentBytes,
        sentSoFar == 0 ? 0 : minSentBytes,
        maxSentBytes);
  }

  /**
   * @return messages acknowledged so far; safe to read from any thread
   */
  public long sentCount() {
    return sent.get();
  }

  /**
   * @return this sender's global id
   */
  public int senderId() {
    return senderId;
  }

  /**
   * @return the sequence numbers the backend acknowledged
   */
  public synchronized Roaring64NavigableMap acknowledged() {
    return acknowledged.bitmap();
  }
}
