package io.mqbench.engine;

import io.mqbench.config.ConfigException;

/** Whether receivers run beside senders or drain what senders left. */
public enum Phases implements Choice {
  /** Senders and receivers start together: the queue's steady state. */
  TOGETHER,
  /**
   * Senders build a backlog (by message count or duration); only when every sender has finished do
   * receivers start, and they drain it. Send rate and drain rate are measured apart.
   */
  SEND_THEN_DRAIN,
  /**
   * Rate mode only: senders send at the fixed rate for the whole duration; receivers start only
   * after {@link RunSettings#backlog()}, so they find the backlog an outage would have left and
   * must catch up with it while the senders keep sending. The run measures how long catching up
   * takes ({@link CatchUp}).
   */
  BACKLOG_THEN_CATCH_UP;

  /**
   * @param text {@code together}, {@code send-then-drain} or {@code backlog-then-catch-up}, any
   *     case
   * @return the phases
   * @throws ConfigException naming {@code --phases} otherwise
   */
  public static Phases parse(String text) {
    return Choice.parse(Phases.class, "--phases", text);
  }
}
