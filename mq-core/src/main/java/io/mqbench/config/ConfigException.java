package io.mqbench.config;

import io.mqbench.mq.MqException;

/** A configuration value is missing, unknown or malformed. The message names the key. */
public class ConfigException extends MqException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message one line that names the offending key and says what is expected
   */
  public ConfigException(String message) {
    super(message);
  }
}
