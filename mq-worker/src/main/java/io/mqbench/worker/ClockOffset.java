package io.mqbench.worker;

/**
 * A worker's clock measured against the coordinator's: {@code worker reading = coordinator reading
 * + offsetNanos}, true within {@code uncertaintyNanos} either way.
 *
 * @param offsetNanos the worker's clock minus the coordinator's, in nanoseconds
 * @param uncertaintyNanos half the round trip of the exchange the offset came from: the true offset
 *     lies within this of {@code offsetNanos}
 * @param exchanges how many exchanges were made; the one with the smallest round trip was kept
 */
public record ClockOffset(long offsetNanos, long uncertaintyNanos, int exchanges) {

  /** The clock of this process itself: no offset, no uncertainty. */
  public static final ClockOffset NONE = new ClockOffset(0, 0, 0);

  /**
   * @param coordinatorNanos an instant on the coordinator's clock
   * @return the same instant on the worker's clock
   */
  public long toWorker(long coordinatorNanos) {
    return coordinatorNanos + offsetNanos;
  }
}
