package io.mqbench.runner.session;

import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.mq.MqProvider;
import io.mqbench.results.Accounting;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;

/**
 * After a failure or an outage, acknowledged messages that did not arrive may well still be in the
 * queue, or held under a lease by a receiver that lost its connection: drains it, within a {@link
 * SettleBound}, so that what is found counts as received, what is proven missing as lost (the queue
 * idle for the receivers' idle time past the backend's lease), and only the rest as unsettled.
 * After a stop (Ctrl-C) they stay unsettled: the stop must end promptly, and {@code mqbench drain}
 * settles them later.
 *
 * @param provider the backend
 * @param run the run's settings
 * @param onWorkers whether the run was on workers
 * @param err where the drain says what it does
 */
record SettleAfterRun(MqProvider provider, RunSettings run, boolean onWorkers, PrintStream err) {
  /**
   * @param effective the backend's configuration the run used
   * @param outcome how the run ended
   * @return the run's accounting, settled by a drain where one may settle it
   * @throws InterruptedException if interrupted while draining
   */
  Accounting settle(MqConfig effective, RunOutcome outcome) throws InterruptedException {
    Accounting own = Accounting.of(outcome, run);
    boolean failed = outcome.failure().isPresent();
    if (!cutShort(failed, outcome.interrupted()) || own.unsettled() == 0) {
      return own;
    }
    Optional<String> notDrained = whyNotDrained(failed, outcome.interrupted());
    if (notDrained.isPresent()) {
      err.printf(Locale.ROOT, notDrained.get(), own.unsettled());
      return own;
    }
    return drain(effective, outcome, own, failed);
  }

  /**
   * @param failed whether the run failed
   * @param interrupted whether it was stopped
   * @return whether the run may have left acknowledged messages behind: it failed, was stopped, or
   *     its receivers ended while messages were missing (an outage it rode through)
   */
  boolean cutShort(boolean failed, boolean interrupted) {
    boolean outage = !failed && !interrupted && run.receivers() > 0;
    return failed || interrupted || outage;
  }

  /**
   * @param failed whether the run, cut short, failed
   * @param interrupted whether it was stopped
   * @return empty when a drain from here settles what is missing; else why it stays unsettled, as a
   *     format of the count
   */
  Optional<String> whyNotDrained(boolean failed, boolean interrupted) {
    if (onWorkers) {
      // The queue is the workers' (an in-memory one lives in each worker's process): a drain from
      // here could prove nothing missing, and might read another backend instance entirely.
      return Optional.of(
          "mqbench: %,d acknowledged messages not received stay unsettled (the run was on"
              + " workers; `mqbench drain RESULTS_FOLDER` settles them where the queue is shared)%n");
    }
    if (run.queues() > 1 || run.subscriptions() > 1) {
      return Optional.of(
          "mqbench: %,d acknowledged messages not received stay unsettled: a run of several queues"
              + " or subscriptions is not drained afterwards%n");
    }
    if (interrupted && !failed) {
      // A stop must end within seconds; a drain is for failures and outages, and `drain` settles
      // a stopped run when asked.
      return Optional.of(
          "mqbench: %,d acknowledged messages not received before the stop stay unsettled;"
              + " `mqbench drain RESULTS_FOLDER` settles them%n");
    }
    return Optional.empty();
  }

  private Accounting drain(MqConfig effective, RunOutcome outcome, Accounting own, boolean failed)
      throws InterruptedException {
    SettleBound bound = SettleBound.of(provider.leaseAfterConnectionLoss(effective), run, failed);
    err.printf(
        Locale.ROOT,
        "mqbench: %,d acknowledged messages not received when the run %s; draining the queue for"
            + " up to %s to settle them (missing only once nothing arrived for %s: %s)%n",
        own.unsettled(),
        failed ? "failed" : "ended after an outage",
        Durations.format(bound.bound()),
        Durations.format(bound.idle()),
        bound.why());
    Settlement.Result settled =
        Settlement.drain(
            provider, effective, outcome.runId(), run.senders(), own, bound.idle(), bound.bound());
    Accounting after = settled.accounting();
    err.printf(
        Locale.ROOT,
        "mqbench: settle drain found %,d; %s%n",
        settled.found(),
        settled.completed()
            ? String.format(Locale.ROOT, "the queue is drained: %,d lost", after.lost())
            : String.format(
                Locale.ROOT,
                "%,d unsettled (%s); `mqbench drain RESULTS_FOLDER` tries again",
                after.unsettled(),
                settled.problem().orElse("not drained")));
    return after;
  }
}
