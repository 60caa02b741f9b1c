package io.mqbench.engine.run;

import io.mqbench.engine.RunOutcomeBuilder;

/**
 * A feature of a run that watches it while it goes on: pacing, phases, catch-up, faults, gaps and
 * how receiving ends are each one. The {@link Coordinator} knows none of them by name: it starts
 * the cells, polls them every few milliseconds, and asks each watcher in its list, in order, what
 * to do at each poll; a watcher acts through the {@link RunState} (start receivers, hold senders,
 * end the run) and, at the end, adds its part to the outcome.
 *
 * <p>A watcher runs on the coordinator's thread only, except where it starts a thread of its own.
 */
public interface RunWatcher {

  /**
   * Once, after every cell started its senders, and its receivers where they start at once.
   *
   * @param run the run, at its start
   */
  default void started(RunState run) {}

  /**
   * At every poll, after the tick; once a watcher {@linkplain RunState#end ended} the run, the
   * watchers after it are not asked.
   *
   * @param run the run, with this poll's counts
   */
  void poll(RunState run);

  /**
   * Once, when the watch is over (ended, failed or interrupted by an exception), before the cells
   * stop: a watcher with a thread of its own stops it here.
   *
   * @throws InterruptedException if interrupted while waiting for its thread
   */
  default void stopped() throws InterruptedException {}

  /**
   * Adds this feature's part to the run's outcome.
   *
   * @param end how the run ended, with its final report
   * @param outcome the outcome being assembled
   */
  default void contribute(RunEnd end, RunOutcomeBuilder outcome) {}
}
