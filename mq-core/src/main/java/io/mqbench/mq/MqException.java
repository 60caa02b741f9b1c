package io.mqbench.mq;

/**
 * A backend failed, or was asked something it cannot do. The message says what, naming the broker
 * address or the configuration key involved, in one line fit for a terminal.
 */
public class MqException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message one line naming what failed and, where it helps, the address or key involved
   */
  public MqException(String message) {
    super(message);
  }

  /**
   * @param message one line naming what failed and, where it helps, the address or key involved
   * @param cause the underlying failure, kept for {@code --verbose} output
   */
  public MqException(String message, Throwable cause) {
    super(message, cause);
  }
}
