package io.mqbench.worker.server.hosting;

import io.mqbench.engine.Cell;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.DaemonThreads;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.measure.CellMeasurements;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The cells a worker hosts, from prepare to close: each takes a place within the worker's {@link
 * WorkerLimits} before anything starts, and a cell that hears nothing from its coordinator for
 * {@link #ABANDONED_AFTER} is stopped and closed, so that a vanished coordinator leaves no load
 * running. Knows nothing of HTTP.
 */
public final class HostedCells implements AutoCloseable {
  /** A cell no request touched for this long has lost its coordinator. */
  public static final Duration ABANDONED_AFTER = Duration.ofSeconds(60);

  private final Function<CellSpec, Cell> cells;
  private final WorkerLimits limits;
  private final PrintStream log;
  private final Map<String, HostedCell> hosted = new ConcurrentHashMap<>();
  // Cells hosted or being prepared: a prepare takes a place before it starts anything.
  private final AtomicInteger places = new AtomicInteger();
  private final ScheduledExecutorService reaper;

  // The last cell closed, kept for live metrics until another is prepared: a scrape after the run
  // still finds its final counts.
  private volatile ReportedCell lastClosed;

  /** A cell spec this worker does not take, and why. */
  public static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final boolean full;

    Refused(boolean full, String message) {
      super(message, null, false, false);
      this.full = full;
    }

    /**
     * @return whether it was refused only because the worker hosts as many cells as it may, rather
     *     than because the cell itself is beyond the worker's limits
     */
    public boolean full() {
      return full;
    }
  }

  /**
   * A cell prepared and hosted.
   *
   * @param id the id its coordinator names it by
   * @param ready what the cell answered to its prepare
   */
  public record Prepared(String id, CellReady ready) {}

  /**
   * What the cells said when they were halted.
   *
   * @param held how many messages their receivers held unacknowledged when they stopped
   * @param reports by cell id, what each measured up to its death
   */
  public record Halted(long held, Map<String, CellMeasurements> reports) {}

  /**
   * Hosts cells and starts reaping the abandoned ones.
   *
   * @param cells makes a cell for a spec
   * @param limits what this worker takes on
   * @param log where the worker says what it does
   */
  public HostedCells(Function<CellSpec, Cell> cells, WorkerLimits limits, PrintStream log) {
    this.cells = cells;
    this.limits = limits;
    this.log = log;
    this.reaper =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mqbench-worker-reaper"));
    reaper.scheduleWithFixedDelay(this::reapAbandoned, 5, 5, TimeUnit.SECONDS);
  }

  /**
   * Takes a place, makes the cell and prepares it; a cell that fails to prepare is closed and its
   * place given back.
   *
   * @param spec what the cell runs
   * @return the hosted cell's id and what it answered
   * @throws Refused if the spec is beyond this worker's limits or every place is taken
   * @throws InterruptedException if interrupted while preparing
   */
  public Prepared prepare(CellSpec spec) throws InterruptedException {
    Optional<String> refusal = limits.refusal(spec);
    if (refusal.isPresent()) {
      throw new Refused(false, refusal.get());
    }
    int max = limits.maxCells();
    if (places.getAndUpdate(n -> n < max ? n + 1 : n) >= max) {
      throw new Refused(
          true,
          "this worker hosts "
              + max
              + " cell(s) already, as many as it runs at once: another coordinator's runs are"
              + " under way, or cells of a vanished one, closed "
              + ABANDONED_AFTER.toSeconds()
              + " s after its last request");
    }
    String id = UUID.randomUUID().toString();
    CellReady ready;
    try {
      Cell cell = cells.apply(spec);
      try {
        ready = cell.prepare(spec);
      } catch (RuntimeException | InterruptedException e) {
        cell.close();
        throw e;
      }
      hosted.put(id, new HostedCell(id, cell, spec));
      lastClosed = null;
    } catch (RuntimeException | InterruptedException | Error e) {
      places.decrementAndGet();
      throw e;
    }
    log.printf(
        "mqbench worker: cell %s: %s, %d sender(s) from id %d, %d receiver(s)%n",
        id.substring(0, 8), spec.queue(), spec.senders(), spec.firstSenderId(), spec.receivers());
    return new Prepared(id, ready);
  }

  /**
   * @param id a cell's id
   * @return the cell, unless it was never prepared here, or was closed or reaped
   */
  public Optional<HostedCell> find(String id) {
    return Optional.ofNullable(hosted.get(id));
  }

  /**
   * Closes a cell and gives its place back; its last report stays for live metrics.
   *
   * @param cell a cell hosted here
   */
  public void close(HostedCell cell) {
    if (hosted.remove(cell.id()) != null) {
      places.decrementAndGet();
      lastClosed = cell.reported();
    }
    cell.cell().close();
    log.printf("mqbench worker: cell %s closed%n", cell.shortId());
  }

  /**
   * Stops every thread of every local cell at once, without acknowledging what it holds, as kill -9
   * would; the cells stay open, since the process is about to end.
   *
   * @param threadsWithin how long the threads may take to stop
   * @return what the cells held and measured up to their death
   * @throws InterruptedException if interrupted while their threads stop
   */
  public Halted halt(Duration threadsWithin) throws InterruptedException {
    Map<String, CellMeasurements> reports = new LinkedHashMap<>();
    long held = 0;
    for (Map.Entry<String, HostedCell> e : hosted.entrySet()) {
      if (e.getValue().cell() instanceof LocalCell local) {
        held += local.killAll(threadsWithin);
        reports.put(e.getKey(), local.checkpoint());
      }
    }
    return new Halted(held, reports);
  }

  /**
   * What every cell hosted here last reported to its coordinator, and the last cell closed since
   * none was prepared: read by live metrics at each scrape, it asks nothing of the cells, so that a
   * worker's figures are exactly those its coordinator merges.
   *
   * @return the cells' last reports
   */
  public List<ReportedCell> reported() {
    List<ReportedCell> all = new ArrayList<>();
    ReportedCell closed = lastClosed;
    if (closed != null) {
      all.add(closed);
    }
    hosted.values().forEach(h -> all.add(h.reported()));
    return all;
  }

  void reapAbandoned() {
    long now = System.nanoTime();
    hosted.forEach(
        (id, h) -> {
          if (h.abandoned(now, ABANDONED_AFTER) && hosted.remove(id) != null) {
            places.decrementAndGet();
            log.printf(
                "mqbench worker: cell %s abandoned (no request for %d s): stopped and closed%n",
                h.shortId(), ABANDONED_AFTER.toSeconds());
            h.cell().close();
          }
        });
  }

  /** Stops reaping, then stops and closes every cell. */
  @Override
  public void close() {
    reaper.shutdownNow();
    hosted.values().forEach(h -> h.cell().close());
    hosted.clear();
  }
}
