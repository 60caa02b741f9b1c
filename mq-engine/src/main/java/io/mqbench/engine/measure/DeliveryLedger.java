package io.mqbench.engine.measure;

import java.util.Map;
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
   * @param bitmaps what was acknowledged and what was seen, per sender
   * @param received deliveries of the run's messages, duplicates included
   * @return the accounting
   */
  public static DeliveryLedger of(DeliveryBitmaps bitmaps, long received) {
    long sent = 0;
    long distinct = 0;
    long lost = 0;
    long unacknowledged = 0;
    Roaring64NavigableMap none = new Roaring64NavigableMap();
    for (Map.Entry<Integer, Roaring64NavigableMap> e : bitmaps.acknowledged().entrySet()) {
      Roaring64NavigableMap acknowledged = e.getValue();
      Roaring64NavigableMap seen = bitmaps.seen().getOrDefault(e.getKey(), none);
      sent += acknowledged.getLongCardinality();
      lost += minus(acknowledged, seen);
    }
    for (Map.Entry<Integer, Roaring64NavigableMap> e : bitmaps.seen().entrySet()) {
      Roaring64NavigableMap seen = e.getValue();
      distinct += seen.getLongCardinality();
      unacknowledged += minus(seen, bitmaps.acknowledged().getOrDefault(e.getKey(), none));
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
