package io.mqbench.runner.session;

import io.mqbench.config.Durations;
import io.mqbench.engine.RunSettings;
import java.time.Duration;

/**
 * How long a settle drain may take and how long the queue must stay silent before what is still
 * missing counts as lost. A silence proves loss only past the backend's lease (a receiver that lost
 * its connection may hold messages until it ends) and the run's own idle time; after an outage the
 * run rode through, the broker may also still be starting (a node restart takes tens of seconds),
 * so the drain waits for it within {@link #RESTART_ALLOWANCE}.
 *
 * @param idle the silence after which what is missing is proven lost
 * @param bound the most the drain may take, connecting included
 * @param why the idle time in words
 */
record SettleBound(Duration idle, Duration bound, String why) {
  /** After an outage, how long the drain may wait for a broker that is still coming back. */
  static final Duration RESTART_ALLOWANCE = Duration.ofSeconds(60);

  /**
   * @param lease the backend's lease after a connection loss
   * @param run the run's settings
   * @param failed whether the run failed (rather than rode through an outage)
   * @return the bound
   */
  static SettleBound of(Duration lease, RunSettings run, boolean failed) {
    Duration idle = run.receiverIdle().plus(lease);
    Duration bound =
        failed
            ? max(Settlement.AFTER_RUN, idle.plus(Settlement.AFTER_RUN))
            : idle.plus(RESTART_ALLOWANCE);
    String why =
        lease.isZero()
            ? "the receivers' idle time"
            : "the receivers' idle time and the backend's lease of " + Durations.format(lease);
    return new SettleBound(idle, bound, why);
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
