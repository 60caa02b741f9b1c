package io.mqbench.worker;

/**
 * The offset of one worker's clock, seen from the coordinator: measured before the run, measured
 * again while it goes on, and replaced when the clock moved beyond what the measurements'
 * uncertainties explain. Called from one thread at a time (prepare, then the polling thread); its
 * readings may be read from any.
 */
final class WorkerClockWatch {
  /** Clock exchanges per measurement: enough that one of them has an undisturbed round trip. */
  static final int CLOCK_EXCHANGES = 32;

  /** Exchanges per measurement while the run goes on: few, to keep the control path light. */
  static final int CLOCK_RECHECK_EXCHANGES = 8;

  private final WorkerClient client;
  private final long recheckNanos;
  private volatile long lastCheckNanos;
  private volatile ClockOffset first = ClockOffset.NONE;
  private volatile ClockOffset offset = ClockOffset.NONE;
  private volatile long driftNanos;
  private volatile long uncertaintyNanos;
  private volatile int corrections;

  WorkerClockWatch(WorkerClient client, long recheckNanos) {
    this.client = client;
    this.recheckNanos = recheckNanos;
  }

  /** Measures the offset the run starts on. */
  void measure() {
    offset = client.clockOffset(CLOCK_EXCHANGES);
    first = offset;
    uncertaintyNanos = offset.uncertaintyNanos();
    lastCheckNanos = System.nanoTime();
  }

  /**
   * Once the recheck period has passed since the last measurement: measures the clock again. How
   * far it moved from the offset measured before the run, beyond both measurements' uncertainties,
   * is its drift. When it moved from the offset in force beyond both their uncertainties, the new
   * offset replaces it. A move within the uncertainties is noise of the measurement, not of the
   * clock, and changes nothing.
   *
   * @return whether the offset in force was replaced
   */
  boolean recheck() {
    long now = System.nanoTime();
    if (now - lastCheckNanos < recheckNanos) {
      return false;
    }
    lastCheckNanos = now;
    try {
      ClockOffset again = client.clockOffset(CLOCK_RECHECK_EXCHANGES);
      long drift = moved(first, again);
      if (drift > driftNanos) {
        driftNanos = drift;
      }
      if (moved(offset, again) <= 0) {
        return false;
      }
      offset = again;
      // Figures read after the correction are true within the new offset's uncertainty.
      uncertaintyNanos = Math.max(uncertaintyNanos, again.uncertaintyNanos());
      corrections++;
      return true;
    } catch (RuntimeException e) {
      // A worker that stopped answering fails the run at the next poll; the drift is an extra.
      return false;
    }
  }

  /** How far the offset moved from one measurement to the other beyond both uncertainties. */
  static long moved(ClockOffset from, ClockOffset to) {
    return Math.abs(to.offsetNanos() - from.offsetNanos())
        - to.uncertaintyNanos()
        - from.uncertaintyNanos();
  }

  ClockOffset offset() {
    return offset;
  }

  long driftNanos() {
    return driftNanos;
  }

  long uncertaintyNanos() {
    return uncertaintyNanos;
  }

  int corrections() {
    return corrections;
  }
}
