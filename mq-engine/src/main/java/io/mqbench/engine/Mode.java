package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import java.util.Locale;

/** How senders pace themselves. */
public enum Mode {
  /** Closed loop: each sender sends its next batch as soon as the previous one is acknowledged. */
  THROUGHPUT,
  /**
   * Open loop: each sender issues batches on a fixed schedule and latency is measured from the
   * scheduled time, so a stall is charged to every send that should have happened during it.
   */
  RATE;

  /**
   * @param text {@code throughput} or {@code rate}, any case
   * @return the mode
   * @throws ConfigException naming {@code --mode} otherwise
   */
  public static Mode parse(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "throughput" -> THROUGHPUT;
      case "rate" -> RATE;
      default -> throw new ConfigException("--mode must be throughput or rate, was '" + text + "'");
    };
  }

  /**
   * @return the name users type
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
