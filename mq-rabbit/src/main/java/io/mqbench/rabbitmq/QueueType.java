package io.mqbench.rabbitmq;

import io.mqbench.config.ConfigKey;

/** The {@code rabbitmq.queueType} a queue is declared with ({@code x-queue-type}). */
enum QueueType {
  /** Raft-replicated, every message fsynced by a majority of members before it is confirmed. */
  QUORUM,
  /** One node holds the queue; no replication. */
  CLASSIC,
  /** An append-only log; every receiver reads all of it. */
  STREAM;

  /**
   * @return the name the broker knows, {@code quorum}
   */
  @Override
  public String toString() {
    return ConfigKey.text(this);
  }
}
