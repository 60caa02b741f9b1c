package io.mqbench.worker.server.hosting;

import io.mqbench.engine.Cell;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.measure.CellMeasurements;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One cell a worker hosts for a coordinator: the cell, what it runs, when a request last touched it
 * (for the reaper) and what it last reported (for live metrics).
 */
public final class HostedCell {
  private final String id;
  private final Cell cell;
  private final CellSpec spec;
  private final AtomicInteger busy = new AtomicInteger();
  private volatile long touchedNanos = System.nanoTime();
  private volatile CellMeasurements lastReport = CellMeasurements.empty();
  private volatile boolean finished;

  HostedCell(String id, Cell cell, CellSpec spec) {
    this.id = id;
    this.cell = cell;
    this.spec = spec;
  }

  /**
   * @return the id the coordinator names this cell by
   */
  public String id() {
    return id;
  }

  /**
   * @return the cell, for the actions that report nothing kept here
   */
  public Cell cell() {
    return cell;
  }

  /** Marks a request under way: a cell with one is never reaped, however long it takes. */
  public void requestStarted() {
    busy.incrementAndGet();
    touchedNanos = System.nanoTime();
  }

  /** Marks a request done, which touches the cell again. */
  public void requestEnded() {
    busy.decrementAndGet();
    touchedNanos = System.nanoTime();
  }

  /**
   * @return the cell's checkpoint, kept as its last report
   */
  public CellMeasurements checkpoint() {
    CellMeasurements report = cell.checkpoint();
    lastReport = report;
    return report;
  }

  /**
   * @param timeout how long its threads may take
   * @return the cell's final report, kept as its last
   * @throws InterruptedException if interrupted while its threads stop
   */
  public CellMeasurements finish(Duration timeout) throws InterruptedException {
    CellMeasurements report = cell.finish(timeout);
    lastReport = report;
    finished = true;
    return report;
  }

  ReportedCell reported() {
    return new ReportedCell(spec, lastReport, finished);
  }

  boolean abandoned(long nowNanos, Duration after) {
    return busy.get() == 0 && nowNanos - touchedNanos > after.toNanos();
  }

  /** The start of its id, enough to tell cells apart in the worker's log. */
  String shortId() {
    return id.substring(0, 8);
  }
}
