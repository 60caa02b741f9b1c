package io.mqbench.worker;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.engine.Cell;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.mq.MqException;
import io.mqbench.worker.wire.Wire;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A cell on a worker, seen from the coordinator. Instants are translated to the worker's clock with
 * the offset measured when the cell is prepared; while the run goes on the offset is measured again
 * ({@link #CLOCK_RECHECK}), and when it has moved the worker gets the run's origin translated with
 * the new one, so that a drifting clock is corrected piecewise. The instants of its final report
 * (last acknowledgement, first and last delivery) are kept within the windows in which the
 * coordinator's polls saw them happen ({@link SeenOnCoordinator}), so that the run's times and the
 * per-node rates over them are on the coordinator's clock even when the worker's clock jumped.
 *
 * <p>Once prepared, it never throws: a worker that fails, answers with an error or stops answering
 * turns into a failure of this cell, named after the worker, which the coordinator sees in {@link
 * #poll()} and which stops the run. Every call has a timeout, so a vanished worker cannot hang the
 * run. What such a worker measured is kept up to its last {@link #checkpoint()}, taken at every
 * {@link #tick()}: its report is that checkpoint with the failure, marked partial, and the ticks
 * counted from checkpoints never exceed it.
 */
public final class HttpCell implements Cell {
  /** How often the worker's clock is measured again while the run goes on. */
  public static final Duration CLOCK_RECHECK = Duration.ofSeconds(5);

  private final WorkerClient client;
  private final WorkerClockWatch clock;
  private volatile boolean started;
  private volatile long runStartNanos;
  private final WorkerFailure failure;
  private volatile String id;
  private volatile CellProgress last = new CellProgress(0, 0, 0, Optional.empty());
  private volatile DeliveryBitmaps lastDelivery = DeliveryBitmaps.empty();
  private volatile CellMeasurements report;
  private volatile CellMeasurements kept = CellMeasurements.empty();
  private volatile long keptAtNanos;
  private final SeenOnCoordinator seen = new SeenOnCoordinator();
  private volatile boolean halted;
  private volatile boolean closed;

  /**
   * @param client the worker
   */
  public HttpCell(WorkerClient client) {
    this(client, CLOCK_RECHECK);
  }

  /**
   * @param client the worker
   * @param clockRecheck how often to measure the worker's clock again while the run goes on
   */
  public HttpCell(WorkerClient client, Duration clockRecheck) {
    this.client = client;
    this.failure = new WorkerFailure(client.address());
    this.clock = new WorkerClockWatch(client, clockRecheck.toNanos());
  }

  /**
   * @return how far the worker's clock moved against this process's during the run, by the offsets
   *     measured again while it ran ({@link #CLOCK_RECHECK}) against the one measured before it,
   *     beyond what the measurements' uncertainties explain; 0 until it moved. Corrections do not
   *     reduce it: it says how far the clock went, not what is left of it
   */
  public long clockDriftNanos() {
    return clock.driftNanos();
  }

  /**
   * @return how many times the run's origin was moved on the worker because its clock had moved
   */
  public int clockCorrections() {
    return clock.corrections();
  }

  /**
   * @return the worker's address
   */
  public WorkerAddress address() {
    return client.address();
  }

  /**
   * @return the worker's clock offset in force: measured by {@link #prepare}, or measured again
   *     during the run if the clock had moved since
   */
  public ClockOffset clockOffset() {
    return clock.offset();
  }

  /**
   * @return the last report this cell holds, without asking the worker: the final one once {@link
   *     #finish} got it, else the last {@link #checkpoint()} (taken at every {@link #tick()}, once
   *     a second); empty before the first. For live metrics, which read it at every scrape and must
   *     add nothing to the control path
   */
  public CellMeasurements lastReport() {
    CellMeasurements r = report;
    return r != null ? r : kept;
  }

  /**
   * @return what the worker reported at the end, if {@link #finish} got that far
   */
  public Optional<CellMeasurements> report() {
    return Optional.ofNullable(report);
  }

  /**
   * Measures the worker's clock, then has it prepare the cell (within the spec's connect timeout).
   *
   * @throws MqException naming the worker if it cannot be reached or cannot prepare
   */
  @Override
  public CellReady prepare(CellSpec spec) {
    clock.measure();
    Duration timeout = spec.settings().connectTimeout().plus(WorkerClient.QUICK);
    JsonNode ready = client.post("cells", Wire.spec(spec), timeout);
    id = ready.required("cell").asText();
    return Wire.ready(ready);
  }

  @Override
  public void startSenders(long atNanos) {
    runStartNanos = atNanos;
    seen.runStarts(atNanos);
    started = true;
    callAt("start-senders", atNanos);
  }

  @Override
  public void startReceivers(long atNanos) {
    callAt("start-receivers", atNanos);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Translated with the offset in force; this cell calls it itself when a new measurement of the
   * worker's clock replaced the offset.
   */
  @Override
  public void moveRunOrigin(long atNanos) {
    callAt("run-origin", atNanos);
  }

  @Override
  public CellProgress poll() {
    if (halted) {
      return haltedProgress();
    }
    CellFailure failed = failure.get();
    if (failed == null) {
      try {
        long asked = System.nanoTime();
        CellProgress p = Wire.progress(client.get(path("progress"), WorkerClient.QUICK));
        if (started) {
          seen.polled(asked, System.nanoTime(), p.sent(), p.received());
        }
        p =
            new CellProgress(
                p.sent(), p.received(), p.sendersRunning(), failure.named(p.failure()));
        last = p;
        recheckClock();
        return p;
      } catch (RuntimeException e) {
        failed = failure.fail(e);
      }
    }
    CellProgress p = last;
    return new CellProgress(p.sent(), p.received(), 0, Optional.of(failed));
  }

  /**
   * Every {@link #CLOCK_RECHECK}, on the coordinator's polling thread: measures the worker's clock
   * again ({@link WorkerClockWatch#recheck()}). When the offset in force was replaced, the worker
   * moves the run's origin with it: its senders stamp, and its receivers read, later envelopes on
   * the corrected clock.
   */
  private void recheckClock() {
    if (clock.recheck() && started) {
      moveRunOrigin(runStartNanos);
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>Asks the worker and keeps the answer; once the worker failed, the last one kept.
   */
  @Override
  public CellMeasurements checkpoint() {
    if (failure.get() == null && id != null && !halted) {
      try {
        CellMeasurements now = Wire.report(client.get(path("checkpoint"), WorkerClient.QUICK));
        keptAtNanos = System.nanoTime();
        kept = now;
      } catch (RuntimeException e) {
        failure.fail(e);
      }
    }
    return kept;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Counted from the checkpoint taken now: the sum of its senders' and receivers' counts.
   */
  @Override
  public CellProgress tick() {
    if (halted) {
      return haltedProgress();
    }
    CellMeasurements m = checkpoint();
    long sent = m.senders().stream().mapToLong(SenderStats::sent).sum();
    CellProgress p = last;
    return new CellProgress(
        sent, m.received(), p.sendersRunning(), Optional.ofNullable(failure.get()));
  }

  @Override
  public DeliveryBitmaps delivery() {
    if (halted) {
      return kept.delivery();
    }
    if (failure.get() == null) {
      try {
        JsonNode n = client.get(path("delivery"), WorkerClient.QUICK);
        lastDelivery = DeliveryBitmaps.deserialize(n.required("bitmaps").binaryValue());
      } catch (RuntimeException | IOException e) {
        failure.fail(e);
      }
    }
    return lastDelivery;
  }

  @Override
  public void holdSenders(boolean hold) {
    call("hold-senders", Wire.object().put("hold", hold), WorkerClient.QUICK);
  }

  @Override
  public void stopSenders() {
    call("stop-senders", Wire.object(), WorkerClient.QUICK);
  }

  @Override
  public void stopReceivers() {
    call("stop-receivers", Wire.object(), WorkerClient.QUICK);
  }

  @Override
  public CellMeasurements finish(Duration timeout) {
    if (halted) {
      report = kept.withClock(clock.uncertaintyNanos(), clock.driftNanos());
      return report;
    }
    if (failure.get() == null) {
      try {
        JsonNode n =
            client.post(
                path("finish"),
                Wire.object().put("timeoutNanos", timeout.toNanos()),
                // The worker waits up to the timeout for its threads, then up to 5 s each for the
                // interrupted ones; the call may take that long and a little more.
                timeout.plus(Duration.ofSeconds(15)));
        // Its instants as the coordinator saw them happen, should its clock have jumped.
        CellMeasurements r =
            seen.onCoordinatorClock(Wire.report(n), System.nanoTime(), clock.uncertaintyNanos());
        // The worker's clock is true within the uncertainty of each offset it ran on.
        report =
            r.withFailure(failure.named(r.failure()))
                .withClock(clock.uncertaintyNanos(), clock.driftNanos());
        return report;
      } catch (RuntimeException e) {
        failure.fail(e);
      }
    }
    return partialReport();
  }

  /**
   * Halts this cell's worker as a fault ({@code kill-receiver} or {@code kill-sender} on workers):
   * see {@link WorkerClient#halt()}. From then on the cell is dead, not failed: the run goes on
   * without it, and its report is what the worker measured up to its death, as it answered; the
   * cell asks the worker nothing more.
   *
   * @return how many messages the worker's receivers held unacknowledged when they stopped
   * @throws MqException if the worker could not be reached; the cell is then failed as for any
   *     worker that stops answering
   */
  public long haltWorker() {
    JsonNode answer;
    try {
      answer = client.halt();
    } catch (RuntimeException e) {
      failure.fail(e);
      throw e;
    }
    JsonNode mine = id == null ? null : answer.path("cells").get(id);
    if (mine != null) {
      kept = Wire.report(mine);
      keptAtNanos = System.nanoTime();
    }
    halted = true;
    return answer.path("held").asLong();
  }

  /** A halted worker's last counts, as it answered the halt, with nothing running. */
  private CellProgress haltedProgress() {
    long sent = kept.senders().stream().mapToLong(SenderStats::sent).sum();
    return new CellProgress(sent, kept.received(), 0, Optional.empty());
  }

  /**
   * The report of a worker that failed: what it measured up to the last checkpoint kept, with the
   * failure, marked partial; kept as {@link #report()} too, for the per-node results.
   */
  private CellMeasurements partialReport() {
    CellMeasurements r = kept.withFailure(Optional.ofNullable(failure.get()));
    if (started) {
      r =
          r.withPartial(
              List.of(
                  keptAtNanos == 0
                      ? "worker "
                          + client.address()
                          + ": no measurements (it failed before its"
                          + " first checkpoint, at the run's first second)"
                      : String.format(
                          Locale.ROOT,
                          "worker %s: measured up to its last checkpoint, %.1f s into the run;"
                              + " what it did after that is missing",
                          client.address(),
                          (keptAtNanos - runStartNanos) / 1e9)));
      r = r.withClock(clock.uncertaintyNanos(), clock.driftNanos());
      report = r;
    }
    return r;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (id != null && !halted) {
      try {
        client.post(path("close"), Wire.object(), Duration.ofSeconds(15));
      } catch (RuntimeException e) {
        // A worker that is gone has nothing left to close; one that is alive reaps the cell.
      }
    }
  }

  /** An action at an instant of the coordinator's clock, sent on the worker's. */
  private void callAt(String action, long atNanos) {
    call(action, Wire.object().put("at", clock.offset().toWorker(atNanos)), WorkerClient.QUICK);
  }

  private void call(String action, JsonNode body, Duration timeout) {
    if (failure.get() != null || id == null || halted) {
      return;
    }
    try {
      client.post(path(action), body, timeout);
    } catch (RuntimeException e) {
      failure.fail(e);
    }
  }

  private String path(String action) {
    return "cells/" + id + "/" + action;
  }
}
