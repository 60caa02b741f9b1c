package io.mqbench.engine.run;

import io.mqbench.engine.Pacing;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.RunSettings;

/**
 * Flow control and what it cost: while the backlog, acknowledged minus received, is above the run's
 * {@link io.mqbench.engine.BacklogLimit}, every cell's senders are held back (paced runs only); and
 * for every run, when the first delivery came and what was received while senders sent.
 */
final class SenderPacing implements RunWatcher {
  private final BacklogGate gate;
  private final boolean drain;
  private final int subscriptions;
  private long firstDeliverySinceStart;
  private long receivedWhileSending;

  SenderPacing(RunSettings settings) {
    this.gate = settings.paced() ? new BacklogGate(settings.maxBacklog()) : null;
    this.drain = settings.phases() == Phases.SEND_THEN_DRAIN;
    this.subscriptions = settings.subscriptions();
  }

  @Override
  public void poll(RunState run) {
    if (run.sendersRunning() > 0) {
      if (firstDeliverySinceStart == 0 && run.received() > 0) {
        firstDeliverySinceStart = run.sinceStart();
      }
      if (gate != null) {
        // The backlog is what one subscription has yet to receive: each receives every message.
        switch (gate.update(run.nowNanos(), run.sent(), run.received() / subscriptions)) {
          case HOLD -> run.holdSenders(true);
          case RELEASE -> run.holdSenders(false);
          case NONE -> {}
        }
      }
    } else if (run.sendingEndedNow()) {
      receivedWhileSending = drain ? 0 : run.received();
      if (gate != null && gate.end(run.nowNanos())) {
        run.holdSenders(false);
      }
    }
  }

  @Override
  public void contribute(RunEnd end, RunOutcomeBuilder outcome) {
    long sending = end.sendingEndNanos();
    outcome.pacing(
        gate == null
            ? new Pacing(false, 0, 0, 0, firstDeliverySinceStart, receivedWhileSending, sending)
            : new Pacing(
                true,
                gate.heldNanos(),
                gate.holds(),
                gate.largestBound(),
                firstDeliverySinceStart,
                receivedWhileSending,
                sending));
  }
}
