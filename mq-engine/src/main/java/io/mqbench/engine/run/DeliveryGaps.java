package io.mqbench.engine.run;

import io.mqbench.engine.RunOutcomeBuilder;

/**
 * Records the times without a delivery while receivers ran, the wait for the first one included:
 * the outages a run's results show.
 */
final class DeliveryGaps implements RunWatcher {
  private final GapTracker deliveries = new GapTracker(false);

  @Override
  public void started(RunState run) {
    if (run.receiversStarted()) {
      deliveries.observe(0, 0);
    }
  }

  @Override
  public void poll(RunState run) {
    if (run.receiversStarted() && !run.receiversStartedNow() && run.settings().receivers() > 0) {
      deliveries.observe(run.sinceStart(), run.received());
    }
  }

  /**
   * The gaps, the one open at the end included when it began while senders still sent (a broker
   * that never came back), not when receivers merely waited out their idle time.
   */
  @Override
  public void contribute(RunEnd end, RunOutcomeBuilder outcome) {
    long open = deliveries.openSince();
    long sending = end.sendingEndNanos();
    outcome.deliveryGaps(
        deliveries.gaps(end.endNanos(), open >= 0 && (sending == 0 || open < sending)));
  }
}
