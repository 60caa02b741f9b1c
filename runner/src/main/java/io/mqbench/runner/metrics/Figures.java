package io.mqbench.runner.metrics;

import io.mqbench.engine.measure.CellMeasurements;

/**
 * What one process shows of one run at a scrape: the run's labels and a report, either the merged
 * report of the whole run (the coordinator) or one worker's part of it.
 *
 * @param run the run's id, 8 hex digits as in {@code run.json}
 * @param cell the matrix cell ({@code senders=4 size=1024}); {@code -} outside a matrix
 * @param node {@code all} for the merged view of a run on workers, {@code local} for a run in the
 *     coordinator's process, a worker's name for its part
 * @param queue the backend
 * @param report the counts and histograms so far
 * @param wholeRun whether the report covers the whole run, so that delivery accounting (lost,
 *     duplicates, in flight) is meaningful: a worker's own receivers see only part of the messages
 * @param finished whether the report is the run's final one
 * @param warmingUp whether the run is still warming up: its labels are known, its figures are 0
 */
public record Figures(
    String run,
    String cell,
    String node,
    String queue,
    CellMeasurements report,
    boolean wholeRun,
    boolean finished,
    boolean warmingUp) {

  /** An empty cell label is {@code -}: a label with an empty value is no label to Prometheus. */
  public Figures {
    cell = cell == null || cell.isEmpty() ? "-" : cell;
  }

  /**
   * @param runId a run id as the engine has it
   * @return it as results write it
   */
  public static String runLabel(int runId) {
    return String.format("%08x", runId);
  }

  /**
   * @param other figures with the same labels (two cells of one run on one worker)
   * @return both reports merged
   */
  Figures plus(Figures other) {
    return new Figures(
        run,
        cell,
        node,
        queue,
        report.plus(other.report),
        wholeRun,
        finished && other.finished,
        warmingUp && other.warmingUp);
  }

  /**
   * @return the {@code view} label: {@code run} for the view of a whole run (the coordinator's),
   *     {@code node} for one worker's part; dashboards select on it, not on a scrape job's name
   */
  String view() {
    return wholeRun ? "run" : "node";
  }

  /**
   * @return the labels, for grouping
   */
  String key() {
    return run + "\u0000" + cell + "\u0000" + node + "\u0000" + queue;
  }
}
