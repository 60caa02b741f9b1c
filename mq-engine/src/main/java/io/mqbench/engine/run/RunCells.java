package io.mqbench.engine.run;

import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.DeliveryLedger;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The run's cells, addressed as one: every call goes to each cell in turn. */
final class RunCells {
  private final List<Coordinator.Placement> placements;

  RunCells(List<Coordinator.Placement> placements) {
    this.placements = List.copyOf(placements);
  }

  /** Prepares every cell, in parallel when there are several: the start barrier. */
  List<CellReady> prepareAll() throws InterruptedException {
    if (placements.size() == 1) {
      Coordinator.Placement p = placements.get(0);
      return List.of(p.cell().prepare(p.spec()));
    }
    ExecutorService preparing = Executors.newFixedThreadPool(placements.size());
    try {
      List<Future<CellReady>> futures = new ArrayList<>();
      for (Coordinator.Placement p : placements) {
        futures.add(preparing.submit(() -> p.cell().prepare(p.spec())));
      }
      List<CellReady> ready = new ArrayList<>();
      for (Future<CellReady> f : futures) {
        try {
          ready.add(f.get());
        } catch (ExecutionException e) {
          if (e.getCause() instanceof RuntimeException re) {
            throw re;
          }
          throw new MqException(String.valueOf(e.getCause()), e.getCause());
        }
      }
      return ready;
    } finally {
      preparing.shutdownNow();
    }
  }

  CellSpec firstSpec() {
    return placements.get(0).spec();
  }

  void startSenders(long start) {
    placements.forEach(p -> p.cell().startSenders(start));
  }

  void startReceivers(long start) {
    placements.forEach(p -> p.cell().startReceivers(start));
  }

  void stopSenders() {
    placements.forEach(p -> p.cell().stopSenders());
  }

  void stopReceivers() {
    placements.forEach(p -> p.cell().stopReceivers());
  }

  void holdSenders(boolean hold) {
    placements.forEach(p -> p.cell().holdSenders(hold));
  }

  /** The cells' live counts, summed. */
  CellProgress poll() {
    CellProgress sum = new CellProgress(0, 0, 0, Optional.empty());
    for (Coordinator.Placement p : placements) {
      sum = sum.plus(p.cell().poll());
    }
    return sum;
  }

  /**
   * The cells' counts for ticks, summed: a cell on a worker keeps them with what it measured, so
   * they never go back, even if the worker dies before the next tick.
   */
  CellProgress tickCounts() {
    CellProgress sum = new CellProgress(0, 0, 0, Optional.empty());
    for (Coordinator.Placement p : placements) {
      sum = sum.plus(p.cell().tick());
    }
    return sum;
  }

  /** Every cell's report so far, merged: cumulative counts and histograms of one instant. */
  CellMeasurements checkpoint() {
    List<CellMeasurements> reports = new ArrayList<>();
    for (Coordinator.Placement p : placements) {
      reports.add(p.cell().checkpoint());
    }
    return CellMeasurements.merge(reports);
  }

  /** The exact delivery accounting of this instant, from the merged delivery bitmaps. */
  DeliveryLedger delivery() {
    DeliveryBitmaps sum = DeliveryBitmaps.empty();
    long received = 0;
    for (Coordinator.Placement p : placements) {
      sum = sum.plus(p.cell().delivery());
      received += p.cell().poll().received();
    }
    return DeliveryLedger.of(sum, received);
  }

  /** Every cell's final report, merged, each waited for up to the grace period. */
  CellMeasurements finish(Duration grace) throws InterruptedException {
    List<CellMeasurements> reports = new ArrayList<>();
    for (Coordinator.Placement p : placements) {
      reports.add(p.cell().finish(grace));
    }
    return CellMeasurements.merge(reports);
  }

  void close() {
    for (Coordinator.Placement p : placements) {
      p.cell().close();
    }
  }
}
