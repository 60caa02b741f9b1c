package io.mqbench.engine;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryBitmaps;
import java.time.Duration;

/**
 * A group of senders and receivers of one run, in this process or another: the only thing the
 * {@link io.mqbench.engine.run.Coordinator} sees.
 *
 * <p>Life of a cell: {@link #prepare} (open the backend, connect every sender and receiver, within
 * the connect timeout), {@link #startSenders} and {@link #startReceivers} at an instant (together,
 * or receivers later to drain a backlog), {@link #poll} for counts, {@link #stopSenders} and {@link
 * #stopReceivers}, then {@link #finish} for the final {@link CellMeasurements}, and {@link #close}.
 *
 * <p>Instants are {@link System#nanoTime()} readings of the coordinator's process; a cell in
 * another process translates them with its measured clock offset. Everything a cell returns is a
 * value (records, encoded histograms, serialized bitmaps), never a live object, so that reports of
 * many cells merge exactly: counts add, histograms add, delivery bitmaps OR.
 *
 * <p>Methods are called by the coordinator's thread; {@link #stopSenders()} may also come from a
 * signal handler's thread.
 */
public interface Cell extends AutoCloseable {

  /**
   * Opens the backend and creates this cell's senders and receivers, each on its own thread,
   * waiting for a start.
   *
   * @param spec what to prepare
   * @return the backend's address and versions
   * @throws io.mqbench.mq.MqException if the backend cannot be opened or the senders and receivers
   *     cannot be created within the spec's connect timeout; the message says why in one line
   * @throws InterruptedException if interrupted while preparing
   */
  CellReady prepare(CellSpec spec) throws InterruptedException;

  /**
   * Releases the senders at {@code atNanos}; each stops after its messages or the run's duration,
   * or on {@link #stopSenders()}.
   *
   * @param atNanos the run's start, a {@code nanoTime} reading of the coordinator
   */
  void startSenders(long atNanos);

  /**
   * Releases the receivers at {@code atNanos}; they receive until {@link #stopReceivers()}.
   *
   * @param atNanos when receiving starts, a {@code nanoTime} reading of the coordinator
   */
  void startReceivers(long atNanos);

  /**
   * Moves the origin of the run clock: the run's start (the instant given to {@link
   * #startSenders}), translated again because this cell's clock was measured anew and had moved
   * against the coordinator's. From then on senders stamp envelopes, and receivers read them,
   * against the new origin; the send schedule stays as it was, and what was recorded stays. A cell
   * in the coordinator's process shares its clock and is never asked. Safe from any thread.
   *
   * @param atNanos the run's start, a {@code nanoTime} reading of the coordinator
   */
  void moveRunOrigin(long atNanos);

  /**
   * @return the counts now; cheap, called many times a second
   */
  CellProgress poll();

  /**
   * What the cell measured so far, as a report: each sender's and receiver's part is of one instant
   * (its counts, histograms and bitmaps agree). Copies and encodes everything it measured: not for
   * every poll.
   *
   * @return the report so far; after {@link #finish}, the final one
   */
  CellMeasurements checkpoint();

  /**
   * The counts for the run's timeline, once per whole second of the run. By default the {@link
   * #poll()}; a cell in another process takes a {@link #checkpoint()} there, keeps it, and counts
   * from it: should that process die, its report is the last checkpoint, marked partial, and the
   * timeline never counted more than that report holds.
   *
   * @return the counts now
   */
  default CellProgress tick() {
    return poll();
  }

  /**
   * What was acknowledged to senders and delivered to receivers so far; the coordinator merges
   * these of every cell to see whether everything arrived.
   *
   * @return a snapshot of the delivery bitmaps
   */
  DeliveryBitmaps delivery();

  /**
   * Holds senders back or lets them go on: while held, senders issue no new batch (what they have
   * in flight completes and is counted). The coordinator holds them while the run's backlog is
   * above its limit ({@link RunSettings#maxBacklog()}). Safe from any thread; idempotent.
   *
   * @param hold true to hold, false to release
   */
  void holdSenders(boolean hold);

  /**
   * Senders issue no further batch; each completes what it has in flight, then finishes. Safe from
   * any thread; idempotent.
   */
  void stopSenders();

  /** Receivers stop after their current receive. Idempotent. */
  void stopReceivers();

  /**
   * Waits for every thread of the cell to end (those still stuck in a backend call after {@code
   * timeout} are interrupted) and reports.
   *
   * @param timeout how long to wait for threads before interrupting them
   * @return the cell's final report
   * @throws InterruptedException if interrupted while waiting
   */
  CellMeasurements finish(Duration timeout) throws InterruptedException;

  /** Closes senders, receivers and the backend. Idempotent. */
  @Override
  void close();
}
