package io.mqbench.results;

/**
 * What one sender or receiver thread did.
 *
 * @param thread the thread's id within its kind
 * @param messages messages sent (acknowledged) or received
 * @param seconds from the run's start to the thread's last message
 * @param msgsPerSecond {@code messages / seconds}
 */
public record ThreadRate(int thread, long messages, double seconds, double msgsPerSecond) {

  /**
   * @param thread the thread's id
   * @param messages its messages
   * @param startNanos the run's start
   * @param lastNanos the thread's last message, or 0 if none
   * @return the rate
   */
  public static ThreadRate of(int thread, long messages, long startNanos, long lastNanos) {
    double seconds = lastNanos == 0 ? 0 : Math.max(0, lastNanos - startNanos) / 1e9;
    return new ThreadRate(thread, messages, seconds, seconds > 0 ? messages / seconds : 0);
  }
}
