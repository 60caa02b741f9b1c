package io.mqbench.results;

import io.mqbench.engine.measure.DeliveryLedger;

/**
 * The delivery figures of one part of a run: one of its queues ({@code --queues}) or one of its
 * subscriptions ({@code --subscriptions}). Rates are over the run's send and receive times, as in
 * {@link Totals}.
 *
 * @param index the queue or subscription, from 0 (queue {@code i} is the configured name with
 *     {@code -i} appended)
 * @param sent messages acknowledged to the senders of that queue; for a subscription, every message
 *     of the run
 * @param received deliveries to its receivers, duplicates included
 * @param distinct distinct messages its receivers got
 * @param lost acknowledged messages its receivers never got
 * @param duplicates deliveries beyond the first of a message
 * @param sentPerSecond {@code sent} over the run's send time
 * @param receivedPerSecond {@code received} over the run's receive time
 */
public record PartTotals(
    int index,
    long sent,
    long received,
    long distinct,
    long lost,
    long duplicates,
    double sentPerSecond,
    double receivedPerSecond) {

  /**
   * @param index the queue or subscription
   * @param ledger its accounting
   * @param sendSeconds the run's send time
   * @param receiveSeconds the run's receive time
   * @return its figures
   */
  static PartTotals of(
      int index, DeliveryLedger ledger, double sendSeconds, double receiveSeconds) {
    return new PartTotals(
        index,
        ledger.sent(),
        ledger.received(),
        ledger.distinct(),
        ledger.lost(),
        ledger.duplicates(),
        sendSeconds > 0 ? ledger.sent() / sendSeconds : 0,
        receiveSeconds > 0 ? ledger.received() / receiveSeconds : 0);
  }
}
