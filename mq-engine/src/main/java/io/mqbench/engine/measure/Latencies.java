package io.mqbench.engine.measure;

import org.HdrHistogram.Histogram;

/** How the runner records latencies: microseconds, 3 significant digits, never overflowing. */
public final class Latencies {
  private Latencies() {}

  /**
   * @return an auto-resizing histogram of microseconds with 3 significant digits: a stall of
   *     minutes is recorded, not an error
   */
  public static Histogram newHistogram() {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    return h;
  }

  /**
   * @param nanos a duration in nanoseconds; negative values (clock steps) count as 0
   * @return the duration in whole microseconds
   */
  public static long micros(long nanos) {
    return Math.max(0, nanos / 1000);
  }
}
