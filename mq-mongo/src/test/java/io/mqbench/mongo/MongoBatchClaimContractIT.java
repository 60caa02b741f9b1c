package io.mqbench.mongo;

/**
 * Every test of the contract kit, with receivers claiming in batches ({@code mongo.claim=batch}).
 */
class MongoBatchClaimContractIT extends MongoContract {
  @Override
  ClaimStrategy claim() {
    return ClaimStrategy.BATCH;
  }
}
