package io.mqbench.runner.session;

import io.mqbench.broker.BrokerResolution;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunQueues;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.ScheduledFault;
import io.mqbench.engine.Tick;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.results.Accounting;
import io.mqbench.results.DurabilityCheck;
import io.mqbench.results.Environment;
import io.mqbench.results.Limit;
import io.mqbench.results.MachineCost;
import io.mqbench.results.NodeResult;
import io.mqbench.results.RequestCost;
import io.mqbench.results.RunCost;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunResults;
import io.mqbench.results.RunStatus;
import io.mqbench.runner.config.FaultSpec;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.metrics.LiveRuns;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.worker.HttpCell;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One benchmark run from start to end: starts a local broker when the backend has one and no
 * address was given, runs the optional warm-up and the measured run through the engine's
 * coordinator over one cell in this process, and summarises the outcome.
 */
public final class BenchmarkSession {
  /**
   * When this JVM shuts down mid-run (a hang-up, an exit from elsewhere), how long the local broker
   * waits for the stopped run to end before it stops anyway: the run's own stop (two seconds for
   * messages in flight, bounded closes) and a settle drain.
   */
  static final Duration BROKER_STOP_WAIT = Duration.ofSeconds(20);

  /** The probe's run id differs from the measured run's: what it leaves in the queue is foreign. */
  private static final int PROBE_RUN_ID = 0x5bd1e995;

  private final MqProvider provider;
  private final MqConfig backendConfig;
  private final RunConfig config;
  private final PrintStream err;
  private volatile Coordinator current;
  private FaultActions faultActions;
  private volatile boolean stopRequested;
  private volatile Thread running;
  private final Optional<Workers> workers;
  private final CreatedQueues createdQueues;
  private List<HttpCell> remoteCells = List.of();
  private List<NodeResult> nodes = List.of();
  private LiveRuns live = LiveRuns.OFF;
  private String cellLabel = "";

  /**
   * @param provider the backend
   * @param backendConfig the backend's validated configuration
   * @param config the run's settings
   * @param err where notices go (local broker banner)
   */
  public BenchmarkSession(
      MqProvider provider, MqConfig backendConfig, RunConfig config, PrintStream err) {
    this(provider, backendConfig, config, err, Optional.empty());
  }

  /**
   * @param provider the backend
   * @param backendConfig the backend's validated configuration
   * @param config the run's settings (sender and receiver counts across every node)
   * @param err where notices go (local broker banner)
   * @param workers the workers to place the run on; empty to run in this process
   */
  public BenchmarkSession(
      MqProvider provider,
      MqConfig backendConfig,
      RunConfig config,
      PrintStream err,
      Optional<Workers> workers) {
    this(provider, backendConfig, config, err, workers, new CreatedQueues());
  }

  /**
   * @param provider the backend
   * @param backendConfig the backend's validated configuration
   * @param config the run's settings (sender and receiver counts across every node)
   * @param err where notices go (local broker banner)
   * @param workers the workers to place the run on; empty to run in this process
   * @param createdQueues the queues that this invocation's runs created, which this run adds to
   */
  public BenchmarkSession(
      MqProvider provider,
      MqConfig backendConfig,
      RunConfig config,
      PrintStream err,
      Optional<Workers> workers,
      CreatedQueues createdQueues) {
    this.createdQueues = createdQueues;
    this.workers = workers;
    this.provider = provider;
    this.backendConfig = backendConfig;
    this.config = config;
    this.err = err;
  }

  /**
   * Shows the measured run (not its warm-up or probe) in live metrics.
   *
   * @param runs where the run's figures go
   * @param cell the matrix cell's label; empty outside a matrix
   * @return this session
   */
  public BenchmarkSession publishTo(LiveRuns runs, String cell) {
    this.live = runs;
    this.cellLabel = cell;
    return this;
  }

  /**
   * Runs the benchmark.
   *
   * @param progress makes the progress display once the run is about to start
   * @return the results
   * @throws MqException if the backend cannot be opened; failures mid-run are in the result instead
   * @throws InterruptedException if interrupted, or stopped before the run started (starting a
   *     local broker, connecting)
   */
  public RunResult run(Function<RunConfig, ProgressDisplay> progress) throws InterruptedException {
    return run(progress, UnaryOperator.identity());
  }

  /**
   * Runs the benchmark and keeps its results while a local broker still runs: a JVM that shuts down
   * meanwhile (a hang-up, a signal to the process group) stops the broker only after {@code keep}
   * has written them.
   *
   * @param progress makes the progress display once the run is about to start
   * @param keep writes the results (and may place them in a matrix cell); what it returns is
   *     returned
   * @return the results as {@code keep} returned them
   * @throws MqException if the backend cannot be opened; failures mid-run are in the result instead
   * @throws InterruptedException if interrupted, or stopped before the run started (starting a
   *     local broker, connecting)
   */
  public RunResult run(Function<RunConfig, ProgressDisplay> progress, UnaryOperator<RunResult> keep)
      throws InterruptedException {
    running = Thread.currentThread();
    try {
      return runOnThisThread(progress, keep);
    } finally {
      running = null;
      Thread.interrupted(); // a stop that came too late to matter must not leak to the caller
    }
  }

  private RunResult runOnThisThread(
      Function<RunConfig, ProgressDisplay> progress, UnaryOperator<RunResult> keep)
      throws InterruptedException {
    if (stopRequested) {
      throw new InterruptedException("stopped before the run started");
    }
    // Once, before anything starts: loss under these settings is the backend's design, not a bug.
    List<String> warnings = provider.warnings(backendConfig);
    warnings.forEach(w -> err.println("mqbench: warning: " + w));
    // A run that cuts a broker node off the network runs the local broker's nodes in network
    // namespaces of their own; every other run keeps it on 127.0.0.1.
    BrokerResolution.Resolved resolved =
        BrokerResolution.resolve(provider, backendConfig, config.localBroker(), partitions());
    resolved.notices().forEach(err::println);
    Optional<LocalBroker> local = resolved.localBroker();
    // The broker's own shutdown hook (one per broker process) is the only one; while this run goes
    // on it holds the stop: a JVM shutting down stops the run, and the broker only once the run has
    // ended, settled, been summarised against it and its results written (or BROKER_STOP_WAIT has
    // passed).
    Optional<LocalBroker.Hold> held =
        local.map(broker -> broker.holdStop(this::requestStop, BROKER_STOP_WAIT));
    try {
      MqConfig effective = prepareBroker(local, resolved.config());
      return keep.apply(measure(effective, progress, warnings));
    } finally {
      local.ifPresent(LocalBroker::close);
      held.ifPresent(LocalBroker.Hold::close);
    }
  }

  /**
   * Starts the local broker if there is one, readies the faults against the broker, and creates the
   * queues of a broker this run does not own.
   *
   * @return the backend's configuration the run uses
   */
  private MqConfig prepareBroker(Optional<LocalBroker> local, MqConfig resolved)
      throws InterruptedException {
    MqConfig effective = resolved;
    if (local.isPresent()) {
      effective = local.get().start(backendConfig);
      if (partitions()) {
        err.println("mqbench: --fault partition-broker: started " + local.get().description());
      }
    }
    faultActions =
        FaultActions.forRun(
            provider,
            backendConfig,
            RunQueues.configs(provider, effective, config.run().queues()).get(0),
            local,
            config.faults(),
            err);
    if (local.isEmpty()) {
      for (MqConfig queue : RunQueues.configs(provider, effective, config.run().queues())) {
        createdQueues.beforeRun(provider, queue, config.run().subscriptions(), workers.isPresent());
      }
    }
    return effective;
  }

  /** The warm-up and the measured run, settled, summarised and described. */
  private RunResult measure(
      MqConfig effective, Function<RunConfig, ProgressDisplay> progress, List<String> warnings)
      throws InterruptedException {
    DurabilityReadings durability =
        new DurabilityReadings(
            provider, RunQueues.configs(provider, effective, config.run().queues()).get(0), err);
    durability.atStart();
    Instant startedAt = Instant.now();
    long seed = config.seed().orElseGet(() -> new SplittableRandom().nextLong());
    int runId = new SplittableRandom(seed).nextInt();
    if (!config.warmup().isZero()) {
      live.warmingUp(runId, cellLabel, workers.isPresent(), provider.name());
      warmUp(effective, ~runId, seed);
    }
    RunOutcome outcome;
    try (ProgressDisplay display = progress.apply(config)) {
      outcome = execute(effective, config.run(), runId, seed, display::update, true);
    }
    // Settled before a local broker stops: the broker the messages are in.
    Accounting accounting =
        new SettleAfterRun(provider, config.run(), workers.isPresent(), err)
            .settle(effective, outcome);
    // Read again before anything is removed: the broker the run measured, as it is now.
    DurabilityCheck found = durability.atEnd();
    for (MqConfig queue : RunQueues.configs(provider, effective, config.run().queues())) {
      createdQueues.afterRun(provider, queue, accounting.unsettled() == 0);
    }
    CellReady cell = outcome.cells().get(0);
    RunResult result =
        RunResults.summarise(
            outcome,
            accounting,
            warnings,
            config.queue(),
            config.run(),
            config.warmup(),
            cell.target(),
            effective.effective(),
            startedAt,
            Environment.current(cell.versions()));
    workers.ifPresent(w -> nodes = NodeResults.of(w.layout(), remoteCells, result.totals()));
    return described(effective, outcome, result, found, runId, seed);
  }

  /** The result with its costs, the limit and the durability found. */
  private RunResult described(
      MqConfig effective,
      RunOutcome outcome,
      RunResult result,
      DurabilityCheck found,
      int runId,
      long seed)
      throws InterruptedException {
    RequestCost requests =
        RequestCost.of(
            outcome.measurements().requests(),
            provider.requestPrice(effective),
            result.totals().sent());
    MachineCost machines =
        config.machinePrice().isEmpty()
            ? null
            : MachineCost.of(config.machinePrice().get(), config.run(), result.totals());
    RunResult costed = result.withCost(new RunCost(requests, machines));
    // Probed while a local broker still runs: the same broker the run measured.
    Limit limit =
        new LimitProbe(
                config.run(), config.limitProbe(), workers.isPresent(), () -> stopRequested, err)
            .limit(
                costed,
                probe -> execute(effective, probe, runId ^ PROBE_RUN_ID, seed, t -> {}, false));
    RunResult described =
        costed
            .withRates(costed.rates().withLimit(limit))
            .withDelivery(
                costed.delivery().withDurability(found.effective()).withDurabilityCheck(found));
    return found.changed()
        ? described.withStatus(described.status().worst(RunStatus.DURABILITY_CHANGED))
        : described;
  }

  private boolean partitions() {
    return config.faults().stream().anyMatch(f -> f.kind() == FaultSpec.Kind.PARTITION_BROKER);
  }

  /**
   * Runs unmeasured for the warm-up time (JIT compilation, connections, broker caches), with its
   * own run id so that anything it leaves in the queue is foreign to the measured run.
   */
  private void warmUp(MqConfig effective, int runId, long seed) throws InterruptedException {
    RunOutcome warm =
        execute(
            effective,
            config.run().forDuration(config.warmup()),
            runId,
            seed,
            new WarmUpProgress(config.warmup(), config.run().receiverIdle(), err),
            false);
    if (warm.failure().isPresent()) {
      throw new MqException("warm-up failed: " + warm.failure().get().line());
    }
  }

  /**
   * @param measured whether this is the measured run, which live metrics show (a warm-up or a probe
   *     is not)
   */
  private RunOutcome execute(
      MqConfig effective,
      RunSettings settings,
      int runId,
      long seed,
      Consumer<Tick> onTick,
      boolean measured)
      throws InterruptedException {
    String label = measured ? cellLabel : "";
    CellPlacements cells =
        CellPlacements.of(workers, provider, effective, settings, runId, seed, label);
    if (workers.isPresent()) {
      remoteCells = cells.remote();
    }
    // Only the measured run gets the faults: not its warm-up, not the limit probe.
    List<ScheduledFault> faults =
        measured && !config.faults().isEmpty() && faultActions != null
            ? faultActions.schedule(config.faults(), cells.local(), workers, remoteCells)
            : List.of();
    Coordinator coordinator = new Coordinator(cells.placements(), onTick, faults);
    current = coordinator;
    if (stopRequested) {
      coordinator.requestStop(); // Ctrl-C during the warm-up stops the measured run too
    }
    if (!measured) {
      return coordinator.run();
    }
    live.started(runId, label, workers.isPresent(), provider.name(), cells.reports());
    RunOutcome outcome = coordinator.run();
    live.finished(runId, outcome.measurements());
    return outcome;
  }

  /**
   * @return what each worker node did in the last run, with its clock offset; empty for a run in
   *     this process
   */
  public List<NodeResult> nodes() {
    return nodes;
  }

  /**
   * Stops the run early if one is under way, and any run this session would start after it; the
   * measured run's results are still summarised and written. Before measuring has started (starting
   * a local broker, connecting) there is nothing to keep: the thread in {@link #run} is
   * interrupted, so that a stop never waits for a connect timeout.
   */
  public void requestStop() {
    stopRequested = true;
    Coordinator run = current;
    if (run != null) {
      run.requestStop();
    }
    Thread t = running;
    if (t != null && (run == null || !run.started())) {
      t.interrupt();
    }
  }
}
