package io.mqbench.engine;

/**
 * How the senders of a run were paced against its receivers, and what the queue moved end to end
 * while senders were sending.
 *
 * @param applied whether senders could be held back at all ({@link RunSettings#paced()})
 * @param heldNanos how long senders were held back because the backlog was above its limit
 * @param holds how many times they were held back
 * @param largestBound the largest backlog limit applied, in messages; 0 if never applied
 * @param firstDeliveryNanos nanoseconds from the run's start to the first delivery seen (as the
 *     coordinator polls, every 20 ms); 0 if none was seen while senders were sending
 * @param receivedWhileSending messages received from the receivers' start until every sender had
 *     finished
 * @param sendingNanos nanoseconds from the run's start until every sender had finished; 0 if they
 *     never did (a failure)
 */
public record Pacing(
    boolean applied,
    long heldNanos,
    int holds,
    long largestBound,
    long firstDeliveryNanos,
    long receivedWhileSending,
    long sendingNanos) {

  /** Nothing paced and nothing measured: a run that never got going. */
  public static final Pacing NONE = new Pacing(false, 0, 0, 0, 0, 0, 0);

  /**
   * @return the share of the sending time senders were held back, 0 to 1
   */
  public double heldShare() {
    return sendingNanos <= 0 ? 0 : Math.min(1, (double) heldNanos / sendingNanos);
  }

  /**
   * @return messages received per second from the first delivery until every sender had finished:
   *     what the queue moved end to end in steady state, leaving out the receivers' connecting (a
   *     consumer group's join), as the drain rate does; 0 if senders never finished or nothing was
   *     received while they sent
   */
  public double endToEndPerSecond() {
    long nanos = sendingNanos - firstDeliveryNanos;
    return sendingNanos <= 0 || firstDeliveryNanos <= 0 || nanos <= 0
        ? 0
        : receivedWhileSending / (nanos / 1e9);
  }
}
