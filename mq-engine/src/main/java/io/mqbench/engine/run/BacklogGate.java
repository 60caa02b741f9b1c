package io.mqbench.engine.run;

import io.mqbench.engine.BacklogLimit;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator's flow control for a paced run: from the merged counts it polls, decides when to
 * hold senders back (the backlog, acknowledged minus received, is above the limit) and when to let
 * them go on (the receivers took it down to half the limit, so that they never run dry while the
 * senders ramp up again), and adds up how long they were held.
 *
 * <p>It engages only once something was received: before the first delivery the receivers are still
 * connecting (a Kafka consumer group's join takes seconds), and holding senders then would measure
 * the join, not the queue.
 */
final class BacklogGate {
  private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final BacklogLimit limit;
  private final ArrayDeque<long[]> samples = new ArrayDeque<>();
  private boolean held;
  private long heldSince;
  private long heldNanos;
  private int holds;
  private long largestBound;

  BacklogGate(BacklogLimit limit) {
    this.limit = limit;
  }

  /** What the senders should do after a poll. */
  enum Change {
    HOLD,
    RELEASE,
    NONE
  }

  /**
   * @param now when the counts were polled ({@code nanoTime})
   * @param sent messages acknowledged to senders so far
   * @param received messages received so far
   * @return whether senders must now be held, released, or left as they are
   */
  Change update(long now, long sent, long received) {
    samples.addLast(new long[] {now, received});
    while (samples.size() > 1 && now - samples.peekFirst()[0] > WINDOW_NANOS) {
      samples.removeFirst();
    }
    if (received == 0) {
      return Change.NONE;
    }
    long bound = limit.bound(received - samples.peekFirst()[1]);
    long backlog = sent - received;
    if (!held && backlog > bound) {
      held = true;
      heldSince = now;
      holds++;
      largestBound = Math.max(largestBound, bound);
      return Change.HOLD;
    }
    if (held && backlog <= bound / 2) {
      held = false;
      heldNanos += now - heldSince;
      return Change.RELEASE;
    }
    return Change.NONE;
  }

  /**
   * Ends the accounting: a hold still on counts up to now.
   *
   * @param now the end ({@code nanoTime})
   * @return whether senders were still held (and must be released)
   */
  /**
   * @return whether the senders are held back now
   */
  boolean held() {
    return held;
  }

  boolean end(long now) {
    boolean wasHeld = held;
    if (held) {
      heldNanos += now - heldSince;
      held = false;
    }
    return wasHeld;
  }

  long heldNanos() {
    return heldNanos;
  }

  int holds() {
    return holds;
  }

  long largestBound() {
    return largestBound;
  }
}
