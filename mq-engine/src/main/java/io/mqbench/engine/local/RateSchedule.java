package io.mqbench.engine.local;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A fixed schedule of sends: the i-th batch is due at {@code start + offset + i × period}, computed
 * from {@code i} each time (never by adding periods up), so the schedule does not drift however
 * long the run. Latency measured from these intended times includes any wait behind a stalled send,
 * which is what correcting for coordinated omission means.
 *
 * <p>With a tick longer than the period, the batches due within one tick are due together at the
 * tick's start: the same rate, issued in small bursts, so that the sending thread wakes once a tick
 * instead of once a batch. A wake-up costs the thread a system call and a context switch (about 5
 * to 20 µs of CPU on a virtual machine), which at thousands of batches a second was most of what
 * the harness spent per message; the brokers' own tools pace the same way (a sleep of at least a
 * millisecond). Every batch still carries its own intended time, the tick's start, so a burst's
 * later batches measure the wait behind the earlier ones, as an application's would.
 *
 * <p>One instance per sending thread; not thread-safe.
 */
public final class RateSchedule {
  /** Waits until a {@code nanoTime} reading; the real one parks the thread. */
  @FunctionalInterface
  public interface Pacer {
    /**
     * @param deadlineNanos the {@code nanoTime} reading to wait for; returns at once if past
     * @throws InterruptedException if interrupted while waiting
     */
    void awaitUntil(long deadlineNanos) throws InterruptedException;
  }

  private final long startNanos;
  private final double periodNanos;
  private final long tickNanos;
  private final LongSupplier clock;
  private final Pacer pacer;

  /**
   * @param startNanos when the schedule starts, plus this sender's offset ({@code nanoTime})
   * @param batchesPerSecond how many batches this sender sends per second, more than 0
   * @param clock the clock, {@code System::nanoTime} outside tests
   * @param pacer how to wait, {@link #parking(LongSupplier)} outside tests
   */
  public RateSchedule(long startNanos, double batchesPerSecond, LongSupplier clock, Pacer pacer) {
    this(startNanos, batchesPerSecond, 0, clock, pacer);
  }

  /**
   * @param startNanos when the schedule starts, plus this sender's offset ({@code nanoTime})
   * @param batchesPerSecond how many batches this sender sends per second, more than 0
   * @param tickNanos batches due within a tick are due at its start; 0, or a tick no longer than
   *     the period, for an exact schedule
   * @param clock the clock, {@code System::nanoTime} outside tests
   * @param pacer how to wait, {@link #parking(LongSupplier)} outside tests
   */
  public RateSchedule(
      long startNanos, double batchesPerSecond, long tickNanos, LongSupplier clock, Pacer pacer) {
    if (!(batchesPerSecond > 0) || Double.isInfinite(batchesPerSecond)) {
      throw new IllegalArgumentException("rate must be more than 0, was " + batchesPerSecond);
    }
    this.startNanos = startNanos;
    this.periodNanos = 1e9 / batchesPerSecond;
    if (tickNanos < 0) {
      throw new IllegalArgumentException("tick must not be negative, was " + tickNanos);
    }
    this.tickNanos = tickNanos > periodNanos ? tickNanos : 0;
    this.clock = clock;
    this.pacer = pacer;
  }

  /**
   * @param i the batch's number, from 0
   * @return when batch {@code i} is due ({@code nanoTime})
   */
  public long intendedNanos(long i) {
    long sinceStart = (long) (i * periodNanos);
    return startNanos + (tickNanos == 0 ? sinceStart : sinceStart - sinceStart % tickNanos);
  }

  /**
   * Waits until batch {@code i} is due; returns at once if it is already late.
   *
   * @param i the batch's number
   * @return the batch's intended time
   * @throws InterruptedException if interrupted while waiting
   */
  public long awaitSlot(long i) throws InterruptedException {
    long intended = intendedNanos(i);
    if (clock.getAsLong() - intended < 0) {
      pacer.awaitUntil(intended);
    }
    return intended;
  }

  /**
   * @return the period between batches, in nanoseconds
   */
  public double periodNanos() {
    return periodNanos;
  }

  /**
   * A pacer that parks the thread until the deadline (the OS wakes it a few tens of microseconds
   * late; that delay is measured as schedule lag, not hidden).
   *
   * @param clock the clock to compare the deadline with
   * @return the pacer
   */
  public static Pacer parking(LongSupplier clock) {
    return deadline -> {
      long left;
      while ((left = deadline - clock.getAsLong()) > 0) {
        LockSupport.parkNanos(left);
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
    };
  }
}
