package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import java.util.Locale;

/** What a sender or receiver does when a backend call fails ({@code --on-client-error}). */
public enum OnClientError {
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
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "fail" -> FAIL;
      case "reconnect" -> RECONNECT;
      default ->
          throw new ConfigException(
              "--on-client-error must be fail or reconnect, was '" + text + "'");
    };
  }

  /**
   * @return the name users type
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
