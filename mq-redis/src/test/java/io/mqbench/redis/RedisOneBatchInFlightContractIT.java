package io.mqbench.redis;

/**
 * The contract kit again with every sender told it keeps one batch in flight, so that it makes each
 * round trip on its own thread over a blocking connection.
 */
class RedisOneBatchInFlightContractIT extends RedisContractIT {
  @Override
  protected int sendersInFlight() {
    return 1;
  }
}
