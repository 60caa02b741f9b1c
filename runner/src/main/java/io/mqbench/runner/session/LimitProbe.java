package io.mqbench.runner.session;

import io.mqbench.config.Durations;
import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.mq.MqException;
import io.mqbench.results.Limit;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * When the receiving side set the pace (senders held back by the backlog limit, or receivers that
 * trailed them), tells which part of it: a short unmeasured probe with twice the receivers, the
 * backlog limit on, its end-to-end rate against the run's, slice by slice. Receivers that were the
 * limit move more with more of them; a queue whose delivery path is the limit does not; a spread
 * across the threshold is inconclusive.
 *
 * @param run the measured run's settings
 * @param probeTime how long the probe runs; zero for no probe
 * @param onWorkers whether the run was on workers, where no probe runs
 * @param stopped whether the run was stopped, after which no probe runs
 * @param err where the probe is announced
 */
record LimitProbe(
    RunSettings run,
    Duration probeTime,
    boolean onWorkers,
    BooleanSupplier stopped,
    PrintStream err) {
  /** Runs the probe: unmeasured, with its own run id, on the broker the run measured. */
  @FunctionalInterface
  interface ProbeRun {
    RunOutcome run(RunSettings probe) throws InterruptedException;
  }

  /**
   * @param result the measured run's result
   * @param probeRun runs the probe, if one is needed
   * @return the limit, or null when the receiving side did not set the pace
   * @throws InterruptedException if interrupted while probing
   */
  Limit limit(RunResult result, ProbeRun probeRun) throws InterruptedException {
    boolean behind = result.status() == RunStatus.RECEIVERS_BEHIND;
    if (result.catchUp() != null) {
      return null; // its receivers are meant to be behind at first; catching up is its verdict
    }
    if (!(behind || result.status() == RunStatus.OK)
        || !Limit.receivingSideSetThePace(result.totals(), behind)) {
      return null;
    }
    double endToEnd = result.totals().endToEndPerSecond();
    Optional<String> unprobed = whyUnprobed();
    if (unprobed.isPresent()) {
      return Limit.unprobed(run.receivers(), endToEnd, unprobed.get());
    }
    return probe(result, behind, probeRun);
  }

  /**
   * @return why no probe runs, if none does
   */
  Optional<String> whyUnprobed() {
    if (probeTime.isZero()) {
      return Optional.of("--limit-probe 0s");
    }
    if (onWorkers) {
      // Receivers are placed per node by the layout; doubling them is a different placement.
      return Optional.of("not probed on workers");
    }
    if (stopped.getAsBoolean()) {
      return Optional.of("the run was stopped");
    }
    return Optional.empty();
  }

  private Limit probe(RunResult result, boolean behind, ProbeRun probeRun)
      throws InterruptedException {
    double endToEnd = result.totals().endToEndPerSecond();
    int probeReceivers = 2 * run.receivers();
    err.printf(
        Locale.ROOT,
        "mqbench: the receiving side set the pace (%s); probing for %s with %d receivers instead"
            + " of %d (not measured)%n",
        behind
            ? "the receivers trailed the senders"
            : String.format(
                Locale.ROOT,
                "senders held back %.0f %% of the time",
                100 * result.totals().sendersHeldShare()),
        Durations.format(probeTime),
        probeReceivers,
        run.receivers());
    RunSettings probe =
        run.withReceivers(probeReceivers).forDuration(probeTime).withMaxBacklog(BacklogLimit.AUTO);
    RunOutcome probed;
    try {
      probed = probeRun.run(probe);
    } catch (MqException e) {
      return Limit.unprobed(run.receivers(), endToEnd, "the probe failed: " + e.getMessage());
    }
    if (probed.failure().isPresent() || probed.interrupted()) {
      return Limit.unprobed(
          run.receivers(),
          endToEnd,
          probed.failure().map(f -> "the probe failed: " + f.line()).orElse("the probe stopped"));
    }
    return Limit.probed(
        new Limit.Measured(
            run.receivers(),
            endToEnd,
            Limit.slices(result.rates().timeline(), result.totals().sendSeconds())),
        new Limit.Measured(
            probeReceivers,
            probed.pacing().endToEndPerSecond(),
            Limit.slices(probed.timeline(), probed.pacing().sendingNanos() / 1e9)));
  }
}
