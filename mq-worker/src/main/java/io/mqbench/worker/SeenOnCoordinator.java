package io.mqbench.worker;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import java.util.List;

/**
 * When the coordinator saw a remote cell's counts change, on the coordinator's own clock: each poll
 * of the cell's progress narrows down when its last acknowledgement and its first and last delivery
 * happened. A worker reports those instants on its own clock, which may have jumped or drifted
 * during the run beyond what the offset measured before it says; an instant that falls outside the
 * window the coordinator saw it happen in is moved into that window, so that the run's send and
 * receive times, and the per-node rates computed over them, are on the coordinator's clock. An
 * instant inside its window is left as the worker read it: there its own clock is the finer one.
 *
 * <p>Thread-safe: polls come from the coordinator's polling thread, the report from the thread that
 * finishes the cell.
 */
final class SeenOnCoordinator {
  private final Count sent = new Count();
  private final Count received = new Count();
  private long runStartNanos;

  /**
   * @param atNanos the run's start on the coordinator's clock
   */
  synchronized void runStarts(long atNanos) {
    runStartNanos = atNanos;
    sent.lastPollFrom = atNanos;
    received.lastPollFrom = atNanos;
  }

  /**
   * One poll of the cell's progress.
   *
   * @param fromNanos when the poll was sent, on the coordinator's clock
   * @param toNanos when its answer arrived
   * @param sentCount the cell's acknowledged sends in the answer
   * @param receivedCount the cell's deliveries in the answer
   */
  synchronized void polled(long fromNanos, long toNanos, long sentCount, long receivedCount) {
    sent.polled(fromNanos, toNanos, sentCount);
    received.polled(fromNanos, toNanos, receivedCount);
  }

  /**
   * Moves the report's last acknowledgement and first and last delivery into the windows the
   * coordinator saw them happen in, each set of threads by one shift, so that the threads keep
   * their order.
   *
   * @param r the cell's report, instants in nanoseconds from the run's start on the worker's clock
   * @param doneNanos when the report arrived, on the coordinator's clock: everything happened
   *     before
   * @param slackNanos how far the worker's instants may be off without its clock having moved: the
   *     offset's uncertainty
   * @return the report with its instants on the coordinator's clock
   */
  synchronized CellMeasurements onCoordinatorClock(
      CellMeasurements r, long doneNanos, long slackNanos) {
    List<SenderStats> senders = r.senders();
    long lastAck = senders.stream().mapToLong(SenderStats::lastAckNanos).max().orElse(0);
    long ackShift = shift(lastAck, sent.lastWindow(sumSent(senders), doneNanos), slackNanos);
    List<ReceiverStats> receivers = r.receivers();
    long last = receivers.stream().mapToLong(ReceiverStats::lastReceiveNanos).max().orElse(0);
    long lastShift = shift(last, received.lastWindow(r.received(), doneNanos), slackNanos);
    long first =
        receivers.stream()
            .mapToLong(ReceiverStats::firstReceiveNanos)
            .filter(t -> t > 0)
            .min()
            .orElse(0);
    long firstShift = shift(first, received.firstWindow(r.received(), doneNanos), slackNanos);
    if (ackShift == 0 && lastShift == 0 && firstShift == 0) {
      return r;
    }
    return r.withSenders(senders.stream().map(s -> moved(s, ackShift)).toList())
        .withReceivers(receivers.stream().map(x -> moved(x, firstShift, lastShift)).toList());
  }

  private static long sumSent(List<SenderStats> senders) {
    return senders.stream().mapToLong(SenderStats::sent).sum();
  }

  /** How far an instant from the run's start must move to lie in the window; 0 for none. */
  private long shift(long instant, long[] window, long slackNanos) {
    if (instant <= 0 || window == null) {
      return 0;
    }
    long from = window[0] - runStartNanos - slackNanos;
    long to = window[1] - runStartNanos + slackNanos;
    return instant < from ? from - instant : instant > to ? to - instant : 0;
  }

  private static SenderStats moved(SenderStats s, long shift) {
    return new SenderStats(
        s.senderId(),
        s.sent(),
        s.batches(),
        moved(s.lastAckNanos(), shift),
        s.cpuNanos(),
        s.sentBytes(),
        s.minMessageBytes(),
        s.maxMessageBytes(),
        s.cpuWaitNanos());
  }

  private static ReceiverStats moved(ReceiverStats r, long firstShift, long lastShift) {
    return new ReceiverStats(
        r.received(),
        r.foreign(),
        moved(r.firstReceiveNanos(), firstShift),
        moved(r.lastReceiveNanos(), lastShift),
        r.cpuNanos(),
        r.queue(),
        r.subscription(),
        r.cpuWaitNanos(),
        r.receiveOnlyDuplicates());
  }

  /** An instant moved by a shift; 0 (none) stays 0, and nothing moves before the run's start. */
  private static long moved(long instant, long shift) {
    return instant <= 0 ? instant : Math.max(1, instant + shift);
  }

  /** One count as the polls saw it. */
  private static final class Count {
    long seen;
    long lastPollFrom;
    long[] changed;
    long[] first;

    void polled(long from, long to, long count) {
      if (count > seen) {
        // It changed after the previous poll was sent and before this one's answer arrived.
        changed = new long[] {lastPollFrom, to};
        if (seen == 0) {
          first = changed;
        }
        seen = count;
      }
      lastPollFrom = from;
    }

    /** Where the count reached its final value; null if it never moved. */
    long[] lastWindow(long finalCount, long doneNanos) {
      if (finalCount == 0) {
        return null;
      }
      return finalCount > seen ? new long[] {lastPollFrom, doneNanos} : changed;
    }

    /** Where the count first moved from 0; null if it never did. */
    long[] firstWindow(long finalCount, long doneNanos) {
      if (finalCount == 0) {
        return null;
      }
      return seen == 0 ? new long[] {lastPollFrom, doneNanos} : first;
    }
  }
}
