package io.mqbench.engine.run;

import io.mqbench.engine.CatchUp;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import java.util.Optional;

/**
 * Backlog-then-catch-up: senders build a backlog for the run's {@link RunSettings#backlog()}, then
 * receivers start; the catch-up's instants are taken when they start, when the backlog is gone,
 * when what was sent by then has arrived, and at the end of sending, each with every cell's
 * cumulative report, whose differences are the {@link CatchUp}'s windows.
 */
final class CatchUpPhase implements RunWatcher {
  private final RunSettings settings;
  private final long backlogNanos;
  private Instants instants;

  CatchUpPhase(RunSettings settings) {
    this.settings = settings;
    this.backlogNanos = settings.backlog().orElseThrow().toNanos();
  }

  @Override
  public void poll(RunState run) {
    if (instants != null) {
      // Each subscription receives every message: the backlog is one subscription's.
      instants.observe(run, run.received() / settings.subscriptions());
    } else if (!run.receiversStarted()
        && !run.interrupted()
        && run.sendersRunning() > 0
        && run.sinceStart() >= backlogNanos) {
      // The backlog's end: a report of what the senders did alone, then the receivers go.
      instants = new Instants(run.sinceStart(), run.checkpoint());
      run.startReceivers();
    }
  }

  @Override
  public void contribute(RunEnd end, RunOutcomeBuilder outcome) {
    if (instants != null) {
      outcome.catchUp(Optional.of(instants.result(end.last(), end.endNanos())));
    }
  }

  /** A catch-up's instants and the cumulative reports taken at them. */
  private final class Instants {
    final long receiversStart;
    final CellMeasurements atReceiversStart;
    final long backlogAtStart;
    long caughtUp;
    CellMeasurements atCaughtUp;
    long sentAtCaughtUp;
    long settled;
    CellMeasurements atSettled;
    long sendingEnd;
    CellMeasurements atSendingEnd;
    long backlogAtEnd;

    Instants(long receiversStart, CellMeasurements atReceiversStart) {
      this.receiversStart = receiversStart;
      this.atReceiversStart = atReceiversStart;
      this.backlogAtStart =
          Math.max(0, CatchUp.Window.sent(atReceiversStart) - atReceiversStart.received());
    }

    /**
     * At every poll once receivers started: the backlog is gone at the first poll before the end of
     * sending where it is at most the threshold, and settled once what was sent by then has been
     * received; sending ends with its scheduled duration, or earlier once every sender finished.
     */
    void observe(RunState run, long received) {
      if (sendingEnd > 0) {
        return;
      }
      long sinceStart = run.sinceStart();
      long sent = run.sent();
      if (caughtUp == 0 && sent - received <= settings.caughtUpMessages()) {
        caughtUp = sinceStart;
        sentAtCaughtUp = sent;
        atCaughtUp = run.checkpoint();
      }
      if (caughtUp > 0 && settled == 0 && received >= sentAtCaughtUp) {
        settled = sinceStart;
        atSettled = settled == caughtUp ? atCaughtUp : run.checkpoint();
      }
      long scheduled = settings.duration().orElseThrow().toNanos();
      if (sinceStart >= scheduled || run.sendersRunning() == 0) {
        sendingEnd = sinceStart;
        atSendingEnd = run.checkpoint();
        backlogAtEnd =
            Math.max(
                0,
                CatchUp.Window.sent(atSendingEnd)
                    - atSendingEnd.received() / settings.subscriptions());
      }
    }

    /**
     * @param last the run's final report, for a run that ended before its sending did (a failure or
     *     stop)
     * @param endNanos the run's end, from its start
     */
    CatchUp result(CellMeasurements last, long endNanos) {
      long end = sendingEnd > 0 ? sendingEnd : endNanos;
      CellMeasurements atEnd = sendingEnd > 0 ? atSendingEnd : last;
      long left =
          sendingEnd > 0
              ? backlogAtEnd
              : Math.max(0, CatchUp.Window.sent(last) - last.received() / settings.subscriptions());
      CatchUp.Window backlog =
          CatchUp.Window.between(0, receiversStart, CellMeasurements.empty(), atReceiversStart);
      if (caughtUp == 0) {
        return new CatchUp(
            receiversStart,
            settings.caughtUpMessages(),
            backlogAtStart,
            Optional.empty(),
            Optional.empty(),
            end,
            left,
            backlog,
            CatchUp.Window.between(receiversStart, end, atReceiversStart, atEnd),
            Optional.empty());
      }
      return new CatchUp(
          receiversStart,
          settings.caughtUpMessages(),
          backlogAtStart,
          Optional.of(caughtUp),
          settled > 0 ? Optional.of(settled) : Optional.empty(),
          end,
          left,
          backlog,
          CatchUp.Window.between(receiversStart, caughtUp, atReceiversStart, atCaughtUp),
          settled > 0 && end > settled
              ? Optional.of(CatchUp.Window.between(settled, end, atSettled, atEnd))
              : Optional.empty());
    }
  }
}
