package io.mqbench.engine;

/**
 * Counts at the end of one tick of a run. A run's ticks are its whole seconds, then one last tick
 * for the remainder (shorter than a second; a little longer only when a failure stopped the run
 * just after a whole second), so that the ticks' counts add up to the run's totals.
 *
 * @param second the tick's number, from 1: tick n covers the run's second n, from n - 1 to n
 *     seconds after the start; the last tick may be shorter (see {@code seconds})
 * @param seconds the tick's length in seconds: 1 for every tick but the run's last one
 * @param sentTotal messages acknowledged to senders so far
 * @param receivedTotal messages of the run received so far, duplicates included
 * @param sentInSecond messages acknowledged during this tick (a count, not a rate: see {@link
 *     #sentPerSecond()})
 * @param receivedInSecond messages received during this tick (a count, not a rate: see {@link
 *     #receivedPerSecond()})
 */
public record Tick(
    int second,
    double seconds,
    long sentTotal,
    long receivedTotal,
    long sentInSecond,
    long receivedInSecond) {

  /**
   * @throws IllegalArgumentException if the length is not positive: rates divide by it
   */
  public Tick {
    if (!(seconds > 0)) {
      throw new IllegalArgumentException("a tick lasts more than 0 s, was " + seconds);
    }
  }

  /**
   * @return messages sent and not (yet) received; never negative
   */
  public long inFlight() {
    return Math.max(0, sentTotal - receivedTotal);
  }

  /**
   * @return messages acknowledged per second during this tick: the count over the tick's length, so
   *     that a last tick of half a second is not read as half the rate
   */
  public double sentPerSecond() {
    return sentInSecond / seconds;
  }

  /**
   * @return messages received per second during this tick
   */
  public double receivedPerSecond() {
    return receivedInSecond / seconds;
  }

  /**
   * @return seconds from the run's start to the end of this tick
   */
  public double elapsedSeconds() {
    return second - 1 + seconds;
  }
}
