package io.mqbench.engine.run;

import io.mqbench.engine.DeliveryGap;
import io.mqbench.engine.RunOutcome;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the times during which a count the coordinator polls did not move: deliveries while
 * receivers ran, acknowledged sends while senders ran and were not held back. A gap runs from the
 * poll that last saw the count move (or the tracking's start) to the poll that saw it move again;
 * gaps shorter than {@link RunOutcome#GAP_NANOS} are not kept, and of more than {@link
 * RunOutcome#MAX_GAPS} the longest are. Instants are nanoseconds from the run's start.
 */
final class GapTracker {
  private final List<DeliveryGap> gaps = new ArrayList<>();
  private final boolean fromFirstMove;
  private long from = -1;
  private long count;
  private boolean moved;

  /**
   * @param fromFirstMove true to ignore the time before the count first moved (the wait for a first
   *     acknowledgement is connecting, not an outage); false to count it as a gap too
   */
  GapTracker(boolean fromFirstMove) {
    this.fromFirstMove = fromFirstMove;
  }

  /** At a poll while the count is expected to move. */
  void observe(long sinceStart, long now) {
    if (from < 0) {
      from = sinceStart;
      count = now;
    } else if (now != count) {
      if (moved || !fromFirstMove) {
        add(sinceStart);
      }
      moved = true;
      from = sinceStart;
      count = now;
    }
  }

  /**
   * At a poll while the count is not expected to move (senders held back): the time until the next
   * expected poll is no gap.
   */
  void pause() {
    from = -1;
  }

  /**
   * @param endNanos the run's end
   * @param includeOpen whether a gap still open at the end counts (a broker that never came back)
   * @return the gaps, in order
   */
  List<DeliveryGap> gaps(long endNanos, boolean includeOpen) {
    if (includeOpen && from >= 0 && (moved || !fromFirstMove)) {
      add(endNanos);
      from = endNanos;
    }
    return List.copyOf(gaps);
  }

  /**
   * @return the instant the gap still open began, or -1 when none is open
   */
  long openSince() {
    return from;
  }

  private void add(long until) {
    if (until - from < RunOutcome.GAP_NANOS) {
      return;
    }
    gaps.add(new DeliveryGap(from, until));
    if (gaps.size() > RunOutcome.MAX_GAPS) {
      gaps.remove(gaps.stream().min(Comparator.comparingLong(DeliveryGap::nanos)).orElseThrow());
    }
  }
}
