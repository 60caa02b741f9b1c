package io.mqbench.engine;

/**
 * A time during which receivers were running and no message of the run arrived, as the coordinator
 * saw it at its polls (every 20 ms): from the last delivery (or the receivers' start) to the poll
 * that saw the next one. Instants are nanoseconds from the run's start.
 *
 * @param startNanos the last delivery before the gap, or the receivers' start
 * @param endNanos the poll that saw the next delivery, or the end of the run
 */
public record DeliveryGap(long startNanos, long endNanos) {
  /**
   * @return the gap's length in nanoseconds
   */
  public long nanos() {
    return endNanos - startNanos;
  }
}
