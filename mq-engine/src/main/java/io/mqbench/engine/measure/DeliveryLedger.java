package io.mqbench.engine.measure;

import java.util.Map;
import java.util.function.IntPredicate;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Delivery accounting of a run, from the envelopes receivers saw and the sequence numbers senders
 * had acknowledged: {@code lost = acknowledged - distinct received}, {@code duplicates = received -
 * distinct received}. With several subscriptions, every subscription must receive every message:
 * {@code distinct} and {@code lost} add up over the subscriptions (a message one subscription
 * missed is lost once), while {@code sent} counts each message once.
 *
 * @param sent messages the backend acknowledged to senders
 * @param received messages of this run delivered to receivers, duplicates included
 * @param distinct distinct messages delivered, counted once per subscription
 * @param lost acknowledged messages never delivered, counted once per subscription that missed them
 * @param duplicates deliveries beyond the first of a message in its subscription
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
   * @param bitmaps what was acknowledged and what was seen, per sender and subscription
   * @param received deliveries of the run's messages, duplicates included
   * @return the accounting
   */
  public static DeliveryLedger of(DeliveryBitmaps bitmaps, long received) {
    return of(bitmaps, received, sender -> true, subscription -> true);
  }

  /**
   * The accounting of part of a run: some senders (those of one queue) or some subscriptions.
   *
   * @param bitmaps what was acknowledged and what was seen, per sender and subscription
   * @param received deliveries of that part's messages to that part's receivers, duplicates
   *     included
   * @param senders the global sender ids to count
   * @param subscriptions the subscriptions to count
   * @return the accounting of that part
   */
  public static DeliveryLedger of(
      DeliveryBitmaps bitmaps, long received, IntPredicate senders, IntPredicate subscriptions) {
    long sent = 0;
    long distinct = 0;
    long lost = 0;
    long unacknowledged = 0;
    Roaring64NavigableMap none = new Roaring64NavigableMap();
    for (Map.Entry<Integer, Roaring64NavigableMap> e : bitmaps.acknowledged().entrySet()) {
      if (!senders.test(e.getKey())) {
        continue;
      }
      Roaring64NavigableMap acknowledged = e.getValue();
      sent += acknowledged.getLongCardinality();
      for (int s = 0; s < bitmaps.subscriptions(); s++) {
        if (subscriptions.test(s)) {
          Roaring64NavigableMap seen =
              bitmaps.seen().getOrDefault(DeliveryBitmaps.seenKey(s, e.getKey()), none);
          lost += minus(acknowledged, seen);
        }
      }
    }
    for (Map.Entry<Integer, Roaring64NavigableMap> e : bitmaps.seen().entrySet()) {
      int sender = DeliveryBitmaps.senderOf(e.getKey());
      if (!senders.test(sender)
          || !subscriptions.test(DeliveryBitmaps.subscriptionOf(e.getKey()))) {
        continue;
      }
      Roaring64NavigableMap seen = e.getValue();
      distinct += seen.getLongCardinality();
      unacknowledged += minus(seen, bitmaps.acknowledged().getOrDefault(sender, none));
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
