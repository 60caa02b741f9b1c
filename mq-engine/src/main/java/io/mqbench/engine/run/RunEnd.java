package io.mqbench.engine.run;

import io.mqbench.engine.measure.CellMeasurements;

/**
 * How a run ended, for the watchers' parts of its outcome.
 *
 * @param last every cell's final report, merged
 * @param endNanos the instant of the watch's last poll, from the run's start
 * @param sendingEndNanos when every sender had finished, from the run's start; 0 if they never did
 *     before the end (a failure, or a stop during sending)
 * @param interrupted whether the run was stopped on request
 * @param failed whether a sender or receiver failed
 */
public record RunEnd(
    CellMeasurements last,
    long endNanos,
    long sendingEndNanos,
    boolean interrupted,
    boolean failed) {}
