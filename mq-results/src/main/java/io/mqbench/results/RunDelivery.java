package io.mqbench.results;

import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.mq.Durability;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * What became of the messages beyond the totals: how safely they were kept, which were acknowledged
 * and received, and each queue's and subscription's share: one concern of a {@link RunResult}.
 *
 * @param durability where an acknowledged message was when its acknowledgement arrived: the weaker
 *     of what the backend settings asked and what the broker was found doing (see {@link
 *     Durability} and {@link DurabilityCheck}); null in results written before it was recorded
 * @param durabilityCheck what was asked beside what the broker was found doing at the start and the
 *     end of the run, {@link #durability} being its {@link DurabilityCheck#effective()}; null for a
 *     run that never started, and in files before version 10
 * @param partial one line per worker whose measurements end before the run did (it died): its
 *     counts, latencies and delivery bitmaps are what it reported up to its last checkpoint; empty
 *     when every measurement covers the whole run
 * @param byQueue with several queues ({@code --queues}): each queue's delivery figures, in queue
 *     order; empty with one
 * @param bySubscription with several subscriptions ({@code --subscriptions}): each subscription's
 *     delivery figures, every one of which must have received every message; empty with one
 * @param bitmaps which messages were acknowledged and which were received, for {@code delivery.bin}
 *     and a later {@code mqbench drain}; not in {@code run.json}; null when unknown
 */
@RecordBuilder
public record RunDelivery(
    Durability durability,
    DurabilityCheck durabilityCheck,
    List<String> partial,
    List<PartTotals> byQueue,
    List<PartTotals> bySubscription,
    DeliveryBitmaps bitmaps)
    implements RunDeliveryBuilder.With {

  /** Nothing known beyond the totals. */
  public static final RunDelivery NONE =
      new RunDelivery(null, null, List.of(), List.of(), List.of(), null);

  /** Reads missing lists (a file that lacks them) as empty, and copies them. */
  public RunDelivery {
    partial = partial == null ? List.of() : List.copyOf(partial);
    byQueue = byQueue == null ? List.of() : List.copyOf(byQueue);
    bySubscription = bySubscription == null ? List.of() : List.copyOf(bySubscription);
  }
}
