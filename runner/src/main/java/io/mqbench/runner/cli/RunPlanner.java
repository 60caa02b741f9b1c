package io.mqbench.runner.cli;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.broker.BrokerResolution;
import io.mqbench.broker.BrokerResolution.LocalPolicy;
import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.Mode;
import io.mqbench.engine.OnClientError;
import io.mqbench.engine.RunQueues;
import io.mqbench.engine.RunSettings;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.setting.LayeredDefaults;
import io.mqbench.runner.cli.setting.Setting;
import io.mqbench.runner.cli.setting.SettingSources;
import io.mqbench.runner.config.FaultSpec;
import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.ScenarioFile;
import io.mqbench.runner.config.Workload;
import io.mqbench.runner.session.ComposeBrokerFaults;
import io.mqbench.runner.session.RunLimits;
import io.mqbench.worker.NodeLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Turns the parsed options of {@code mqbench run} into the list of runs to make, each validated
 * before anything connects: options, backend keys and values, declared limits, the heap the
 * messages need, and the output folder. A scenario's matrix gives one plan per cell and repetition;
 * each cell's values sit above every other source but the command line, where an axis may not be
 * given again.
 */
final class RunPlanner {
  private final Invocation invocation;
  private final MqProviders providers;
  private final Optional<ScenarioFile> scenario;
  private final SettingSources sources;
  private final List<String> runArgs;
  private final RunHeap heap;
  private final MachineLimits machine = MachineLimits.here();

  /**
   * @param invocation environment, system properties and streams
   * @param providers the backends
   * @param scenario the scenario file, if one was given
   * @param preset the preset, if one was given
   * @param runArgs the command line after {@code run}, parsed again for each matrix cell
   * @param heap the heap the runs will have
   */
  RunPlanner(
      Invocation invocation,
      MqProviders providers,
      Optional<ScenarioFile> scenario,
      Optional<Preset> preset,
      List<String> runArgs,
      RunHeap heap) {
    this.invocation = invocation;
    this.providers = providers;
    this.scenario = scenario;
    // The command line is parsed by picocli, the layers below it come from here.
    this.sources =
        SettingSources.of(List.of(), invocation.systemProperties(), invocation.env())
            .withFiles(scenario, preset);
    this.runArgs = List.copyOf(runArgs);
    this.heap = heap;
  }

  /** As above, the runs taking place in this JVM. */
  RunPlanner(
      Invocation invocation,
      MqProviders providers,
      Optional<ScenarioFile> scenario,
      Optional<Preset> preset,
      List<String> runArgs) {
    this(invocation, providers, scenario, preset, runArgs, RunHeap.thisJvm());
  }

  /**
   * @return the heap the runs will have, and the JVM they take place in
   */
  RunHeap heap() {
    return heap;
  }

  /**
   * @return where the runs' settings come from below the command line
   */
  SettingSources sources() {
    return sources;
  }

  /**
   * @param given the options as parsed for the whole invocation
   * @return every run, validated
   * @throws ConfigException for the first invalid option, key, value or matrix cell
   */
  RunPlans plan(RunOptions given) {
    return plan(given, Optional.empty());
  }

  /**
   * Plans the runs of one step of a rate sweep: the options' runs in rate mode at {@code rate},
   * whatever {@code --mode} and {@code --rate} say.
   *
   * @param given the options as parsed for the whole invocation
   * @param rate messages per second across senders
   * @return every run, validated
   * @throws ConfigException for the first invalid option, key, value or matrix cell
   */
  RunPlans planAtRate(RunOptions given, double rate) {
    return plan(given, Optional.of(rate));
  }

  /**
   * Refuses an option given where it does nothing in every run planned ({@link InertOptions}).
   *
   * @param given the options as parsed for the whole invocation
   * @param givenOnInvocation whether an option, by its long name, was given rather than left at its
   *     default: on the command line, by -D, MQBENCH_, the scenario or the preset
   * @throws ConfigException in one line naming the option and what it needs
   */
  void checkInert(RunOptions given, Predicate<String> givenOnInvocation) {
    InertOptions inert = new InertOptions();
    List<Map<String, String>> cells = scenario.map(ScenarioFile::cells).orElse(List.of(Map.of()));
    for (Map<String, String> cell : cells) {
      RunOptions options = cell.isEmpty() ? given : parseCell(cell);
      inert.see(
          options,
          name -> givenOnInvocation.test(name) || cell.containsKey(SettingSources.camelName(name)));
    }
    inert.check();
  }

  private RunPlans plan(RunOptions given, Optional<Double> atRate) {
    ResultsFolders.check(given.execution.out);
    if (scenario.isEmpty() || (!scenario.get().isMatrix() && scenario.get().suite().isEmpty())) {
      // A matrix of one cell is one run, of that cell: its axes' values are the run's, though
      // it is labelled as any single run is.
      Map<String, String> cell = scenario.map(s -> s.cells().get(0)).orElse(Map.of());
      RunOptions options = cell.isEmpty() ? given : parseCell(cell);
      RunPlan single = plan(1, options, cell, Map.of(), 0, atRate);
      return new RunPlans(
          List.of(single),
          false,
          1,
          1,
          given.execution.out,
          given.queue,
          given.execution.failFast,
          given.execution.keepQueue,
          Optional.empty());
    }
    ScenarioFile s = scenario.get();
    List<Cell> cells = cellsToRun(s);
    // In rounds, every cell once and then every cell again, rather than each cell's repetitions
    // in a row: drift on the host (a warming disk, a neighbour's load) then hits every cell alike.
    List<RunPlan> runs = new ArrayList<>();
    for (int rep = 1; rep <= s.repeat(); rep++) {
      for (Cell c : cells) {
        runs.add(plan(runs.size() + 1, c.options(), c.values(), c.label(), rep, atRate));
      }
    }
    return new RunPlans(
        runs,
        true,
        cells.size(),
        s.repeat(),
        given.execution.out,
        given.queue,
        given.execution.failFast,
        given.execution.keepQueue,
        s.suite());
  }

  /** The scenario's cells, each parsed, but those a suite leaves out ({@link #runnable}). */
  private List<Cell> cellsToRun(ScenarioFile s) {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < s.cells().size(); i++) {
      Cell cell = new Cell(parseCell(s.cells().get(i)), s.cells().get(i), s.labels().get(i));
      if (runnable(s, cell)) {
        cells.add(cell);
      }
    }
    if (cells.isEmpty()) {
      throw new ConfigException(
          "suite " + s.suite().orElse("") + ": none of its workloads can run on these queues");
    }
    return cells;
  }

  /** The backend's configuration for a run of the cell. */
  private MqConfig backend(MqProvider provider, RunOptions o, Map<String, String> cell) {
    return BackendProperties.configure(
        provider,
        providers.names(),
        scenario,
        cell,
        invocation,
        o.durability,
        o.execution.properties);
  }

  /** A matrix cell: its options as parsed, the values it sets, and its label. */
  private record Cell(RunOptions options, Map<String, String> values, Map<String, String> label) {}

  /**
   * Whether a cell can run: a suite's workload that a queue cannot take (publish/subscribe where
   * the backend has none) is left out for that queue, said in one line, rather than failing the
   * suite; any other scenario is refused for it when the cell is planned.
   */
  private boolean runnable(ScenarioFile s, Cell cell) {
    RunOptions o = cell.options();
    if (s.suite().isEmpty() || o.subscriptions <= 1) {
      return true;
    }
    MqProvider provider = providers.find(o.queue);
    if (provider.supportsSubscriptions(backend(provider, o, cell.values()))) {
      return true;
    }
    invocation
        .err()
        .println(
            "mqbench: suite "
                + s.suite().get()
                + ": "
                + provider.name()
                + " has no publish/subscribe, so its "
                + cell.label()
                    .getOrDefault(Workload.LABEL_KEY, "--subscriptions " + o.subscriptions)
                + " workload is skipped");
    return false;
  }

  /** The run command's options again, with one matrix cell's values above every default. */
  private RunOptions parseCell(Map<String, String> cell) {
    RunOptions options = new RunOptions();
    CommandLine cli = new CommandLine(options);
    // The heap is the run command's, read before planning (RunHeap); a cell takes it as given.
    cli.getCommandSpec()
        .addOption(OptionSpec.builder("--" + RunHeap.OPTION).paramLabel("SIZE").arity("1").build());
    cli.setDefaultValueProvider(new LayeredDefaults(sources.inCell(cell)));
    CommandLine.ParseResult parsed = cli.parseArgs(runArgs.toArray(String[]::new));
    for (OptionSpec option : cli.getCommandSpec().options()) {
      String name = SettingSources.camelName(option.longestName());
      if (!cell.containsKey(name)) {
        continue;
      }
      if (parsed.hasMatchedOption(option)) {
        throw new ConfigException(
            option.longestName()
                + " is varied by the scenario's matrix; do not also give it on the command line");
      }
      // Otherwise the axis would win over them silently: one of the two was not meant.
      Optional<Setting> above = sources.fromProcess(name);
      if (above.isPresent()) {
        throw new ConfigException(
            above.get().origin()
                + "="
                + above.get().value()
                + " sets "
                + option.longestName()
                + ", which the scenario's matrix varies ("
                + name
                + ": "
                + String.join(", ", scenario.orElseThrow().axisValues(name))
                + "); drop one");
      }
    }
    return options;
  }

  private RunPlan plan(
      int number,
      RunOptions o,
      Map<String, String> cell,
      Map<String, String> label,
      int repetition,
      Optional<Double> atRate) {
    MqProvider provider = providers.find(o.queue);
    MqConfig backend = backend(provider, o, cell);
    RunChecks.checkMessageOptions(o);
    Optional<NodeLayout> nodes = NodePlanning.layout(o);
    RunSettings settings = EngineOptions.settings(o, computed(o, atRate, nodes));
    RunQueues.check(provider, backend, settings);
    LocalPolicy localBroker = LocalPolicy.parse(o.localBroker);
    List<FaultSpec> faults =
        FaultPlanning.plan(
            o.faults,
            localBroker,
            settings,
            nodes,
            provider,
            backend,
            () -> BrokerResolution.usesComposeBroker(provider, backend),
            () ->
                ComposeBrokerFaults.dockerAvailable(ComposeBrokerFaults.docker(invocation.env())));
    RunConfig config =
        new RunConfig(
            o.queue,
            settings,
            RunChecks.warmup(o),
            o.seed,
            o.execution.out,
            backend.effective(),
            RunChecks.limitProbe(o),
            RunChecks.machinePrice(o, provider, backend),
            faults,
            localBroker);
    RunLimits.check(provider, backend, config);
    if (nodes.isEmpty()) {
      // On workers, the threads and batches are the workers', each checking its own part.
      heap.checkBatchesFit(settings);
      machine.check(settings, heap.available(settings), heap.howToRaise());
    }
    return new RunPlan(
        number,
        BackendProperties.shown(label, backend),
        repetition,
        provider,
        backend,
        config,
        showProgress(o.execution.progress),
        nodes.map(layout -> NodePlanning.workers(layout, o)),
        label.isEmpty() ? Map.of() : cell);
  }

  /**
   * The settings whose values depend on others (the mode's duration and batch, the nodes' threads,
   * how faults meet client errors), as JSON above the options themselves.
   */
  private static ObjectNode computed(
      RunOptions o, Optional<Double> atRate, Optional<NodeLayout> nodes) {
    Mode mode = atRate.isPresent() ? Mode.RATE : Mode.parse(o.mode);
    boolean rate = mode == Mode.RATE;
    Optional<Duration> duration =
        rate
            ? Optional.of(o.duration.orElse(RunSettings.DEFAULT_RATE_DURATION))
            : o.duration.or(
                () ->
                    o.messages.isPresent() || o.senders == 0
                        ? Optional.empty()
                        : Optional.of(RunOptions.DEFAULT_THROUGHPUT_DURATION));
    ObjectNode computed = JsonNodeFactory.instance.objectNode().put("mode", mode.label());
    atRate.ifPresent(r -> computed.put("rate", r));
    duration.ifPresentOrElse(
        d -> computed.put("duration", Durations.format(d)), () -> computed.putNull("duration"));
    computed.put(
        "batch",
        o.batch.orElse(
            rate ? RunSettings.DEFAULT_RATE_BATCH : RunSettings.DEFAULT_THROUGHPUT_BATCH));
    nodes.ifPresent(
        layout -> computed.put("senders", layout.senders()).put("receivers", layout.receivers()));
    if (o.onClientError.isEmpty() && o.faults.stream().anyMatch(f -> !f.isBlank())) {
      // A run with faults is there to measure the recovery, which failing at the first error hides.
      computed.put("onClientError", OnClientError.RECONNECT.label());
    }
    return computed;
  }

  private boolean showProgress(String progress) {
    return switch (progress) {
      case "always" -> true;
      case "never" -> false;
      case "auto" -> invocation.terminal();
      default ->
          throw new ConfigException(
              "--progress must be auto, always or never, was '" + progress + "'");
    };
  }
}
