package io.mqbench.rabbitmq;

import java.util.Map;
import java.util.Set;

/**
 * What of this process's environment a private RabbitMQ node must not inherit: every {@code
 * RABBITMQ_} and {@code ERL_} variable of a system-wide set-up, and the names RabbitMQ's scripts
 * (rabbitmq-env) read without the {@code RABBITMQ_} prefix when the prefixed one is unset: a user's
 * {@code LOGS=DIR} made every node fail to start, logging to a directory.
 */
final class RabbitEnvironment {
  /** The names rabbitmq-env takes, without the RABBITMQ_ prefix, when the prefixed one is unset. */
  static final Set<String> UNPREFIXED =
      Set.of(
          "NODENAME",
          "NODE_IP_ADDRESS",
          "NODE_PORT",
          "DIST_PORT",
          "CONFIG_FILE",
          "ADVANCED_CONFIG_FILE",
          "CONF_ENV_FILE",
          "MNESIA_BASE",
          "MNESIA_DIR",
          "LOG_BASE",
          "LOGS",
          "PLUGINS_DIR",
          "PLUGINS_EXPAND_DIR",
          "ENABLED_PLUGINS_FILE",
          "PID_FILE",
          "FEATURE_FLAGS_FILE",
          "QUORUM_DIR",
          "STREAM_DIR",
          "USE_LONGNAME",
          "SERVER_ERL_ARGS",
          "SERVER_ADDITIONAL_ERL_ARGS",
          "SERVER_START_ARGS",
          "CTL_ERL_ARGS",
          "SERVER_CODE_PATH");

  private RabbitEnvironment() {}

  /**
   * @param env a child process's environment, changed in place
   */
  static void clean(Map<String, String> env) {
    env.keySet()
        .removeIf(k -> k.startsWith("RABBITMQ_") || k.startsWith("ERL_") || UNPREFIXED.contains(k));
  }
}
