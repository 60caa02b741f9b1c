package io.mqbench.config;

/**
 * A configuration value is missing, unknown or malformed. The message names the key.
 *
 * <p>Not an {@code MqException}: configuration is checked before any backend is involved, and a
 * harness treats it as bad input (exit code 2) rather than a failed backend. This also keeps {@code
 * io.mqbench.config} independent of {@code io.mqbench.mq}.
 */
public class ConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message one line that names the offending key and says what is expected
   */
  public ConfigException(String message) {
    super(message);
  }
}
