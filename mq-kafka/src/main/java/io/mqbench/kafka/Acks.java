package io.mqbench.kafka;

import io.mqbench.config.ConfigKey;

/**
 * The producer's {@code acks} ({@code kafka.acks}): when a send returns, which replicas have the
 * batch. Spelled as users and Kafka spell it: {@code all}, {@code 1}, {@code 0}.
 */
enum Acks implements ConfigKey.Choice {
  /** Every in-sync replica has it (with the idempotent producer): survives a leader's failure. */
  ALL("all"),
  /** The partition leader has it; a leader that fails before its followers copy it loses it. */
  LEADER("1"),
  /** Nothing is waited for: a send counts as acknowledged before anything stored it. */
  NONE("0");

  private final String text;

  Acks(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }

  /**
   * @return the value Kafka's producer takes, as users spell it
   */
  @Override
  public String toString() {
    return text;
  }
}
