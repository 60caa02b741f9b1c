package io.mqbench.engine.run;

import io.mqbench.engine.CellProgress;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import java.util.Optional;

/**
 * A run as its {@link RunWatcher}s see it at a poll: its settings, its counts, what it has done so
 * far, and what a watcher may do to it. Instants from {@code nanoTime} are named {@code ...Nanos};
 * those from the run's start are named {@code sinceStart} or {@code ...SinceStart}.
 */
public final class RunState {
  private final RunSettings settings;
  private final RunCells cells;
  private final StopRequest stop;
  private final long startNanos;
  private long nowNanos;
  private CellProgress progress = new CellProgress(0, 0, 0, Optional.empty());
  private long sendingEndSinceStart;
  private boolean sendingEndedNow;
  private long receiversStartNanos = -1;
  private boolean receiversStartedNow;
  private boolean sendersHeld;
  private boolean ended;
  private boolean endedIdle;

  RunState(
      RunSettings settings, RunCells cells, StopRequest stop, long startNanos, boolean receiving) {
    this.settings = settings;
    this.cells = cells;
    this.stop = stop;
    this.startNanos = startNanos;
    this.nowNanos = startNanos;
    if (receiving) {
      receiversStartNanos = startNanos;
    }
  }

  /** At a poll: this poll's instant and counts; the end of sending once no sender runs. */
  void polled(long now, CellProgress counts) {
    nowNanos = now;
    progress = counts;
    sendingEndedNow = false;
    receiversStartedNow = false;
    if (counts.failure().isEmpty() && counts.sendersRunning() == 0 && sendingEndSinceStart == 0) {
      sendingEndSinceStart = now - startNanos;
      sendingEndedNow = true;
    }
  }

  /**
   * @return the run's settings
   */
  public RunSettings settings() {
    return settings;
  }

  /**
   * @return the run's start ({@code nanoTime})
   */
  public long startNanos() {
    return startNanos;
  }

  /**
   * @return this poll's instant ({@code nanoTime})
   */
  public long nowNanos() {
    return nowNanos;
  }

  /**
   * @return this poll's instant, from the run's start
   */
  public long sinceStart() {
    return nowNanos - startNanos;
  }

  /**
   * @return messages acknowledged to senders so far, every cell's
   */
  public long sent() {
    return progress.sent();
  }

  /**
   * @return messages received so far, every subscription's copies counted
   */
  public long received() {
    return progress.received();
  }

  /**
   * @return senders still sending
   */
  public int sendersRunning() {
    return progress.sendersRunning();
  }

  /**
   * @return when the last sender finished, from the run's start; 0 while any sends
   */
  public long sendingEndSinceStart() {
    return sendingEndSinceStart;
  }

  /**
   * @return whether the last sender finished at this poll
   */
  public boolean sendingEndedNow() {
    return sendingEndedNow;
  }

  /**
   * @return whether the receivers have started
   */
  public boolean receiversStarted() {
    return receiversStartNanos >= 0;
  }

  /**
   * @return whether a watcher started the receivers at this poll
   */
  public boolean receiversStartedNow() {
    return receiversStartedNow;
  }

  /**
   * @return when the receivers started ({@code nanoTime}); -1 before
   */
  public long receiversStartNanos() {
    return receiversStartNanos;
  }

  /**
   * @return whether the senders are held back now
   */
  public boolean sendersHeld() {
    return sendersHeld;
  }

  /**
   * @return whether a stop was requested (Ctrl-C)
   */
  public boolean interrupted() {
    return stop.requested();
  }

  /**
   * @return when the stop was requested ({@code nanoTime}); meaningful once interrupted
   */
  public long interruptedAtNanos() {
    return stop.atNanos();
  }

  /** Starts every cell's receivers now: a phase that keeps them back until later. */
  public void startReceivers() {
    receiversStartNanos = nowNanos;
    receiversStartedNow = true;
    cells.startReceivers(nowNanos);
  }

  /**
   * Holds every cell's senders back, or lets them go on.
   *
   * @param hold true to hold them
   */
  public void holdSenders(boolean hold) {
    sendersHeld = hold;
    cells.holdSenders(hold);
  }

  /** Stops every cell's senders: they complete what they have in flight. */
  public void stopSenders() {
    cells.stopSenders();
  }

  /**
   * @return every cell's report so far, merged: cumulative counts and histograms of one instant
   */
  public CellMeasurements checkpoint() {
    return cells.checkpoint();
  }

  /**
   * The exact test, with the merged delivery bitmaps: costly, so ask it only when the counts say
   * that everything may be in.
   *
   * @return whether every message acknowledged to senders has arrived at every subscription
   */
  public boolean allArrived() {
    return cells.delivery().lost() == 0;
  }

  /**
   * Ends the watch at this poll.
   *
   * @param idle true if receivers stopped because nothing more arrived, rather than because
   *     everything sent had arrived or the run was stopped
   */
  public void end(boolean idle) {
    ended = true;
    endedIdle = idle;
  }

  boolean ended() {
    return ended;
  }

  boolean endedIdle() {
    return endedIdle;
  }

  /** When receivers started after the run did, from its start; 0 if they started with it. */
  long receiversLateStartSinceStart() {
    return receiversStartNanos > startNanos ? receiversStartNanos - startNanos : 0;
  }
}
