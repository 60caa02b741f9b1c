package io.mqbench.runner.cli;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.results.RunDelivery;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunResults;
import io.mqbench.results.RunSetup;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.NodesFile;
import io.mqbench.results.report.ResultsFolder;
import io.mqbench.runner.cli.process.ClientLog;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import io.mqbench.runner.cli.terminal.MatrixSummary;
import io.mqbench.runner.cli.terminal.RunReport;
import io.mqbench.runner.cli.terminal.TerminalSummary;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.metrics.LiveRuns;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.session.BenchmarkSession;
import io.mqbench.runner.session.CreatedQueues;
import io.mqbench.runner.store.RunRecorder;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Runs planned runs one after the other and reports them: each run's results folder, the terminal
 * report, and for a matrix its combined summary and table. A stop (Ctrl-C, SIGTERM) ends the run
 * under way with partial results and skips the rest; a matrix run that fails is recorded with its
 * reason and the others go on, unless {@code --fail-fast}. The matrix summary is always written.
 */
final class PlanRunner {
  private final Invocation invocation;
  private final StopSignals stop;
  private final CreatedQueues createdQueues = new CreatedQueues();
  // What writing the last run's results cost: taken after the harness figures, so said apart.
  private double resultsCpuSeconds = Double.NaN;
  private final LiveRuns live;
  private final boolean verbose;
  private final RunRecorder recorder;

  PlanRunner(Invocation invocation, StopSignals stop) {
    this(invocation, stop, LiveRuns.OFF, false, RunRecorder.OFF);
  }

  /**
   * @param live where each measured run's figures go for live metrics; {@link LiveRuns#OFF} if none
   *     are served
   * @param verbose {@code --verbose}: each run's summary shows the harness's whole breakdown
   * @param recorder where each run is recorded once its folder is written
   */
  PlanRunner(
      Invocation invocation,
      StopSignals stop,
      LiveRuns live,
      boolean verbose,
      RunRecorder recorder) {
    this.invocation = invocation;
    this.stop = stop;
    this.live = live;
    this.verbose = verbose;
    this.recorder = recorder;
  }

  /**
   * @param plans the runs
   * @return the exit code: the worst run's
   * @throws MqException a single run's backend could not be opened (a matrix records it instead)
   */
  int run(RunPlans plans) {
    try {
      // Every worker of every run answers, takes the token and runs this version, before any run.
      Set<Object> checked = new HashSet<>();
      for (RunPlan plan : plans.runs()) {
        plan.workers().filter(w -> checked.add(w.layout().nodes())).ifPresent(w -> w.check());
      }
      return plans.matrix() ? runMatrix(plans) : runSingle(plans.runs().get(0), plans);
    } finally {
      removeCreatedQueues(plans.keepQueue());
      // --stop-workers: the workers exit with the coordinator, whether the runs went well or not.
      plans.runs().stream()
          .flatMap(p -> p.workers().stream())
          .filter(w -> w.stopAfterRuns())
          .findFirst()
          .ifPresent(
              w -> {
                w.stopAll().forEach(line -> invocation.err().println("mqbench: warning: " + line));
                invocation.err().printf("mqbench: told %d worker(s) to exit%n", w.given().size());
              });
    }
  }

  /**
   * After the last run: removes the queues the runs created on brokers mqbench did not start,
   * unless kept, and says what became of each.
   *
   * @param keep {@code --keep-queue}
   */
  void removeCreatedQueues(boolean keep) {
    createdQueues.removeAll(keep).forEach(line -> invocation.err().println("mqbench: " + line));
  }

  private int runSingle(RunPlan plan, RunPlans plans) {
    Path folder = ResultsFolders.create(plans.out(), plans.queue());
    recorder.startBatch("run", plans.queue(), folder);
    RunResult result = runAndReport(plan, folder, false);
    int code = explain(result, folder);
    // Last, so that the summary's last line is the page to open.
    RunReport.write(result, folder, invocation);
    return code;
  }

  private int runMatrix(RunPlans plans) {
    Path folder = ResultsFolders.create(plans.out(), plans.folderName());
    recorder.startBatch(plans.suite().isPresent() ? "suite" : "matrix", plans.folderName(), folder);
    int total = plans.runs().size();
    invocation
        .err()
        .printf(
            Locale.ROOT,
            "mqbench: matrix of %d cell%s x %d repetition%s = %d runs, results in %s%n",
            plans.cells(),
            plans.cells() == 1 ? "" : "s",
            plans.repeat(),
            plans.repeat() == 1 ? "" : "s",
            total,
            folder);
    List<RunResult> results = new ArrayList<>();
    RunStatus worst = RunStatus.OK;
    for (RunPlan plan : plans.runs()) {
      if (stop.requested()) {
        break;
      }
      String label = RunSetup.labelOf(plan.cell());
      invocation
          .err()
          .printf(
              Locale.ROOT,
              "mqbench: run %d/%d: %s, repetition %d%n",
              plan.number(),
              total,
              label,
              plan.repetition());
      Path runFolder = folder.resolve(String.format(Locale.ROOT, "%03d", plan.number()));
      RunResult result = runAndReport(plan, runFolder, true);
      results.add(result);
      explain(result, runFolder);
      worst = worst.worst(result.status());
      if (result.status() == RunStatus.FAILED && plans.failFast()) {
        invocation.err().println("mqbench: --fail-fast: the remaining runs are skipped");
        break;
      }
    }
    if (results.size() < total) {
      invocation.err().printf(Locale.ROOT, "mqbench: %d of %d runs made%n", results.size(), total);
    }
    ResultsFolder.writeMatrix(results, folder)
        .forEach(w -> invocation.err().println("mqbench: warning: " + w));
    MatrixSummary.printTable(results, folder, invocation.out());
    MatrixSummary.write(results, folder, plans.repeat() > 1, invocation);
    return exitCode(worst);
  }

  /**
   * Runs one plan into its folder, as a step of a sweep: a failure to start is recorded.
   *
   * @return the result; its status says whether it was stopped
   */
  RunResult runOne(RunPlan plan, Path folder) {
    RunResult result = runAndReport(plan, folder, true);
    explain(result, folder);
    return result;
  }

  /**
   * Runs one plan, writes its folder and prints its report. A run that cannot start (backend
   * unreachable, stopped while connecting) is thrown as a single run, and recorded with its reason
   * in a matrix.
   */
  private RunResult runAndReport(RunPlan plan, Path folder, boolean recordFailureToStart) {
    invocation
        .err()
        .println("mqbench: " + plan.provider().name() + ", " + plan.config().describe());
    BenchmarkSession session =
        new BenchmarkSession(
            plan.provider(),
            plan.backend(),
            plan.config(),
            invocation.err(),
            plan.workers(),
            createdQueues);
    session.publishTo(live, RunSetup.labelOf(plan.cell()));
    Instant startedAt = Instant.now();
    RunResult result;
    boolean[] written = {false};
    stop.onStop(session::requestStop);
    try {
      // Written inside the session, so that a local broker stops after its results are on disk.
      result =
          session.run(
              c -> progress(plan),
              r -> {
                RunResult placed = r.inCell(plan.cell(), plan.repetition());
                writeResults(placed, folder);
                written[0] = true;
                return placed;
              });
    } catch (InterruptedException e) {
      result = notRun(plan, RunStatus.INTERRUPTED, "stopped before the run started", startedAt);
    } catch (MqException e) {
      if (stop.requested()) {
        result = notRun(plan, RunStatus.INTERRUPTED, "stopped before the run started", startedAt);
      } else if (recordFailureToStart) {
        result = notRun(plan, RunStatus.FAILED, Errors.oneLine(e), startedAt);
      } else {
        throw e;
      }
    } finally {
      stop.onStop(() -> {});
    }
    if (!written[0]) {
      writeResults(result, folder);
    }
    recorder.record(result, folder);
    report(plan, session, result, folder);
    return result;
  }

  /** Prints a run's report, writes its nodes' file and says what to look at next. */
  private void report(RunPlan plan, BenchmarkSession session, RunResult result, Path folder) {
    Optional<Path> clientLog = ClientLog.file().flatMap(f -> ClientLog.copyInto(f, folder));
    TerminalSummary.print(
        result,
        plan.config().describe(),
        folder,
        resultsCpuSeconds,
        invocation.terminal(),
        verbose,
        invocation.out());
    if (!session.nodes().isEmpty()) {
      NodesFile.write(session.nodes(), folder);
      NodesFile.print(session.nodes(), invocation.out());
    }
    if (result.status() != RunStatus.OK && clientLog.isPresent()) {
      invocation.err().println("mqbench: the broker clients' own log: " + clientLog.get());
    }
    if (result.totals().sendSeconds() > 0 && result.totals().sendSeconds() < 2) {
      invocation
          .err()
          .printf(
              Locale.ROOT,
              "mqbench: note: senders ran %.2f s; rates from runs this short are mostly warm-up."
                  + " Raise --messages, use --duration, or add --warmup.%n",
              result.totals().sendSeconds());
    }
  }

  private RunResult notRun(RunPlan plan, RunStatus status, String reason, Instant startedAt) {
    RunConfig config = plan.config();
    return RunResults.notRun(
            config.queue(),
            config.run(),
            config.warmup(),
            config.seed().orElse(0L),
            plan.backend().effective(),
            status,
            reason,
            startedAt)
        .inCell(plan.cell(), plan.repetition())
        .with(
            r ->
                r.delivery(
                    RunDelivery.NONE.withDurability(plan.provider().durability(plan.backend()))));
  }

  private ProgressDisplay progress(RunPlan plan) {
    if (!plan.showProgress()) {
      return ProgressDisplay.none();
    }
    var run = plan.config().run();
    return ProgressDisplay.terminal(
        invocation.err(),
        run.duration().isPresent() || run.senders() == 0
            ? 0
            : run.senders() * (double) run.messagesPerSender(),
        run.duration());
  }

  /** Explains a run's status in one line on stderr, and returns its exit code. */
  private int explain(RunResult result, Path folder) {
    switch (result.status()) {
      case INTERRUPTED ->
          invocation.err().println("mqbench: run interrupted; partial results in " + folder);
      case FAILED -> invocation.err().println("mqbench: run " + result.statusLine());
      case UNSETTLED ->
          invocation
              .err()
              .printf(
                  Locale.ROOT,
                  "mqbench: UNSETTLED: %,d acknowledged messages were neither received nor proven"
                      + " lost%s; `mqbench drain %s` settles them once the broker is back%n",
                  result.totals().unsettled(),
                  result.failure() == null ? "" : " (" + result.failure() + ")",
                  folder);
      case LOST_MESSAGES ->
          invocation
              .err()
              .println(
                  "mqbench: "
                      + result.totals().lost()
                      + " acknowledged messages were never received");
      case HARNESS_LIMITED, TARGET_NOT_MET ->
          invocation.err().println("mqbench: " + result.rates().rate().assessment());
      case RECEIVERS_BEHIND -> explainReceiversBehind(result);
      case HOST_LIMITED ->
          // The figures and the advice are the summary's harness and host lines; whole with -v.
          invocation
              .err()
              .println(
                  "mqbench: HOST-LIMITED: the host, not the queue, set the pace (see the"
                      + " harness and host lines)");
      case DURABILITY_CHANGED ->
          invocation
              .err()
              .println(
                  "mqbench: DURABILITY CHANGED: the broker was found "
                      + result.delivery().durabilityCheck().atStart().describe()
                      + " before the run and "
                      + result.delivery().durabilityCheck().atEnd().describe()
                      + " after it; its figures mix the two");
      case NOT_RECOVERED ->
          result.faults().injected().stream()
              .filter(f -> f.notRecovered())
              .forEach(f -> invocation.err().println("mqbench: NOT RECOVERED: " + f.summary()));
      case OK -> {}
    }
    return exitCode(result.status());
  }

  /** Why receivers fell behind: the catch-up verdict, or the rates and the limit found. */
  private void explainReceiversBehind(RunResult result) {
    if (result.catchUp() != null) {
      // A catch-up run's own verdict says what was left; the rates over the run do not.
      invocation.err().println("mqbench: RECEIVERS BEHIND: " + result.catchUp().verdict());
      return;
    }
    invocation
        .err()
        .printf(
            Locale.ROOT,
            "mqbench: RECEIVERS BEHIND: received %,.0f msgs/s of %,.0f sent: %s%n",
            result.totals().receivedPerSecond(),
            result.totals().sentPerSecond(),
            result.rates().limit() != null
                ? result.rates().limit().advice()
                : "the receiving side was the limit (--max-backlog auto holds senders back"
                    + " to the rate both sides sustain)");
  }

  /** A status's exit code; an interrupted run's says which signal stopped it. */
  private int exitCode(RunStatus status) {
    return status == RunStatus.INTERRUPTED ? stop.exitCode() : status.exitCode();
  }

  private void writeResults(RunResult result, Path folder) {
    long before = RunReport.processCpuNanos();
    ResultsFolder.write(result, folder)
        .forEach(w -> invocation.err().println("mqbench: warning: " + w));
    long after = RunReport.processCpuNanos();
    resultsCpuSeconds = before < 0 || after < 0 ? Double.NaN : (after - before) / 1e9;
  }
}
