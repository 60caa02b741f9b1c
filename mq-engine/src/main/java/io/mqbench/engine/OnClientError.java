package io.mqbench.engine;

import io.mqbench.config.ConfigException;

/** What a sender or receiver does when a backend call fails ({@code --on-client-error}). */
public enum OnClientError implements Choice {
  /** The first failure fails the cell, and with it the run. */
  FAIL,
  /**
   * Ride through it: the failed batch is not counted as sent, what a receiver held comes back from
   * the queue, and the backend's sender or receiver is closed and created anew, retried until it
   * works or the run ends; the errors are counted ({@link io.mqbench.engine.measure.ClientErrors}).
   */
  RECONNECT;

  /**
   * @param text {@code fail} or {@code reconnect}, any case
   * @return the policy
   * @throws ConfigException naming {@code --on-client-error} otherwise
   */
  public static OnClientError parse(String text) {
    return Choice.parse(OnClientError.class, "--on-client-error", text);
  }
}
