package io.mqbench.engine;

/**
 * Counts at the end of one second of a run.
 *
 * @param second seconds since the run started, from 1
 * @param sentTotal messages acknowledged to senders so far
 * @param receivedTotal messages of the run received so far, duplicates included
 * @param sentInSecond messages acknowledged during this second
 * @param receivedInSecond messages received during this second
 */
public record Tick(
    int second, long sentTotal, long receivedTotal, long sentInSecond, long receivedInSecond) {

  /**
   * @return messages sent and not (yet) received; never negative
   */
  public long inFlight() {
    return Math.max(0, sentTotal - receivedTotal);
  }
}
