package io.mqbench.results;

import io.mqbench.engine.Pacing;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import java.util.List;

/**
 * The rules that give a run its {@link RunStatus}: from what happened to it (an interrupt, a
 * failure, loss) and from its numbers (a missed target, a harness or host that set the pace,
 * receivers that trailed, a fault the run never recovered from). {@link RunResults} applies them to
 * a new run, and {@code mqbench drain} to a run settled later.
 */
public final class RunVerdicts {
  /**
   * Receivers are behind when, with senders and receivers running together, they received less than
   * this share of what was sent per second.
   */
  public static final double RECEIVERS_BEHIND_SHARE = 0.95;

  /**
   * Receivers are behind only if they went on receiving after the last send for longer than this
   * and a tenth of the sending time: a short run's last batch in flight is not a verdict.
   */
  public static final double RECEIVERS_BEHIND_TAIL_SECONDS = 1.0;

  private RunVerdicts() {}

  /**
   * The worst status that applies ({@link RunStatus}'s order): an interrupt; loss, only where
   * proven; acknowledged messages in doubt after a failure; the failure; else the verdict on the
   * numbers. A run without failure or interrupt whose messages are unsettled (a send-only run's
   * backlog) gets the verdict on its numbers: its backlog was asked for.
   */
  static RunStatus status(RunOutcome outcome, Totals totals, RunStatus verdict) {
    RunStatus status =
        status(
            outcome.interrupted(),
            outcome.failure().isPresent(),
            totals.lost(),
            totals.unsettled(),
            verdict);
    // Receivers ran, yet acknowledged messages are neither received nor proven lost: an outage
    // whose leases the settle drain could not outwait. Unlike a send-only run's backlog, not asked.
    boolean received = outcome.measurements().receivers().size() > 0;
    if (status == verdict && received && totals.unsettled() > 0) {
      return RunStatus.UNSETTLED.worst(verdict);
    }
    return status;
  }

  /**
   * The same rule from its parts, also for a run settled later ({@code mqbench drain}).
   *
   * @param interrupted whether the run was stopped early
   * @param failed whether the backend failed
   * @param lost acknowledged messages proven lost
   * @param unsettled acknowledged messages neither received nor proven lost
   * @param verdict the verdict on the run's numbers
   * @return the run's status
   */
  public static RunStatus status(
      boolean interrupted, boolean failed, long lost, long unsettled, RunStatus verdict) {
    if (interrupted) {
      return RunStatus.INTERRUPTED;
    }
    if (lost > 0) {
      return RunStatus.LOST_MESSAGES;
    }
    if (failed) {
      return unsettled > 0 ? RunStatus.UNSETTLED : RunStatus.FAILED;
    }
    return verdict;
  }

  /**
   * {@link RunStatus#HOST_LIMITED} when the host set the pace, in every mode; else {@link
   * RunStatus#OK}.
   */
  static RunStatus hostVerdict(HarnessUse harness) {
    return harness != null && harness.hostLimited() ? RunStatus.HOST_LIMITED : RunStatus.OK;
  }

  /**
   * {@link RunStatus#NOT_RECOVERED} when a fault's run never recovered; else {@link RunStatus#OK}.
   */
  static RunStatus recoveryVerdict(List<FaultResult> faults) {
    return faults.stream().anyMatch(FaultResult::notRecovered)
        ? RunStatus.NOT_RECOVERED
        : RunStatus.OK;
  }

  static RunStatus verdict(RunSettings run, Totals totals, RateAchieved rate, Pacing pacing) {
    return verdict(run, totals, rate, pacing, null);
  }

  /**
   * The verdict of a run that completed without failure, interruption or loss: a missed target
   * first (a rate run below {@value RateAchieved#TARGET_SHARE} of its target never passes, whoever
   * stalled), then a harness that could not keep the schedule, then receivers that trailed the
   * senders; a catch-up run whose receivers did not catch up before the end of sending is {@link
   * RunStatus#RECEIVERS_BEHIND}, ranked ahead of a harness that stalled (which exits 0).
   */
  static RunStatus verdict(
      RunSettings run, Totals totals, RateAchieved rate, Pacing pacing, CatchUpResult catchUp) {
    if (rate != null && !rate.targetMet()) {
      return RunStatus.TARGET_NOT_MET;
    }
    if (catchUp != null && !catchUp.caughtUp()) {
      // Worse than a harness that stalled (which exits 0): the backlog was still there at the end.
      return RunStatus.RECEIVERS_BEHIND;
    }
    if (rate != null && rate.harnessLimited()) {
      return RunStatus.HARNESS_LIMITED;
    }
    boolean together = run.phases() == Phases.TOGETHER;
    // Senders held back by the backlog limit kept the backlog bounded: receivers that set the
    // pace are then the limit (which the result's Limit names), not behind; that the last of the
    // allowed backlog arrives after the last send is the limit working.
    boolean bounded = pacing.applied() && pacing.holds() > 0;
    if (together
        && !bounded
        && run.senders() > 0
        && run.receivers() > 0
        // each subscription receives every message: its share of the deliveries is what to compare
        && totals.receivedPerSecond() / run.subscriptions()
            < RECEIVERS_BEHIND_SHARE * totals.sentPerSecond()
        && totals.receiveSeconds() - totals.sendSeconds()
            > Math.max(RECEIVERS_BEHIND_TAIL_SECONDS, totals.sendSeconds() / 10)) {
      return RunStatus.RECEIVERS_BEHIND;
    }
    return RunStatus.OK;
  }
}
