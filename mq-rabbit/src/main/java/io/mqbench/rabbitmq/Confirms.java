package io.mqbench.rabbitmq;

import io.mqbench.config.ConfigKey;

/** How a sender waits for publisher confirms ({@code rabbitmq.confirms}). */
enum Confirms {
  /** Publish the whole batch, then wait for all its confirms. */
  BATCH,
  /** Keep at most {@code rabbitmq.confirmWindow} unconfirmed, then wait for the rest. */
  WINDOW;

  /**
   * @return the name users give, {@code batch}
   */
  @Override
  public String toString() {
    return ConfigKey.text(this);
  }
}
