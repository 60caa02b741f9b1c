package io.mqbench.engine.local;

import io.mqbench.engine.measure.DistinctSequences;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.SequenceSet;
import io.mqbench.envelope.Envelope;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * One receiving thread's work and measurements: receives, reads each envelope, records end-to-end
 * latency and which messages arrived, and acknowledges. A message that arrives before its intended
 * send time (possible only when the sending process's clock is ahead of this one's) has no latency
 * to record: it is counted apart ({@link #negativeEndToEnd}).
 *
 * <p>Messages of other runs (left in a durable queue) and bodies that are not mqbench messages are
 * counted as foreign, acknowledged, and otherwise ignored. In a receive-only run (no senders),
 * every mqbench message counts as received, whatever its run: the point is to drain and time a
 * backlog; its end-to-end latency is not recorded (the sending JVM's clock is not this one's).
 *
 * <p>What it records (bitmaps of messages seen, histogram, counts) is guarded by this object's
 * monitor, taken once per batch, so that the run can check mid-run whether everything arrived and a
 * worker can report what it measured so far ({@link #snapshot()}).
 */
public final class ReceiverTask {
  private MqReceiver receiver;
  private final int runId;
  private final int maxBatch;
  private final Duration wait;
  private final LongSupplier clock;
  private final SequenceSet[] seenBySender;
  // Receive-only: the messages seen, by run and sender, to tell a duplicate from a new message;
  // the last one looked up kept at hand, as one sender's messages come in runs.
  private final Map<Long, DistinctSequences> drained = new HashMap<>();
  private long drainedKey = -1;
  private DistinctSequences drainedSeen;
  private long drainedDuplicates;
  private final Histogram endToEndMicros = Latencies.newHistogram();
  private final AtomicLong received = new AtomicLong();
  private long foreign;
  private long negativeEndToEnd;
  private long firstReceiveNanos;
  private long lastReceiveNanos;
  private volatile long runStartNanos;
  private volatile boolean abandoned;
  private volatile int leftUnacknowledged;
  private volatile boolean ended;

  /**
   * @param receiver the backend's receiver, used only by this task's thread
   * @param runId the run's id; messages of other runs are foreign
   * @param senders how many senders the run has (ids 0 to senders - 1); 0 for a receive-only run
   * @param maxBatch the most messages to ask for per receive
   * @param wait how long one receive waits for the first message
   */
  public ReceiverTask(MqReceiver receiver, int runId, int senders, int maxBatch, Duration wait) {
    this(receiver, runId, senders, maxBatch, wait, LocalCell.SYSTEM_CLOCK);
  }

  /**
   * @param receiver the backend's receiver, used only by this task's thread
   * @param runId the run's id; messages of other runs are foreign
   * @param senders how many senders the run has (ids 0 to senders - 1); 0 for a receive-only run
   * @param maxBatch the most messages to ask for per receive
   * @param wait how long one receive waits for the first message
   * @param clock the clock receipts are read on, {@link LocalCell#SYSTEM_CLOCK} outside tests
   */
  public ReceiverTask(
      MqReceiver receiver,
      int runId,
      int senders,
      int maxBatch,
      Duration wait,
      LongSupplier clock) {
    this.clock = clock;
    this.receiver = receiver;
    this.runId = runId;
    this.maxBatch = maxBatch;
    this.wait = wait;
    this.seenBySender = new SequenceSet[senders];
    for (int i = 0; i < senders; i++) {
      seenBySender[i] = new SequenceSet();
    }
  }

  /**
   * Sets the run clock's origin: the run's start on this process's clock. Envelopes carry intended
   * send times as nanoseconds since the run's start, so end-to-end latency is the time since this
   * origin minus the envelope's time, whichever process sent the message. Set again when this
   * process's clock was found to have moved against the coordinator's: batches received after that
   * are read against the new origin. Safe from any thread; 0 (the default) reads envelopes as clock
   * readings of this process.
   *
   * @param nanos the run's start, a reading of this task's clock
   */
  public void runStartsAt(long nanos) {
    runStartNanos = nanos;
  }

  /**
   * Receives one batch (waiting at most the configured time), accounts for it and acknowledges it.
   *
   * @return how many messages of this run arrived (0 when the wait ran out)
   * @throws InterruptedException if interrupted while waiting
   */
  public int receiveOnce() throws InterruptedException {
    List<Received> got = receiver.receive(maxBatch, wait);
    if (got.isEmpty()) {
      ended = abandoned;
      return 0;
    }
    int ours = account(got);
    if (abandoned) {
      // Killed with this batch in hand: counted as received, never acknowledged, as a receiver
      // that crashed after handling it would leave it; the queue must deliver it again.
      leftUnacknowledged = got.size();
      ended = true;
      return ours;
    }
    receiver.ack(got);
    return ours;
  }

  /**
   * @return the backend's receiver this task receives with now
   */
  MqReceiver receiver() {
    return receiver;
  }

  /**
   * Receives with a new backend receiver from now on, after the old one failed and was closed by
   * the caller (what it held unacknowledged comes back from the queue).
   *
   * @param fresh the new receiver
   */
  void replaceReceiver(MqReceiver fresh) {
    this.receiver = fresh;
  }

  /**
   * Makes this receiver die as a crashed one would (a fault, {@code kill-receiver}): the batch it
   * receives next is accounted for and never acknowledged, and then {@link #ended()} tells its
   * thread to end, closing the backend's receiver without acknowledging anything more. Safe from
   * any thread.
   */
  public void abandon() {
    abandoned = true;
  }

  /**
   * @return whether this receiver was {@linkplain #abandon() abandoned}
   */
  public boolean abandoned() {
    return abandoned;
  }

  /**
   * @return whether an {@linkplain #abandon() abandoned} receiver has had its last receive (the one
   *     whose batch it holds unacknowledged, or that found nothing): its thread must end now
   */
  public boolean ended() {
    return ended;
  }

  /**
   * @return how many messages the abandoned receiver held unacknowledged when it ended (the batch
   *     it received after {@link #abandon()}), 0 if none
   */
  public int leftUnacknowledged() {
    return leftUnacknowledged;
  }

  private int account(List<Received> got) {
    long now = clock.getAsLong();
    long sinceStart = now - runStartNanos; // one volatile read per batch
    int ours = 0;
    synchronized (this) {
      for (Received message : got) {
        byte[] body = message.body();
        if (seenBySender.length == 0) {
          if (Envelope.isMessage(body)) {
            ours++;
            long key =
                ((long) Envelope.runId(body) << 32) | (Envelope.senderId(body) & 0xFFFFFFFFL);
            if (key != drainedKey || drainedSeen == null) {
              drainedKey = key;
              drainedSeen = drained.computeIfAbsent(key, k -> new DistinctSequences());
            }
            if (!drainedSeen.add(Envelope.sequence(body))) {
              drainedDuplicates++;
            }
          } else {
            foreign++;
          }
          continue;
        }
        int sender;
        if (!Envelope.isOfRun(body, runId)
            || (sender = Envelope.senderId(body)) < 0
            || sender >= seenBySender.length) {
          foreign++;
          continue;
        }
        seenBySender[sender].add(Envelope.sequence(body));
        long endToEnd = sinceStart - Envelope.intendedSendNanos(body);
        if (endToEnd < 0) {
          // Received before it was to be sent: the sender's clock is ahead of this one by more
          // than the latency. Counted, never recorded as 0, which would read as a measurement.
          negativeEndToEnd++;
        } else {
          endToEndMicros.recordValue(Latencies.micros(endToEnd));
        }
        ours++;
      }
      if (ours > 0) {
        if (firstReceiveNanos == 0) {
          firstReceiveNanos = now;
        }
        lastReceiveNanos = now;
        received.lazySet(received.get() + ours);
      }
    }
    return ours;
  }

  /**
   * What this receiver measured up to one instant, copied: counts, histogram and bitmaps agree with
   * each other.
   *
   * @param received messages of the run received, duplicates included
   * @param foreign bodies received that were not messages of the run
   * @param firstReceiveNanos when the first message of the run arrived (task's clock), or 0
   * @param lastReceiveNanos when the last one arrived, or 0
   * @param negativeEndToEnd messages received before their intended send time
   * @param endToEndMicros end-to-end latency of each message
   * @param seenBySender per sender id, the sequence numbers seen
   * @param receiveOnlyDuplicates receive-only: messages received again after a first time
   */
  record Snapshot(
      long received,
      long foreign,
      long firstReceiveNanos,
      long lastReceiveNanos,
      long negativeEndToEnd,
      Histogram endToEndMicros,
      Roaring64NavigableMap[] seenBySender,
      long receiveOnlyDuplicates) {}

  /**
   * @return what this receiver measured so far, copied; safe from any thread, also while it
   *     receives
   */
  synchronized Snapshot snapshot() {
    Roaring64NavigableMap[] seen = new Roaring64NavigableMap[seenBySender.length];
    for (int i = 0; i < seen.length; i++) {
      seen[i] = seenBySender[i].copy();
    }
    return new Snapshot(
        received.get(),
        foreign,
        firstReceiveNanos,
        lastReceiveNanos,
        negativeEndToEnd,
        endToEndMicros.copy(),
        seen,
        drainedDuplicates);
  }

  /**
   * @return messages of this run received so far, duplicates included; safe from any thread
   */
  public long receivedCount() {
    return received.get();
  }

  /**
   * Adds this receiver's messages of one sender to {@code into}; safe from any thread.
   *
   * @param sender a sender id
   * @param into the bitmap to add to
   */
  public synchronized void addSeen(int sender, Roaring64NavigableMap into) {
    into.or(seenBySender[sender].bitmap());
  }

  /**
   * @return end-to-end latency of each message, in microseconds (intended send to receipt)
   */
  public Histogram endToEndMicros() {
    return endToEndMicros;
  }

  /**
   * @return messages of this run received before their intended send time by this process's reading
   *     of the run clock (a sender's clock ahead of this one); not in {@link #endToEndMicros}
   */
  public synchronized long negativeEndToEnd() {
    return negativeEndToEnd;
  }

  /**
   * @return bodies received that were not messages of this run
   */
  public long foreign() {
    return foreign;
  }

  /**
   * @return when the first message of this run arrived (on this task's clock), or 0
   */
  public long firstReceiveNanos() {
    return firstReceiveNanos;
  }

  /**
   * @return when the last message of this run arrived (on this task's clock), or 0
   */
  public long lastReceiveNanos() {
    return lastReceiveNanos;
  }
}
