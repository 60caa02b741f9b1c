package io.mqbench.worker.server.hosting;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.measure.CellMeasurements;

/**
 * What a cell of this worker last reported to its coordinator, for live metrics.
 *
 * @param spec what the cell runs
 * @param report its last checkpoint or its final report, exactly as sent to the coordinator; empty
 *     before the coordinator's first checkpoint
 * @param finished whether it is the final report
 */
public record ReportedCell(CellSpec spec, CellMeasurements report, boolean finished) {}
