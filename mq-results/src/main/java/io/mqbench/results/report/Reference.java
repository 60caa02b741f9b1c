package io.mqbench.results.report;

import java.util.List;
import java.util.function.Function;

/**
 * The in-process memory queue measures the harness, not a broker: in a report beside brokers it is
 * a reference, shown apart. It never takes the best mark, and the rate charts leave it out
 * (millions of msgs/s would flatten every broker onto the axis).
 */
final class Reference {
  /** The reference queue's name. */
  static final String QUEUE = "memory";

  private Reference() {}

  static boolean is(String queue) {
    return QUEUE.equals(queue);
  }

  /**
   * @param all runs or cells
   * @param queue each one's queue
   * @return those of brokers when there are any, else all of them
   */
  static <T> List<T> apart(List<T> all, Function<T, String> queue) {
    List<T> brokers = all.stream().filter(t -> !is(queue.apply(t))).toList();
    return brokers.isEmpty() ? all : brokers;
  }

  /**
   * @return true when some are the reference and some are brokers
   */
  static <T> boolean mixed(List<T> all, Function<T, String> queue) {
    return all.stream().anyMatch(t -> is(queue.apply(t)))
        && all.stream().anyMatch(t -> !is(queue.apply(t)));
  }
}
