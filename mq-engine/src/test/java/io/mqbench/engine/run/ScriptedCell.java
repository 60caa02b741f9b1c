package io.mqbench.engine.run;

import io.mqbench.engine.Cell;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryBitmaps;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cell whose counts a test sets, and which records what the run asked of it: for the watchers'
 * own tests, which look at one rule at a time without senders, receivers or a queue.
 */
final class ScriptedCell implements Cell {
  final List<String> calls = new ArrayList<>();
  final StopRequest stop = new StopRequest();

  @Override
  public CellReady prepare(CellSpec spec) {
    return new CellReady("scripted", Map.of());
  }

  @Override
  public void startSenders(long atNanos) {
    calls.add("start senders");
  }

  @Override
  public void startReceivers(long atNanos) {
    calls.add("start receivers");
  }

  @Override
  public void moveRunOrigin(long atNanos) {}

  @Override
  public CellProgress poll() {
    return new CellProgress(0, 0, 0, Optional.empty());
  }

  @Override
  public CellMeasurements checkpoint() {
    return CellMeasurements.empty();
  }

  @Override
  public DeliveryBitmaps delivery() {
    return DeliveryBitmaps.empty();
  }

  @Override
  public void holdSenders(boolean hold) {
    calls.add(hold ? "hold senders" : "release senders");
  }

  @Override
  public void stopSenders() {
    calls.add("stop senders");
  }

  @Override
  public void stopReceivers() {
    calls.add("stop receivers");
  }

  @Override
  public CellMeasurements finish(Duration timeout) {
    return CellMeasurements.empty();
  }

  @Override
  public void close() {}

  /** A run over this cell, as its watchers see it, started at {@code start}. */
  RunState run(RunSettings settings, long start, boolean receiving) {
    CellSpec spec = CellSpec.whole("scripted", Map.of(), settings, 1, 1);
    RunCells cells = new RunCells(List.of(new Coordinator.Placement(this, spec)));
    return new RunState(settings, cells, stop, start, receiving);
  }
}
