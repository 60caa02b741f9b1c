package io.mqbench.engine.run;

import io.mqbench.engine.Cell;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.ScheduledFault;
import io.mqbench.engine.Tick;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryLedger;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one run over its cells: prepares them all (the start barrier), starts them together, turns
 * their counts into one tick per second (and a last, shorter tick for the remainder), asks the
 * run's {@link RunWatcher}s what to do at every poll, and merges the cells' reports into the
 * outcome, to which each watcher adds its part. It sees only {@link Cell}s, so a cell may be in
 * this process or on another machine, and it names no feature: pacing, phases, catch-up, faults,
 * gaps and when receiving ends are the watchers of {@link RunFeatures#standard}.
 *
 * <p>Senders start at once; receivers too, unless the run's {@link Phases} keep them back for a
 * watcher to start. The run ends when a watcher ends it, or when a sender or receiver fails.
 */
public final class Coordinator {
  private static final long POLL_MILLIS = 20;

  /**
   * A cell and its part of the run.
   *
   * @param cell the cell
   * @param spec what it runs
   */
  public record Placement(Cell cell, CellSpec spec) {}

  private final RunCells cells;
  private final RunSettings settings;
  private final Consumer<Tick> onTick;
  private final List<RunWatcher> watchers;
  private final StopRequest stop = new StopRequest();
  private volatile boolean started;

  /**
   * @param placements the run's cells with their parts; every spec carries the same settings, run
   *     id and seed
   * @param onTick called on the coordinator's thread once per second with the counts so far, and
   *     once more at the end with the last tick, which covers the rest of the run up to its final
   *     counts
   */
  public Coordinator(List<Placement> placements, Consumer<Tick> onTick) {
    this(placements, onTick, List.of());
  }

  /**
   * A run with faults injected while it goes on.
   *
   * @param placements the run's cells with their parts; every spec carries the same settings, run
   *     id and seed
   * @param onTick called on the coordinator's thread once per second with the counts so far, and
   *     once more at the end
   * @param faults what to inject and when, in any order; each is recorded in the outcome with what
   *     the run did before, during and after it ({@link RunOutcome#faults()})
   */
  public Coordinator(
      List<Placement> placements, Consumer<Tick> onTick, List<ScheduledFault> faults) {
    this(placements, onTick, standardFeatures(placements, faults));
  }

  /**
   * A run with the given features.
   *
   * @param placements the run's cells with their parts; every spec carries the same settings, run
   *     id and seed
   * @param onTick called on the coordinator's thread once per second with the counts so far, and
   *     once more at the end
   * @param features the watchers to ask at every poll, in order
   */
  public Coordinator(List<Placement> placements, Consumer<Tick> onTick, RunFeatures features) {
    if (placements.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one cell");
    }
    this.cells = new RunCells(placements);
    this.settings = placements.get(0).spec().settings();
    this.onTick = onTick;
    this.watchers = features.watchers();
  }

  private static RunFeatures standardFeatures(
      List<Placement> placements, List<ScheduledFault> faults) {
    if (placements.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one cell");
    }
    return RunFeatures.standard(placements.get(0).spec().settings(), faults);
  }

  /**
   * Asks the run to stop early (Ctrl-C): senders stop and complete what they have in flight,
   * receivers take what is still arriving (waiting at most two seconds for more), and the outcome
   * says it was interrupted. Safe from any thread, also before the run starts.
   */
  public void requestStop() {
    stop.request();
    cells.stopSenders();
  }

  /**
   * @return whether every cell is prepared and the run has started (connecting is over)
   */
  public boolean started() {
    return started;
  }

  /**
   * Prepares every cell, runs to the end and merges the reports. Failures of senders and receivers
   * stop the run and are reported in the outcome, not thrown; every cell is closed.
   *
   * @return what the run produced
   * @throws io.mqbench.mq.MqException if a cell could not be prepared (backend unreachable, senders
   *     not created within the connect timeout)
   * @throws InterruptedException if the calling thread is interrupted
   */
  public RunOutcome run() throws InterruptedException {
    try {
      List<CellReady> ready = cells.prepareAll();
      long start = System.nanoTime();
      started = true;
      boolean receiving = settings.phases() == Phases.TOGETHER;
      cells.startSenders(start);
      if (receiving) {
        cells.startReceivers(start);
      }
      RunState run = new RunState(settings, cells, stop, start, receiving);
      Timeline timeline = new Timeline(start, onTick);
      watchers.forEach(w -> w.started(run));
      try {
        watch(run, timeline);
      } finally {
        for (RunWatcher w : watchers) {
          w.stopped();
        }
      }
      cells.stopSenders();
      cells.stopReceivers();
      CellMeasurements merged = cells.finish(settings.receiveWait().plus(Duration.ofSeconds(30)));
      DeliveryLedger ledger = merged.ledger();
      timeline.finish(run.nowNanos(), ledger);
      return outcome(run, ready, merged, ledger, timeline.ticks());
    } finally {
      cells.close();
    }
  }

  /** Polls the cells until a watcher ends the run or a cell reports a failure. */
  private void watch(RunState run, Timeline timeline) throws InterruptedException {
    while (true) {
      Thread.sleep(POLL_MILLIS);
      // The run ends at its last poll: every whole second before it has its tick, so the last
      // tick is shorter than a second unless a failure returns before the ticks are made.
      CellProgress progress = cells.poll();
      run.polled(System.nanoTime(), progress);
      if (progress.failure().isPresent()) {
        return;
      }
      timeline.advance(run.nowNanos(), cells::tickCounts);
      for (RunWatcher w : watchers) {
        w.poll(run);
        if (run.ended()) {
          return;
        }
      }
    }
  }

  private RunOutcome outcome(
      RunState run,
      List<CellReady> ready,
      CellMeasurements merged,
      DeliveryLedger ledger,
      List<Tick> timeline) {
    CellSpec first = cells.firstSpec();
    RunEnd end =
        new RunEnd(
            merged,
            run.sinceStart(),
            run.sendingEndSinceStart(),
            run.interrupted(),
            merged.failure().isPresent());
    RunOutcomeBuilder outcome =
        RunOutcomeBuilder.builder()
            .runId(first.runId())
            .seed(first.seed())
            .cells(ready)
            .measurements(merged)
            .timeline(timeline)
            .ledger(ledger)
            .drainStartNanos(run.receiversLateStartSinceStart())
            .failure(merged.failure())
            .endedIdle(run.endedIdle())
            .interrupted(run.interrupted());
    for (RunWatcher w : watchers) {
      w.contribute(end, outcome);
    }
    return outcome.build();
  }
}
