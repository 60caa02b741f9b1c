package io.mqbench.engine;

import io.mqbench.engine.measure.CellFailure;
import java.util.Optional;

/**
 * A cell's counts at one instant, for ticks and stop rules.
 *
 * @param sent messages acknowledged to this cell's senders so far
 * @param received messages of the run this cell's receivers got so far, duplicates included
 * @param sendersRunning senders that have not finished (a sender finishes once every batch it
 *     issued has completed)
 * @param failure what stopped the cell, if anything
 */
public record CellProgress(
    long sent, long received, int sendersRunning, Optional<CellFailure> failure) {

  /**
   * @param other another cell's progress
   * @return the sum; the first failure wins
   */
  public CellProgress plus(CellProgress other) {
    return new CellProgress(
        sent + other.sent,
        received + other.received,
        sendersRunning + other.sendersRunning,
        failure.isPresent() ? failure : other.failure);
  }
}
