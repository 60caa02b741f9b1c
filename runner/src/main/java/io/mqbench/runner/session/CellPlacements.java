package io.mqbench.runner.session;

import io.mqbench.config.MqConfig;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.mq.MqProvider;
import io.mqbench.worker.HttpCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where one run's cells go: one cell in this process, or one on each worker node of the layout.
 *
 * @param placements the cells with what each runs, for the coordinator
 * @param reports the run's figures so far, for live metrics: read at each scrape, they ask the
 *     cells nothing
 * @param local the cell in this process, when the run is not on workers
 * @param remote the cells on workers, in the layout's order; empty for a run in this process
 */
record CellPlacements(
    List<Coordinator.Placement> placements,
    Supplier<CellMeasurements> reports,
    Optional<LocalCell> local,
    List<HttpCell> remote) {

  /**
   * @param workers the workers to place the run on; empty to run it in this process
   * @param label the matrix cell's label for the specs; empty for none
   * @return one cell in this process that runs every sender and receiver, or a cell on each worker
   *     running that node's part of the layout
   */
  static CellPlacements of(
      Optional<Workers> workers,
      MqProvider provider,
      MqConfig effective,
      RunSettings settings,
      int runId,
      long seed,
      String label) {
    if (workers.isEmpty()) {
      LocalCell cell = LocalCell.of(provider, effective);
      CellSpec spec = CellSpec.whole(provider.name(), effective.given(), settings, runId, seed);
      return new CellPlacements(
          List.of(new Coordinator.Placement(cell, spec.withLabel(label))),
          cell::checkpoint,
          Optional.of(cell),
          List.of());
    }
    List<HttpCell> cells = workers.get().cells();
    List<CellSpec> specs =
        workers.get().layout().specs(provider.name(), effective.given(), settings, runId, seed);
    List<Coordinator.Placement> placements = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      placements.add(new Coordinator.Placement(cells.get(i), specs.get(i).withLabel(label)));
    }
    // The checkpoints each cell keeps from its ticks: a scrape asks the workers nothing.
    return new CellPlacements(
        placements,
        () -> CellMeasurements.merge(cells.stream().map(HttpCell::lastReport).toList()),
        Optional.empty(),
        cells);
  }
}
