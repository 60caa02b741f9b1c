package io.mqbench.results;

import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.DeliveryLedger;

/**
 * Where a run's acknowledged messages stand: received, proven lost, or unsettled. Loss is only
 * where proven: an acknowledged message that did not arrive is lost only if the queue was drained
 * ({@code drained}); otherwise (a failure, an interrupt, a send-only run) it is unsettled, since it
 * may well still be in the queue.
 *
 * @param bitmaps which messages were acknowledged and which received, a settle drain's included
 * @param received deliveries of the run's messages, duplicates and a settle drain's included
 * @param drained true if the queue was drained: receivers ran to their end without failure or
 *     interrupt, or a settle drain ended with the queue idle
 * @param settled acknowledged messages a settle drain found after a failure or interrupt
 */
public record Accounting(DeliveryBitmaps bitmaps, long received, boolean drained, long settled) {

  /**
   * @param outcome a run's outcome
   * @param run its settings
   * @return the run's own accounting, before any settle drain: drained only if receivers ran to
   *     their end without failure, interrupt or outage ({@link Outage#during}): after an outage the
   *     receivers' idle end proves nothing while the backend may still hold messages under a lease,
   *     or is not serving yet
   */
  public static Accounting of(RunOutcome outcome, RunSettings run) {
    boolean drained =
        run.receivers() > 0
            && outcome.failure().isEmpty()
            && !outcome.interrupted()
            && !Outage.during(outcome, run);
    return new Accounting(
        outcome.measurements().delivery(), outcome.ledger().received(), drained, 0);
  }

  /**
   * @return the ledger of these bitmaps: its {@code lost} is every acknowledged message not
   *     received, proven or not
   */
  public DeliveryLedger ledger() {
    return DeliveryLedger.of(bitmaps, received);
  }

  /**
   * @return acknowledged messages that never arrived although the queue was drained
   */
  public long lost() {
    return drained ? ledger().lost() : 0;
  }

  /**
   * @return acknowledged messages neither received nor proven lost
   */
  public long unsettled() {
    return drained ? 0 : ledger().lost();
  }
}
