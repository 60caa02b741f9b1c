package io.mqbench.redis;

/**
 * The failure kit again with every sender told it keeps one batch in flight: a server that stops,
 * freezes or restarts fails the round trip made on the sender's own thread, and the sender
 * reconnects for the next batch.
 */
class RedisOneBatchInFlightFailureIT extends RedisFailureIT {
  @Override
  protected int sendersInFlight() {
    return 1;
  }
}
