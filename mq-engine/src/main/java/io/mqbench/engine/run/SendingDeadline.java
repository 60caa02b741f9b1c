package io.mqbench.engine.run;

/**
 * Stops the senders after the run's duration. In rate mode, senders that fell behind may finish the
 * batches scheduled before the end, for up to the duration again; what they could not send by then
 * is reported as unsent, never silently dropped from the latency record.
 */
final class SendingDeadline implements RunWatcher {
  private final long limitNanos;
  private boolean stopped;

  SendingDeadline(java.time.Duration duration, boolean rateMode) {
    this.limitNanos = rateMode ? 2 * duration.toNanos() : duration.toNanos();
  }

  @Override
  public void poll(RunState run) {
    if (!stopped && run.sinceStart() >= limitNanos) {
      stopped = true;
      run.stopSenders();
    }
  }
}
