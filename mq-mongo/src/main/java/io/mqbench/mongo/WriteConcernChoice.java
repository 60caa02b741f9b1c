package io.mqbench.mongo;

import com.mongodb.WriteConcern;
import io.mqbench.config.ConfigKey;

/**
 * The {@code mongo.writeConcern} of every write: when {@code insertMany} (a send) returns, what the
 * server promised about the batch.
 */
enum WriteConcernChoice {
  /** {@code w: "majority"}: a majority of the replica set has the batch; survives a fail-over. */
  MAJORITY(WriteConcern.MAJORITY),
  /**
   * The server's default write concern ({@code w} unset): majority for a replica set from MongoDB
   * 5.0, {@code w: 1} before and for a standalone server.
   */
  ACKNOWLEDGED(WriteConcern.ACKNOWLEDGED),
  /** {@code j: true} with the default {@code w}: the batch is in the on-disk journal. */
  JOURNALED(WriteConcern.JOURNALED),
  /** {@code w: 1}: the primary has the batch in memory; a fail-over may roll it back. */
  W1(WriteConcern.W1),
  /** {@code w: 0}: nothing is waited for; the send returns once the batch is written out. */
  UNACKNOWLEDGED(WriteConcern.UNACKNOWLEDGED);

  private final WriteConcern writeConcern;

  WriteConcernChoice(WriteConcern writeConcern) {
    this.writeConcern = writeConcern;
  }

  /**
   * @return the driver's write concern for sends
   */
  WriteConcern forSends() {
    return writeConcern;
  }

  /**
   * Claims, acknowledgements and releases use the same write concern, except that they always wait
   * for the server: a claim whose result is unknown cannot be handed out.
   *
   * @return the driver's write concern for receivers' writes
   */
  WriteConcern forReceivers() {
    return this == UNACKNOWLEDGED ? WriteConcern.ACKNOWLEDGED : writeConcern;
  }

  /**
   * @return the name users give, {@code majority}
   */
  @Override
  public String toString() {
    return ConfigKey.text(this);
  }
}
