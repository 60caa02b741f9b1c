package io.mqbench.engine;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.measure.SenderStats;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * What a {@link Phases#BACKLOG_THEN_CATCH_UP} run measured about catching up. Its instants are
 * nanoseconds from the run's start, read at the coordinator's polls (every 20 ms), so each is exact
 * to a poll.
 *
 * <p>The run has three windows, each measured by the difference of two cumulative reports (the
 * cells' {@link Cell#checkpoint() checkpoints}) taken at its ends: <b>backlog</b>, from the start
 * until receivers start (senders alone); <b>catch-up</b>, from the receivers' start until the
 * backlog is gone, or until the end of sending if it never was; <b>after</b>, from the instant the
 * backlog had settled to the end of sending: the same rate with no backlog, the baseline the
 * catch-up window compares with. Settled is the first poll after catching up at which as many
 * messages had been received as had been sent when the run caught up: the up to one second of
 * backlog left then has been received too, so that its wait does not count against the baseline.
 * Between catching up and settling (a fraction of a second when receivers are much faster than the
 * rate) the run is in neither window. A latency is in the window in which it was recorded: a
 * batch's response time when its acknowledgement came, a message's end-to-end latency when it was
 * received.
 *
 * @param receiversStartNanos when receivers started: the end of the backlog window
 * @param caughtUpMessages the threshold: the backlog, in messages, at or under which the run has
 *     caught up ({@link RunSettings#caughtUpMessages()})
 * @param backlogAtStart the backlog when receivers started: messages acknowledged to senders by
 *     then (nothing was received)
 * @param caughtUpNanos the first poll, after receivers started and before the end of sending, at
 *     which acknowledged minus received messages (duplicates counting as received) was at most
 *     {@code caughtUpMessages}; empty if there was none: the run did not catch up
 * @param settledNanos the first poll after {@code caughtUpNanos}, before the end of sending, at
 *     which messages received reached the messages acknowledged at {@code caughtUpNanos}: the start
 *     of the after window; empty if there was none
 * @param sendingEndNanos the end of sending: the end of the scheduled duration, or when every
 *     sender had finished if that came first (a failure, a stop)
 * @param backlogAtEnd acknowledged minus received messages at the end of sending: what was left if
 *     the run did not catch up
 * @param backlog the backlog window
 * @param catchUp the catch-up window
 * @param after the window from settling to the end of sending; empty when the run did not catch up,
 *     or did not settle before the end of sending
 */
public record CatchUp(
    long receiversStartNanos,
    long caughtUpMessages,
    long backlogAtStart,
    Optional<Long> caughtUpNanos,
    Optional<Long> settledNanos,
    long sendingEndNanos,
    long backlogAtEnd,
    Window backlog,
    Window catchUp,
    Optional<Window> after) {

  /**
   * @return true if the backlog was gone before the end of sending
   */
  public boolean caughtUp() {
    return caughtUpNanos.isPresent();
  }

  /**
   * @return how long catching up took, from the receivers' start; empty if it did not
   */
  public Optional<Long> catchUpNanos() {
    return caughtUpNanos.map(t -> t - receiversStartNanos);
  }

  /**
   * What happened between two instants of the run.
   *
   * @param startNanos the window's start, from the run's start
   * @param endNanos its end
   * @param sent messages acknowledged to senders in it
   * @param received messages received in it, duplicates included
   * @param serviceMicros send service time of the batches acknowledged in it
   * @param responseMicros response time (from the intended send time) of the batches acknowledged
   *     in it
   * @param endToEndMicros end-to-end latency of the messages received in it
   */
  public record Window(
      long startNanos,
      long endNanos,
      long sent,
      long received,
      EncodedHistogram serviceMicros,
      EncodedHistogram responseMicros,
      EncodedHistogram endToEndMicros) {

    /**
     * @param startNanos the window's start
     * @param endNanos its end
     * @param before the cumulative report at its start
     * @param after the cumulative report at its end
     * @return what the reports' difference says happened in between
     */
    public static Window between(
        long startNanos, long endNanos, CellMeasurements before, CellMeasurements after) {
      return new Window(
          startNanos,
          endNanos,
          Math.max(0, sent(after) - sent(before)),
          Math.max(0, after.received() - before.received()),
          minus(after.serviceMicros(), before.serviceMicros()),
          minus(after.responseMicros(), before.responseMicros()),
          minus(after.endToEndMicros(), before.endToEndMicros()));
    }

    /**
     * @return the window's length in seconds
     */
    public double seconds() {
      return (endNanos - startNanos) / 1e9;
    }

    /**
     * @param m a cumulative report
     * @return the messages acknowledged to its senders
     */
    public static long sent(CellMeasurements m) {
      return m.senders().stream().mapToLong(SenderStats::sent).sum();
    }

    /**
     * The later cumulative histogram less the earlier one. A cell's report never loses values, so
     * the difference is exact; should a report be older than the one before it (a worker that died
     * and was reported from its last checkpoint), the later one alone is kept rather than fail.
     */
    private static EncodedHistogram minus(EncodedHistogram later, EncodedHistogram earlier) {
      Histogram h = later.decode();
      try {
        h.subtract(earlier.decode());
      } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
        return later;
      }
      return EncodedHistogram.of(h);
    }
  }
}
