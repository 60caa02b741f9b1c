package io.mqbench.artemis;

/**
 * How {@link io.mqbench.mq.MqSender#send} stores a batch. Either way every message is persistent;
 * the asynchronous send (more than one batch in flight) always uses JMS 2.0 completion listeners.
 */
public enum SendMode {
  /** One local transaction per batch: send every message, then commit; returns with the commit. */
  TRANSACTED,
  /** Each message sent on its own and blocking until the broker stored it (blockOnDurableSend). */
  SYNC
}
