package io.mqbench.redis;

/**
 * The cluster's failure kit again with every sender told it keeps one batch in flight: after a
 * failover, the round trip made on the sender's own thread reconnects to the primary the Sentinels
 * name now.
 */
class RedisClusterOneBatchInFlightFailureIT extends RedisClusterFailureIT {
  @Override
  protected int sendersInFlight() {
    return 1;
  }
}
