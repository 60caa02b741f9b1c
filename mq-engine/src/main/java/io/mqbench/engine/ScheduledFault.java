package io.mqbench.engine;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A fault to inject while a run goes on (issue 24: faults at full load): what, on what, when from
 * the run's start, for how long, and the action that does it. The {@link
 * io.mqbench.engine.run.Coordinator} runs the run's faults one after the other on a thread of its
 * own, each at its instant, and records what happened around each one.
 *
 * @param kind what the fault is, as users name it ({@code restart-broker}, {@code pause-broker})
 * @param target what it hits, for results ({@code kafka node 2 (the partitions' leader)})
 * @param at when it starts, from the run's start (the instant senders are released)
 * @param length how long it lasts, for a fault that is undone after a while (a pause, a partition);
 *     empty for one that is over once its action returns (a kill, a kill and restart)
 * @param action what injects it
 */
public record ScheduledFault(
    String kind, String target, Duration at, Optional<Duration> length, Action action) {

  /** Validates. */
  public ScheduledFault {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(action, "action");
    length = length == null ? Optional.empty() : length;
    if (at.isNegative()) {
      throw new IllegalArgumentException("a fault cannot start before the run");
    }
  }

  /** What injects a fault. */
  @FunctionalInterface
  public interface Action {
    /**
     * Injects the fault and, for one with a length, keeps it for that long and undoes it (resumes
     * the paused process, restores the network); returns when the fault is over. Runs on the
     * coordinator's fault thread, while the run goes on.
     *
     * @param length how long the fault lasts; empty for a fault that is over once done
     * @return what happened, in a few words for results ({@code restarted, serving again after 4.1
     *     s})
     * @throws Exception if the fault could not be injected or undone: the run goes on, and the
     *     fault is recorded with the error
     */
    String inject(Optional<Duration> length) throws Exception;
  }
}
