package io.mqbench.postgres;

/**
 * The contract kit again with three connections per sender: batches sent asynchronously, each on a
 * connection's own thread, three in flight (closing with batches in flight, failures through the
 * future).
 */
class PostgresPipelinedContractIT extends PostgresContractIT {
  @Override
  protected String sendConnections() {
    return "3";
  }
}
