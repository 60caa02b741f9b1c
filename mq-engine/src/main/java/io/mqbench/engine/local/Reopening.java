package io.mqbench.engine.local;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Creates a backend sender or receiver again after a failure, for a cell that rides through
 * failures: backing off from 50 ms to 1 s between attempts (a broker restarting refuses connections
 * for seconds), every failed attempt tallied.
 */
final class Reopening {
  private static final long WAIT_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private Reopening() {}

  /**
   * @return the new one; null if {@code stop} said to stop first
   */
  static <T> T reopen(
      Supplier<T> create, BooleanSupplier stop, ErrorTally errors, LongSupplier clock)
      throws InterruptedException {
    long backoffNanos = TimeUnit.MILLISECONDS.toNanos(50);
    while (!stop.getAsBoolean()) {
      try {
        return create.get();
      } catch (RuntimeException e) {
        errors.note(e);
      }
      long until = clock.getAsLong() + backoffNanos;
      while (!stop.getAsBoolean() && until - clock.getAsLong() > 0) {
        LockSupport.parkNanos(Math.min(until - clock.getAsLong(), WAIT_SLICE_NANOS));
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
      backoffNanos = Math.min(backoffNanos * 2, TimeUnit.SECONDS.toNanos(1));
    }
    return null;
  }

  /** Closes what is left of a sender or receiver that failed already: best effort. */
  static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // It failed already; closing what is left of it is best effort.
    }
  }
}
