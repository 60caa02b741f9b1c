package io.mqbench.engine;

import io.mqbench.config.ConfigException;

/** How senders pace themselves. */
public enum Mode implements Choice {
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
    return Choice.parse(Mode.class, "--mode", text);
  }
}
