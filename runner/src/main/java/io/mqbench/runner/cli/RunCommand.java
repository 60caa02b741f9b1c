package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import io.mqbench.runner.cli.setting.GivenSettings;
import io.mqbench.runner.store.RunRecorder;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mqbench run}: plans every run the options ask for (validating them all before anything
 * connects), then prints the plans ({@code --dry-run}) or runs them.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    abbreviateSynopsis = true,
    description = {
      "Runs a benchmark: sender threads send batches and count a batch as sent when the backend"
          + " acknowledges it; receiver threads receive, account for every message and"
          + " acknowledge. Writes run.json, summary.csv, summary.xlsx, .hgrm files, a chart and"
          + " report.html into the folder its last lines name; `mqbench report FOLDER...` makes"
          + " one report.html over several results folders.",
      "",
      "Every option can also be given as -D<camelCaseName> (-DreceiverIdle=5s), as the"
          + " environment variable MQBENCH_<NAME> (MQBENCH_RECEIVER_IDLE=5s) or in a --scenario"
          + " file; the command line wins, then -D, then the environment, then the file."
          + " Backend keys: -p kafka.acks=all, -Dkafka.acks=all or MQBENCH_KAFKA_ACKS=all;"
          + " `mqbench queues` lists them.",
      "",
      "Exit codes: 0 ok, harness-limited or host-limited, 1 failed, 2 bad input, 3 lost messages,"
          + " 4 target not met, 5 receivers behind, 6 unsettled (see `mqbench drain`), 9 a fault"
          + " not recovered from, 10 durability changed during the run, 130 stopped by Ctrl-C, 143"
          + " stopped by SIGTERM.",
      ""
    })
final class RunCommand implements Callable<Integer> {
  @Mixin RunOptions options = new RunOptions();

  // Main reads it before parsing (with -Dheap and MQBENCH_HEAP): the heap is chosen before the
  // runs are planned. Declared here for --help and the parser.
  @Option(
      names = {"--heap"},
      paramLabel = "SIZE",
      description = {
        "Maximum heap of the JVM the runs take place in (512m, 2g); the runner starts that JVM."
            + " Default: sized from the runs, at most a quarter of the machine's memory; or java's"
            + " own heap when it was given -Xmx.",
        "The heap is sized from the runs' threads, messages in flight and messages to account for."
            + " When java itself was given -Xmx (or another heap flag), the runs stay in its heap."
      })
  String heap;

  @Spec CommandSpec spec;

  private final Invocation invocation;
  private final RunPlanner planner;
  private final StopSignals stop;

  RunCommand(Invocation invocation, RunPlanner planner, StopSignals stop) {
    this.invocation = invocation;
    this.planner = planner;
    this.stop = stop;
  }

  @Override
  public Integer call() {
    GivenSettings given = new GivenSettings(spec, planner.sources());
    planner.checkInert(options, given::given);
    if (SweepRunner.requested(options)) {
      return new SweepRunner(invocation, planner, stop).run(options, given);
    }
    RunPlans plans = planner.plan(options);
    options.execution.checkStore();
    if (options.execution.dryRun) {
      new PlanPrinter(invocation.out(), planner.heap(), given).print(plans);
      return ExitCodes.OK;
    }
    OptionalInt inChild = planner.heap().runInChild(RunHeap.needed(plans));
    if (inChild.isPresent()) {
      return inChild.getAsInt();
    }
    try (MetricsServing metrics = MetricsServing.open(options, invocation, stop)) {
      RunRecorder recorder = options.execution.recorder(invocation.err());
      return new PlanRunner(invocation, stop, metrics.runs(), options.execution.verbose, recorder)
          .run(plans);
    }
  }
}
