package io.mqbench.engine.run;

/**
 * The phases that keep receivers back (send-then-drain, and backlog-then-catch-up whose senders
 * finished before the backlog's time was up): receivers start once every sender has finished,
 * unless the run was stopped, which leaves the backlog where it is.
 */
final class ReceiversAfterSenders implements RunWatcher {

  @Override
  public void poll(RunState run) {
    if (run.sendersRunning() > 0 || run.receiversStarted() || run.settings().receivers() == 0) {
      return;
    }
    if (run.interrupted()) {
      run.end(false); // draining the backlog was not asked for any more
    } else {
      run.startReceivers();
    }
  }
}
