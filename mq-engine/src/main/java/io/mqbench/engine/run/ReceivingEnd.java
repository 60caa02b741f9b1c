package io.mqbench.engine.run;

import java.util.concurrent.TimeUnit;

/**
 * When receiving ends, once every sender has finished: when everything acknowledged to senders has
 * arrived (the counts first, then the exact test), once nothing arrived for the idle period, or two
 * seconds after a stop request at most, backlog or not. A run without receivers ends with its
 * senders.
 */
final class ReceivingEnd implements RunWatcher {
  /** After an interrupt, receivers wait at most this long for messages still in flight. */
  static final long INTERRUPTED_IDLE_NANOS = TimeUnit.SECONDS.toNanos(2);

  private long lastProgressNanos;
  private long observedReceived = -1;
  private long receivedAtLastCheck = -1;

  @Override
  public void poll(RunState run) {
    if (run.sendersRunning() > 0) {
      return;
    }
    if (run.settings().receivers() == 0) {
      run.end(false);
      return;
    }
    if (!run.receiversStarted() || run.receiversStartedNow()) {
      return; // their first poll comes next
    }
    long now = run.nowNanos();
    lastProgressNanos = Math.max(lastProgressNanos, run.receiversStartNanos());
    if (run.received() != observedReceived) {
      observedReceived = run.received();
      lastProgressNanos = Math.max(lastProgressNanos, now);
    }
    if (run.interrupted() && now - run.interruptedAtNanos() >= INTERRUPTED_IDLE_NANOS) {
      // A stop must end the run soon even with a backlog that would keep receivers busy: what is
      // still in the queue is reported as not received, for the results to settle.
      run.end(false);
      return;
    }
    if (allMayHaveArrived(run) && run.allArrived()) {
      run.end(false);
      return;
    }
    long idle = run.settings().receiverIdle().toNanos();
    if (now - lastProgressNanos
        >= (run.interrupted() ? Math.min(idle, INTERRUPTED_IDLE_NANOS) : idle)) {
      run.end(true);
    }
  }

  /**
   * The cheap test before the exact one: every subscription receives every message, so all are in
   * only when each has its copy; asked again only when more arrived.
   */
  private boolean allMayHaveArrived(RunState run) {
    long received = run.received();
    if (run.settings().senders() > 0
        && received >= run.sent() * run.settings().subscriptions()
        && received != receivedAtLastCheck) {
      receivedAtLastCheck = received;
      return true;
    }
    return false;
  }
}
