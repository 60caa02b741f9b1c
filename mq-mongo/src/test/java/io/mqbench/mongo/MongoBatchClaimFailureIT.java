package io.mqbench.mongo;

/** Every test of the failure kit, with {@code mongo.claim=batch}. */
class MongoBatchClaimFailureIT extends MongoFailures {
  @Override
  ClaimStrategy claim() {
    return ClaimStrategy.BATCH;
  }
}
