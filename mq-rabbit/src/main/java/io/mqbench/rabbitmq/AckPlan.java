package io.mqbench.rabbitmq;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Plans the {@code basic.ack} frames for a set of delivery tags with as few frames as is safe.
 *
 * <p>{@code multiple=true} acknowledges every unacknowledged tag up to the given one on the
 * channel. That is safe for tag {@code t} only if no tag below {@code t} is still leased to the
 * caller; tags still in the receiver's buffer are never below a handed-out tag, because deliveries
 * are buffered and handed out in tag order.
 */
final class AckPlan {
  private AckPlan() {}

  /**
   * One frame to send.
   *
   * @param tag the delivery tag
   * @param multiple whether it also acknowledges every lower unacknowledged tag
   */
  record Ack(long tag, boolean multiple) {}

  /**
   * @param tags the tags to acknowledge, distinct, in any order
   * @param lowestStillLeased the lowest tag handed out and not being acknowledged, or {@link
   *     Long#MAX_VALUE} if none
   * @return the frames: one multiple ack covering every tag below {@code lowestStillLeased}, and a
   *     single ack for each tag above it
   */
  static List<Ack> plan(long[] tags, long lowestStillLeased) {
    long[] sorted = ascending(tags) ? tags : sortedCopy(tags);
    List<Ack> out = new ArrayList<>();
    int below = 0;
    while (below < sorted.length && sorted[below] < lowestStillLeased) {
      below++;
    }
    if (below == 1) {
      out.add(new Ack(sorted[0], false));
    } else if (below > 1) {
      out.add(new Ack(sorted[below - 1], true));
    }
    for (int i = below; i < sorted.length; i++) {
      out.add(new Ack(sorted[i], false));
    }
    return out;
  }

  /**
   * Whether the tags are in ascending order already, as a receiver's held tags are: sorting them
   * anyway ran the JDK's general sort on every flush, and the class it loads late in a run (its
   * parallel sorter) made the JIT throw away and redo the senders' compiled code.
   */
  private static boolean ascending(long[] tags) {
    for (int i = 1; i < tags.length; i++) {
      if (tags[i - 1] > tags[i]) {
        return false;
      }
    }
    return true;
  }

  private static long[] sortedCopy(long[] tags) {
    long[] sorted = tags.clone();
    Arrays.sort(sorted);
    return sorted;
  }
}
