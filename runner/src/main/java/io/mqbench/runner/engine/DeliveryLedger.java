package io.mqbench.runner.engine;

import java.util.List;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Delivery accounting of a run, from the envelopes receivers saw and the sequence numbers senders
 * had acknowledged: {@code lost = acknowledged - distinct received}, {@code duplicates = received -
 * distinct received}.
 *
 * @param sent messages the backend acknowledged to senders
 * @param received messages of this run delivered to receivers, duplicates included
 * @param distinct distinct messages delivered
 * @param lost acknowledged messages never delivered
 * @param duplicates deliveries beyond the first of a message
 * @param unacknowledgedDelivered delivered messages whose send had not been acknowledged (a send
 *     that failed or was cut short, yet reached the queue: allowed by at-least-once)
 */
public record DeliveryLedger(
    long sent,
    long received,
    long distinct,
    long lost,
    long duplicates,
    long unacknowledgedDelivered) {

  /**
   * Accounts for a run; call while senders are stopped (receivers may still run).
   *
   * @param senders the run's senders, in id order
   * @param receivers the run's receivers
   * @return the accounting
   */
  public static DeliveryLedger of(List<SenderTask> senders, List<ReceiverTask> receivers) {
    long sent = 0;
    long received = 0;
    long distinct = 0;
    long lost = 0;
    long unacknowledged = 0;
    for (ReceiverTask r : receivers) {
      received += r.receivedCount();
    }
    for (SenderTask s : senders) {
      Roaring64NavigableMap seen = new Roaring64NavigableMap();
      for (ReceiverTask r : receivers) {
        r.addSeen(s.senderId(), seen);
      }
      Roaring64NavigableMap acknowledged = s.acknowledged();
      sent += acknowledged.getLongCardinality();
      distinct += seen.getLongCardinality();
      lost += minus(acknowledged, seen);
      unacknowledged += minus(seen, acknowledged);
    }
    return new DeliveryLedger(sent, received, distinct, lost, received - distinct, unacknowledged);
  }

  private static long minus(Roaring64NavigableMap a, Roaring64NavigableMap b) {
    Roaring64NavigableMap difference = new Roaring64NavigableMap();
    difference.or(a);
    difference.andNot(b);
    return difference.getLongCardinality();
  }
}
