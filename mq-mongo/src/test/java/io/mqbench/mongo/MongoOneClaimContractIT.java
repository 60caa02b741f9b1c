package io.mqbench.mongo;

/**
 * Every test of the contract kit, with receivers claiming one document at a time ({@code
 * mongo.claim=one}, the original method).
 */
class MongoOneClaimContractIT extends MongoContract {
  @Override
  ClaimStrategy claim() {
    return ClaimStrategy.ONE;
  }
}
