package io.mqbench.engine.run;

import io.mqbench.engine.RunOutcomeBuilder;

/**
 * Records the times without an acknowledged send while senders ran and were not held back, from the
 * first acknowledgement on.
 */
final class SendGaps implements RunWatcher {
  private final GapTracker sends = new GapTracker(true);

  @Override
  public void poll(RunState run) {
    if (run.sendersRunning() == 0) {
      return;
    }
    if (run.sendersHeld()) {
      sends.pause();
    } else {
      sends.observe(run.sinceStart(), run.sent());
    }
  }

  /**
   * The gaps up to the end of sending; one open then counts only for a run that neither failed nor
   * was stopped (its senders waited for acknowledgements to the end).
   */
  @Override
  public void contribute(RunEnd end, RunOutcomeBuilder outcome) {
    long until = end.sendingEndNanos() > 0 ? end.sendingEndNanos() : end.endNanos();
    outcome.sendGaps(sends.gaps(until, !end.interrupted() && !end.failed()));
  }
}
