package io.mqbench.runner.metrics;

import io.mqbench.engine.measure.CellMeasurements;
import java.util.List;
import java.util.function.Supplier;

/**
 * The coordinator's source of live metrics: the measured run under way (not a warm-up or a probe),
 * as one merged view, then its final report until the next run starts. While a run warms up, its
 * labels are shown with figures of 0, so that a scrape finds the run before it is measured. Runs
 * tell it when they warm up, start and end; a scrape reads it.
 */
public final class LiveRuns {
  /** Live metrics are off: what runs tell it is dropped. */
  public static final LiveRuns OFF = new LiveRuns(false);

  /** How long a report read from the cells serves scrapes before it is read again. */
  static final long REREAD_NANOS = 1_000_000_000L;

  private final boolean on;
  private volatile Live current;

  private LiveRuns(boolean on) {
    this.on = on;
  }

  /**
   * @return runs to show, none yet
   */
  public static LiveRuns shown() {
    return new LiveRuns(true);
  }

  private static final class Live {
    final String run;
    final String cell;
    final String node;
    final String queue;
    final Supplier<CellMeasurements> reports;
    final boolean warmingUp;
    volatile CellMeasurements last = CellMeasurements.empty();
    volatile long readAtNanos;
    volatile CellMeasurements finalReport;

    Live(
        String run,
        String cell,
        String node,
        String queue,
        Supplier<CellMeasurements> reports,
        boolean warmingUp) {
      this.run = run;
      this.cell = cell;
      this.node = node;
      this.queue = queue;
      this.reports = reports;
      this.warmingUp = warmingUp;
    }

    synchronized CellMeasurements report() {
      if (finalReport != null) {
        return finalReport;
      }
      long now = System.nanoTime();
      if (readAtNanos == 0 || now - readAtNanos >= REREAD_NANOS) {
        last = reports.get();
        readAtNanos = now;
      }
      return last;
    }
  }

  /**
   * A run starts warming up: its labels replace the previous run's, with figures of 0 until it is
   * measured.
   *
   * @param runId the id the measured run will have
   * @param cell the matrix cell's label; empty outside a matrix
   * @param onWorkers whether the run is on workers
   * @param queue the backend
   */
  public void warmingUp(int runId, String cell, boolean onWorkers, String queue) {
    if (on) {
      current =
          new Live(
              Figures.runLabel(runId),
              cell,
              onWorkers ? "all" : "local",
              queue,
              CellMeasurements::empty,
              true);
    }
  }

  /**
   * A measured run starts; its figures replace the previous run's.
   *
   * @param runId the run's id
   * @param cell the matrix cell's label; empty outside a matrix
   * @param onWorkers whether the run is on workers (the view is then labelled node {@code all})
   * @param queue the backend
   * @param reports the run's report so far, merged over its cells: read at a scrape, at most once a
   *     second; it must not wait on the cells (a cell on a worker gives the checkpoint it keeps)
   */
  public void started(
      int runId, String cell, boolean onWorkers, String queue, Supplier<CellMeasurements> reports) {
    if (on) {
      current =
          new Live(
              Figures.runLabel(runId), cell, onWorkers ? "all" : "local", queue, reports, false);
    }
  }

  /**
   * The run ended: its final merged report is what scrapes see until the next run.
   *
   * @param runId the run's id
   * @param finalReport the merged report the results are made from
   */
  public void finished(int runId, CellMeasurements finalReport) {
    Live live = current;
    if (live != null && live.run.equals(Figures.runLabel(runId))) {
      live.finalReport = finalReport;
    }
  }

  /**
   * @return the figures to expose now: the current or last run's, or none
   */
  public List<Figures> figures() {
    Live live = current;
    if (live == null) {
      return List.of();
    }
    CellMeasurements report = live.report();
    return List.of(
        new Figures(
            live.run,
            live.cell,
            live.node,
            live.queue,
            report,
            true,
            live.finalReport != null,
            live.warmingUp));
  }
}
