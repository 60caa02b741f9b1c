package io.mqbench.mongo;

/** Every test of the failure kit, with {@code mongo.claim=one}. */
class MongoOneClaimFailureIT extends MongoFailures {
  @Override
  ClaimStrategy claim() {
    return ClaimStrategy.ONE;
  }
}
