package io.mqbench.mongo;

import io.mqbench.config.ConfigKey;

/**
 * How a receiver claims messages ({@code mongo.claim}); both keep the no-double-claim guarantee.
 */
enum ClaimStrategy {
  /**
   * One {@code findOneAndUpdate} per message, as the original study did: one round trip per message
   * received.
   */
  ONE,
  /**
   * Up to {@code max} messages in three round trips at most, whatever {@code max} is: read
   * candidates, stamp a fresh claim token on those still visible in one {@code updateMany}, and,
   * only when some were taken by another receiver meanwhile, read back which carry the token.
   */
  BATCH;

  /**
   * @return the name users give, {@code batch}
   */
  @Override
  public String toString() {
    return ConfigKey.text(this);
  }
}
