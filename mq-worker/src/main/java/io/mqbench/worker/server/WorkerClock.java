package io.mqbench.worker.server;

import io.mqbench.engine.local.LocalCell;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How a worker reads its clock and answers clock exchanges: as it is outside tests; tests of the
 * run clock shift it, make it drift or delay the answers.
 *
 * @param nanoTime the clock this worker's cells run on, which {@code /v1/clock} reports: {@link
 *     LocalCell#SYSTEM_CLOCK} outside tests; a test that makes it drift runs the cells it makes on
 *     it too, as a worker's cells and its clock are one
 * @param offsetNanos added to every reading reported and subtracted from every instant received: a
 *     clock shifted by this much, which the cells never see; 0 except in tests
 * @param answerDelay how long to wait between reading the clock and answering {@code /v1/clock}: a
 *     slow return path, which biases the measured offset; zero except in tests
 */
public record WorkerClock(LongSupplier nanoTime, long offsetNanos, Duration answerDelay) {
  /**
   * @param offsetNanos how far the clock reported is shifted from the system clock
   * @return the system clock, shifted
   */
  public static WorkerClock shifted(long offsetNanos) {
    return new WorkerClock(LocalCell.SYSTEM_CLOCK, offsetNanos, Duration.ZERO);
  }

  long reported() {
    return nanoTime.getAsLong() + offsetNanos;
  }

  long received(long atNanos) {
    return atNanos - offsetNanos;
  }
}
