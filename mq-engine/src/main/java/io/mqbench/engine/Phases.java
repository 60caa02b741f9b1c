package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import java.util.Locale;

/** Whether receivers run beside senders or drain what senders left. */
public enum Phases {
  /** Senders and receivers start together: the queue's steady state. */
  TOGETHER,
  /**
   * Senders build a backlog (by message count or duration); only when every sender has finished do
   * receivers start, and they drain it. Send rate and drain rate are measured apart.
   */
  SEND_THEN_DRAIN;

  /**
   * @param text {@code together} or {@code send-then-drain}, any case
   * @return the phases
   * @throws ConfigException naming {@code --phases} otherwise
   */
  public static Phases parse(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "together" -> TOGETHER;
      case "send-then-drain" -> SEND_THEN_DRAIN;
      default ->
          throw new ConfigException(
              "--phases must be together or send-then-drain, was '" + text + "'");
    };
  }

  /**
   * @return the name users type
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
