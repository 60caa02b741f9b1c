package io.mqbench.runner.session;

import io.mqbench.broker.BrokerResolution;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunQueues;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.ScheduledFault;
import io.mqbench.engine.Tick;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.BrokerFaults;
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
import io.mqbench.results.RunResult;
import io.mqbench.results.RunResults;
import io.mqbench.results.RunStatus;
import io.mqbench.runner.config.FaultSpec;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.metrics.LiveRuns;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.worker.HttpCell;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
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
    MqConfig effective = resolved.config();
    // The broker's own shutdown hook (one per broker process) is the only one; while this run goes
    // on it holds the stop: a JVM shutting down stops the run, and the broker only once the run has
    // ended, settled, been summarised against it and its results written (or BROKER_STOP_WAIT has
    // passed).
    Optional<LocalBroker.Hold> held =
        local.map(broker -> broker.holdStop(this::requestStop, BROKER_STOP_WAIT));
    try {
      if (local.isPresent()) {
        effective = local.get().start(backendConfig);
        if (partitions()) {
          err.println("mqbench: --fault partition-broker: started " + local.get().description());
        }
      }
      faultActions =
          new FaultActions(
              provider,
              RunQueues.configs(provider, effective, config.run().queues()).get(0),
              local.flatMap(LocalBroker::faults).or(() -> composeFaults(local)),
              err);
      faultActions.check(
          config.faults(),
          local.map(LocalBroker::description).orElse("the " + provider.name() + " broker"));
      if (local.isEmpty()) {
        for (MqConfig queue : RunQueues.configs(provider, effective, config.run().queues())) {
          createdQueues.beforeRun(
              provider, queue, config.run().subscriptions(), workers.isPresent());
        }
      }
      DurabilityReadings durability =
          new DurabilityReadings(
              provider, RunQueues.configs(provider, effective, config.run().queues()).get(0), err);
      durability.atStart();
      Instant startedAt = Instant.now();
      long seed = config.seed().orElseGet(() -> new SplittableRandom().nextLong());
      int runId = new SplittableRandom(seed).nextInt();
      if (!config.warmup().isZero()) {
        warmUp(effective, ~runId, seed);
      }
      RunOutcome outcome;
      try (ProgressDisplay display = progress.apply(config)) {
        outcome = execute(effective, config.run(), runId, seed, display::update, true);
      }
      CellReady cell = outcome.cells().get(0);
      // Settled before a local broker stops: the broker the messages are in.
      Accounting accounting = settle(effective, outcome);
      // Read again before anything is removed: the broker the run measured, as it is now.
      DurabilityCheck found = durability.atEnd();
      for (MqConfig queue : RunQueues.configs(provider, effective, config.run().queues())) {
        createdQueues.afterRun(provider, queue, accounting.unsettled() == 0);
      }
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
      RunResult costed =
          result.withRequests(
              RequestCost.of(
                  outcome.measurements().requests(),
                  provider.requestPrice(effective),
                  result.totals().sent()));
      if (config.machinePrice().isPresent()) {
        costed =
            costed.withMachineCost(
                MachineCost.of(config.machinePrice().get(), config.run(), costed.totals()));
      }
      // Probed while a local broker still runs: the same broker the run measured.
      RunResult described =
          costed
              .withLimit(limit(effective, costed, runId, seed))
              .withDurability(found.effective())
              .withDurabilityCheck(found);
      return keep.apply(
          found.changed()
              ? described.withStatus(described.status().worst(RunStatus.DURABILITY_CHANGED))
              : described);
    } finally {
      local.ifPresent(LocalBroker::close);
      held.ifPresent(LocalBroker.Hold::close);
    }
  }

  /**
   * A run with broker faults on the cluster of the backend's compose file (no address given, no
   * local broker: the planner checked that a docker CLI answers) faults its containers.
   */
  private Optional<BrokerFaults> composeFaults(Optional<LocalBroker> local) {
    Optional<BrokerAddressing> a = provider.brokerAddressing();
    boolean brokerFaults = config.faults().stream().anyMatch(f -> f.kind().onBroker());
    if (local.isPresent() || !brokerFaults || a.isEmpty() || a.get().isGivenIn(backendConfig)) {
      return Optional.empty();
    }
    ComposeBrokerFaults compose =
        ComposeBrokerFaults.of(
            ComposeBrokerFaults.docker(System.getenv()), Path.of(a.get().composeFile()));
    err.println(
        "mqbench: broker faults hit the containers of "
            + a.get().composeFile()
            + "'s cluster through docker compose ("
            + compose.nodes()
            + " node"
            + (compose.nodes() == 1 ? "" : "s")
            + ")");
    return Optional.of(compose);
  }

  private boolean partitions() {
    return config.faults().stream().anyMatch(f -> f.kind() == FaultSpec.Kind.PARTITION_BROKER);
  }

  /**
   * After a failure or an outage, acknowledged messages that did not arrive may well still be in
   * the queue, or held under a lease by a receiver that lost its connection: drains it, within a
   * bound, so that what is found counts as received, what is proven missing as lost (the queue idle
   * for the receivers' idle time past the backend's lease), and only the rest as unsettled. After a
   * stop (Ctrl-C) they stay unsettled: the stop must end promptly, and {@code mqbench drain}
   * settles them later.
   */
  private Accounting settle(MqConfig effective, RunOutcome outcome) throws InterruptedException {
    Accounting own = Accounting.of(outcome, config.run());
    boolean failed = outcome.failure().isPresent();
    boolean outage = !failed && !outcome.interrupted() && config.run().receivers() > 0;
    boolean cutShort = failed || outcome.interrupted() || outage;
    if (!cutShort || own.unsettled() == 0) {
      return own;
    }
    if (workers.isPresent()) {
      // The queue is the workers' (an in-memory one lives in each worker's process): a drain from
      // here could prove nothing missing, and might read another backend instance entirely.
      err.printf(
          Locale.ROOT,
          "mqbench: %,d acknowledged messages not received stay unsettled (the run was on"
              + " workers; `mqbench drain RESULTS_FOLDER` settles them where the queue is shared)%n",
          own.unsettled());
      return own;
    }
    if (config.run().queues() > 1 || config.run().subscriptions() > 1) {
      err.printf(
          Locale.ROOT,
          "mqbench: %,d acknowledged messages not received stay unsettled: a run of several queues"
              + " or subscriptions is not drained afterwards%n",
          own.unsettled());
      return own;
    }
    if (outcome.interrupted() && !failed) {
      // A stop must end within seconds; a drain is for failures and outages, and `drain` settles
      // a stopped run when asked.
      err.printf(
          Locale.ROOT,
          "mqbench: %,d acknowledged messages not received before the stop stay unsettled;"
              + " `mqbench drain RESULTS_FOLDER` settles them%n",
          own.unsettled());
      return own;
    }
    SettleBound bound =
        SettleBound.of(provider.leaseAfterConnectionLoss(effective), config.run(), failed);
    err.printf(
        Locale.ROOT,
        "mqbench: %,d acknowledged messages not received when the run %s; draining the queue for"
            + " up to %s to settle them (missing only once nothing arrived for %s: %s)%n",
        own.unsettled(),
        failed ? "failed" : "ended after an outage",
        Durations.format(bound.bound()),
        Durations.format(bound.idle()),
        bound.why());
    Settlement.Result settled =
        Settlement.drain(
            provider,
            effective,
            outcome.runId(),
            config.run().senders(),
            own,
            bound.idle(),
            bound.bound());
    Accounting after = settled.accounting();
    err.printf(
        Locale.ROOT,
        "mqbench: settle drain found %,d; %s%n",
        settled.found(),
        settled.completed()
            ? String.format(Locale.ROOT, "the queue is drained: %,d lost", after.lost())
            : String.format(
                Locale.ROOT,
                "%,d unsettled (%s); `mqbench drain RESULTS_FOLDER` tries again",
                after.unsettled(),
                settled.problem().orElse("not drained")));
    return after;
  }

  /**
   * When the receiving side set the pace (senders held back by the backlog limit, or receivers that
   * trailed them), tells which part of it: a short unmeasured probe with twice the receivers, the
   * backlog limit on, its end-to-end rate against the run's, slice by slice. Receivers that were
   * the limit move more with more of them; a queue whose delivery path is the limit does not; a
   * spread across the threshold is inconclusive.
   *
   * @return the limit, or null when the receiving side did not set the pace
   */
  private Limit limit(MqConfig effective, RunResult result, int runId, long seed)
      throws InterruptedException {
    boolean behind = result.status() == RunStatus.RECEIVERS_BEHIND;
    if (result.catchUp() != null) {
      return null; // its receivers are meant to be behind at first; catching up is its verdict
    }
    if (!(behind || result.status() == RunStatus.OK)
        || !Limit.receivingSideSetThePace(result.totals(), behind)) {
      return null;
    }
    RunSettings run = config.run();
    double endToEnd = result.totals().endToEndPerSecond();
    if (config.limitProbe().isZero()) {
      return Limit.unprobed(run.receivers(), endToEnd, "--limit-probe 0s");
    }
    if (workers.isPresent()) {
      // Receivers are placed per node by the layout; doubling them is a different placement.
      return Limit.unprobed(run.receivers(), endToEnd, "not probed on workers");
    }
    if (stopRequested) {
      return Limit.unprobed(run.receivers(), endToEnd, "the run was stopped");
    }
    int probeReceivers = 2 * run.receivers();
    err.printf(
        Locale.ROOT,
        "mqbench: the receiving side set the pace (%s); probing for %s with %d receivers instead"
            + " of %d (not measured)%n",
        behind
            ? "the receivers trailed the senders"
            : String.format(
                Locale.ROOT,
                "senders held back %.0f %% of the time",
                100 * result.totals().sendersHeldShare()),
        Durations.format(config.limitProbe()),
        probeReceivers,
        run.receivers());
    RunSettings probe =
        run.withReceivers(probeReceivers)
            .forDuration(config.limitProbe())
            .withMaxBacklog(BacklogLimit.AUTO);
    RunOutcome probed;
    try {
      probed = execute(effective, probe, runId ^ PROBE_RUN_ID, seed, t -> {}, false);
    } catch (MqException e) {
      return Limit.unprobed(run.receivers(), endToEnd, "the probe failed: " + e.getMessage());
    }
    if (probed.failure().isPresent() || probed.interrupted()) {
      return Limit.unprobed(
          run.receivers(),
          endToEnd,
          probed.failure().map(f -> "the probe failed: " + f.line()).orElse("the probe stopped"));
    }
    return Limit.probed(
        new Limit.Measured(
            run.receivers(),
            endToEnd,
            Limit.slices(result.timeline(), result.totals().sendSeconds())),
        new Limit.Measured(
            probeReceivers,
            probed.pacing().endToEndPerSecond(),
            Limit.slices(probed.timeline(), probed.pacing().sendingNanos() / 1e9)));
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
    List<Coordinator.Placement> placements = new ArrayList<>();
    String label = measured ? cellLabel : "";
    Supplier<CellMeasurements> reports;
    Optional<LocalCell> localCell = Optional.empty();
    if (workers.isPresent()) {
      List<HttpCell> cells = workers.get().cells();
      List<CellSpec> specs =
          workers.get().layout().specs(provider.name(), effective.given(), settings, runId, seed);
      for (int i = 0; i < cells.size(); i++) {
        placements.add(new Coordinator.Placement(cells.get(i), specs.get(i).withLabel(label)));
      }
      remoteCells = cells;
      // The checkpoints each cell keeps from its ticks: a scrape asks the workers nothing.
      reports = () -> CellMeasurements.merge(cells.stream().map(HttpCell::lastReport).toList());
    } else {
      LocalCell cell = LocalCell.of(provider, effective);
      CellSpec spec = CellSpec.whole(provider.name(), effective.given(), settings, runId, seed);
      placements.add(new Coordinator.Placement(cell, spec.withLabel(label)));
      reports = cell::checkpoint;
      localCell = Optional.of(cell);
    }
    // Only the measured run gets the faults: not its warm-up, not the limit probe.
    List<ScheduledFault> faults =
        measured && !config.faults().isEmpty() && faultActions != null
            ? faultActions.schedule(
                config.faults(), localCell, workers, workers.isPresent() ? remoteCells : List.of())
            : List.of();
    Coordinator coordinator = new Coordinator(placements, onTick, faults);
    current = coordinator;
    if (stopRequested) {
      coordinator.requestStop(); // Ctrl-C during the warm-up stops the measured run too
    }
    if (!measured) {
      return coordinator.run();
    }
    live.started(runId, label, workers.isPresent(), provider.name(), reports);
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
