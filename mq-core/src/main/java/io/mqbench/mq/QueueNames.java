package io.mqbench.mq;

import io.mqbench.config.ConfigException;

/**
 * Names of a run's several queues ({@code --queues}, {@link MqProvider#keysForQueue}): a name with
 * a suffix, the name cut where both would be longer than the broker allows, so that two suffixes
 * still give two names.
 */
public final class QueueNames {
  private QueueNames() {}

  /**
   * @param base a queue, topic, stream, group or table name
   * @param suffix what to append, such as {@code "-2"}
   * @param maxLength the longest name the broker allows
   * @return {@code base + suffix}, with {@code base} shortened as needed
   * @throws ConfigException if the suffix is empty or alone too long
   */
  public static String suffixed(String base, String suffix, int maxLength) {
    if (suffix.isEmpty() || suffix.length() >= maxLength) {
      throw new ConfigException(
          "queue suffix '" + suffix + "' must be 1 to " + (maxLength - 1) + " characters");
    }
    return base.substring(0, Math.min(base.length(), maxLength - suffix.length())) + suffix;
  }
}
