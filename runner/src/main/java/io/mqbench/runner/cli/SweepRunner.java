package io.mqbench.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.report.Reports;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import io.mqbench.runner.cli.setting.GivenSettings;
import io.mqbench.runner.store.RunRecorder;
import io.mqbench.runner.sweep.Objective;
import io.mqbench.runner.sweep.RateSweep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code mqbench run --mode sweep}: rate mode at one rate after another ({@link RateSweep} chooses
 * them), each run a subfolder of one sweep folder; then {@code sweep.json} and {@code sweep.csv}
 * (the curve and the finding) and {@code report.html}.
 *
 * @param invocation the command's output and error streams
 * @param planner plans each step's run
 * @param stop the stop requests (Ctrl-C), which end the sweep
 */
record SweepRunner(Invocation invocation, RunPlanner planner, StopSignals stop) {
  /** The first rate when neither --rate nor --sweep-rates is given. */
  static final double DEFAULT_START = 1000;

  static boolean requested(RunOptions o) {
    return o.mode != null && o.mode.trim().equalsIgnoreCase("sweep");
  }

  int run(RunOptions o, GivenSettings given) {
    Optional<Objective> objective = Optional.ofNullable(o.sweep.slo).map(Objective::parse);
    checkSweepOptions(o);
    double start =
        o.sweep.sweepRates.isEmpty() ? o.rate.orElse(DEFAULT_START) : o.sweep.sweepRates.get(0);
    RunPlans first = planner.planAtRate(o, start);
    if (first.matrix()) {
      throw new ConfigException(
          "--mode sweep does not combine with a scenario's matrix or repeat: sweep one queue per"
              + " run, and compare sweeps with `mqbench report FOLDER...`");
    }
    if (o.sweep.sweepConfirm < 0) {
      throw new ConfigException("--sweep-confirm must be 0 or more, was " + o.sweep.sweepConfirm);
    }
    Duration stepDuration = o.duration.orElse(RunSettings.DEFAULT_RATE_DURATION);
    Duration hold = o.sweep.sweepHold.orElse(stepDuration.multipliedBy(3));
    if (hold.isNegative() || hold.isZero()) {
      throw new ConfigException("--sweep-hold must be more than 0, was " + hold);
    }
    RateSweep sweep =
        new RateSweep(
            o.sweep.sweepRates,
            start,
            objective.isPresent(),
            o.sweep.sweepPrecision,
            o.sweep.sweepSteps,
            o.sweep.sweepConfirm,
            o.sweep.sweepSteps);
    if (o.execution.dryRun) {
      printPlan(first, given, o, start, objective, hold);
      return ExitCodes.OK;
    }
    o.execution.checkStore();
    OptionalInt inChild = planner.heap().runInChild(RunHeap.needed(first));
    if (inChild.isPresent()) {
      return inChild.getAsInt();
    }
    Path folder =
        ResultsFolders.create(first.out(), first.runs().get(0).provider().name() + "-sweep");
    invocation.err().println("mqbench: rate sweep, results in " + folder);
    RunRecorder recorder = o.execution.recorder(invocation.err());
    recorder.startBatch("sweep", first.queue(), folder);
    try (MetricsServing metrics = MetricsServing.open(o, invocation, stop)) {
      return sweepAndReport(
          sweep,
          new PlanRunner(invocation, stop, metrics.runs(), o.execution.verbose, recorder),
          o,
          hold,
          objective,
          folder);
    }
  }

  /** Refuses sweep options out of range, and what a sweep does not combine with. */
  private static void checkSweepOptions(RunOptions o) {
    if (o.sweep.sweepSteps < 1) {
      throw new ConfigException("--sweep-steps must be at least 1, was " + o.sweep.sweepSteps);
    }
    if (!(o.sweep.sweepPrecision > 0 && o.sweep.sweepPrecision < 1)) {
      throw new ConfigException(
          "--sweep-precision must be above 0 and below 1, was " + o.sweep.sweepPrecision);
    }
    for (double r : o.sweep.sweepRates) {
      if (!(r > 0)) {
        throw new ConfigException("--sweep-rates: every rate must be above 0, was " + r);
      }
    }
    if (o.faults.stream().anyMatch(f -> !f.isBlank())) {
      throw new ConfigException(
          "--fault does not combine with --mode sweep: inject faults into one run at a --rate"
              + " with --mode rate");
    }
    if (Phases.parse(o.phases) == Phases.BACKLOG_THEN_CATCH_UP) {
      throw new ConfigException(
          "--mode sweep does not combine with --phases backlog-then-catch-up: measure catch-up at"
              + " one --rate with --mode rate");
    }
  }

  /** {@code --dry-run}: the first step's plan and how the sweep would search. */
  private void printPlan(
      RunPlans first,
      GivenSettings given,
      RunOptions o,
      double start,
      Optional<Objective> objective,
      Duration hold) {
    new PlanPrinter(invocation.out(), planner.heap(), given).print(first);
    invocation
        .out()
        .println(
            "sweep: "
                + (o.sweep.sweepRates.isEmpty()
                    ? String.format(Locale.ROOT, "doubling from %,.0f msgs/s", start)
                    : "rates " + o.sweep.sweepRates)
                + objective.map(ob -> ", objective " + ob.describe()).orElse("")
                + ", at most "
                + o.sweep.sweepSteps
                + " search runs"
                + (o.sweep.sweepConfirm > 0
                    ? ", then the candidate held "
                        + o.sweep.sweepConfirm
                        + " x "
                        + Durations.format(hold)
                        + " (stepping down by --sweep-precision after a failed hold)"
                    : ", no holds"));
  }

  /** Runs the sweep, writes and prints what it found, and returns the exit code. */
  private int sweepAndReport(
      RateSweep sweep,
      PlanRunner runner,
      RunOptions o,
      Duration hold,
      Optional<Objective> objective,
      Path folder) {
    RateSweep.Finding finding;
    List<RunResult> ran = new ArrayList<>();
    try {
      finding = sweep(sweep, runner, o, hold, objective, folder, ran);
    } finally {
      runner.removeCreatedQueues(o.execution.keepQueue);
    }
    String text = finding.describe(objective);
    write(folder, finding, objective, text, o.sweep.sweepConfirm > 0 ? hold : null);
    if (!finding.steps().isEmpty()) {
      report(folder, ran);
    }
    print(finding, objective, text, folder);
    if (stop.requested()) {
      return stop.exitCode();
    }
    Double result = o.sweep.sweepConfirm > 0 ? finding.verified() : finding.highestPassing();
    return result == null ? RunStatus.TARGET_NOT_MET.exitCode() : ExitCodes.OK;
  }

  /**
   * Runs the sweep's steps and holds, each a run of its own into the sweep's folder, and adds each
   * run's result to {@code ran} in the order of their folders.
   */
  private RateSweep.Finding sweep(
      RateSweep sweep,
      PlanRunner runner,
      RunOptions o,
      Duration hold,
      Optional<Objective> objective,
      Path folder,
      List<RunResult> ran) {
    int[] number = {0};
    return sweep.run(
        (rate, holdNumber) -> {
          if (stop.requested()) {
            return Optional.empty();
          }
          RunPlan plan =
              holdNumber == 0 ? planner.planAtRate(o, rate).runs().get(0) : planFor(o, rate, hold);
          number[0]++;
          Path runFolder =
              folder.resolve(
                  String.format(Locale.ROOT, "%03d-%.0f", number[0], rate)
                      + (holdNumber == 0 ? "" : "-hold" + holdNumber));
          invocation
              .err()
              .printf(
                  Locale.ROOT,
                  "mqbench: sweep %s %d: %,.0f msgs/s%s%n",
                  holdNumber == 0 ? "step" : "hold",
                  number[0],
                  rate,
                  holdNumber == 0
                      ? ""
                      : String.format(
                          Locale.ROOT,
                          " for %s (hold %d of %d)",
                          Durations.format(hold),
                          holdNumber,
                          o.sweep.sweepConfirm));
          RunResult r = runner.runOne(plan, runFolder);
          ran.add(r);
          if (r.status() == RunStatus.INTERRUPTED) {
            return Optional.empty();
          }
          return Optional.of(step(rate, r, objective));
        });
  }

  /** A hold's plan: the rate for the hold's duration instead of the step's. */
  private RunPlan planFor(RunOptions o, double rate, Duration hold) {
    Optional<Duration> step = o.duration;
    o.duration = Optional.of(hold);
    try {
      return planner.planAtRate(o, rate).runs().get(0);
    } finally {
      o.duration = step;
    }
  }

  static RateSweep.Step step(double rate, RunResult r, Optional<Objective> objective) {
    boolean verdictOk = r.status().exitCode() == 0;
    Double latency = objective.map(ob -> ob.valueMs(r)).orElse(null);
    String why = verdictOk ? "" : r.statusLine();
    if (verdictOk && objective.isPresent()) {
      if (latency == null) {
        why = "too few values for " + objective.get().describe();
      } else if (latency > objective.get().limitMs()) {
        why = String.format(Locale.ROOT, "%.3f ms > %s", latency, objective.get().describe());
      }
    }
    double achieved =
        r.rates().rate() == null
            ? r.totals().sentPerSecond()
            : r.rates().rate().achievedMsgsPerSecond();
    return new RateSweep.Step(rate, achieved, r.status().label(), latency, why.isEmpty(), why);
  }

  private void write(
      Path folder,
      RateSweep.Finding finding,
      Optional<Objective> objective,
      String text,
      Duration hold) {
    try {
      Files.createDirectories(folder);
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("finding", text);
      json.put("objective", objective.map(Objective::text).orElse(null));
      json.put("highestPassingMsgsPerSecond", finding.highestPassing());
      json.put("lowestFailingMsgsPerSecond", finding.lowestFailing());
      json.put("verifiedMsgsPerSecond", finding.verified());
      json.put("hold", hold == null ? null : Durations.format(hold));
      json.put(
          "holds",
          finding.steps().stream()
              .filter(s -> s.hold() > 0)
              .map(s -> s.hold())
              .reduce(0, Math::max));
      json.put("holdSpread", finding.holdSpread());
      json.put(
          "nonMonotonicMsgsPerSecond",
          finding.nonMonotonic().stream().map(RateSweep.Step::rate).distinct().toList());
      json.put("complete", finding.complete());
      json.put("steps", steps(finding));
      // Built here, not when the class is first touched: every run asks whether it is a sweep,
      // and building a mapper is tens of ms of start-up when it is the process's first.
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(folder.resolve(Reports.SWEEP_JSON).toFile(), json);
      Files.writeString(folder.resolve("sweep.csv"), csv(finding), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write the sweep to " + folder + ": " + e.getMessage(), e);
    }
  }

  /** The sweep's report, from the results in memory rather than read back from their folders. */
  private void report(Path folder, List<RunResult> ran) {
    try {
      Reports.writeOf(ran, folder, folder.resolve(Reports.REPORT_HTML));
    } catch (RuntimeException | LinkageError e) {
      invocation.err().println("mqbench: warning: could not write the report: " + e);
    }
  }

  /** Each step of a sweep, as sweep.json lists it. */
  private static List<Map<String, Object>> steps(RateSweep.Finding finding) {
    List<Map<String, Object>> steps = new ArrayList<>();
    for (RateSweep.Step s : finding.steps()) {
      Map<String, Object> step = new LinkedHashMap<>();
      step.put("rate", s.rate());
      step.put("phase", s.phase());
      step.put("hold", s.hold());
      step.put("achieved", s.achieved());
      step.put("verdict", s.verdict());
      step.put("latencyMs", s.latencyMs());
      step.put("passed", s.passed());
      step.put("why", s.why());
      step.put("nonMonotonic", finding.isNonMonotonic(s));
      steps.add(step);
    }
    return steps;
  }

  /** Each step of a sweep, as sweep.csv lists it. */
  private static String csv(RateSweep.Finding finding) {
    StringBuilder csv =
        new StringBuilder(
            "target_msgs_per_s,achieved_msgs_per_s,verdict,objective_ms,passed,why,phase,"
                + "non_monotonic\n");
    for (RateSweep.Step s : finding.steps()) {
      csv.append(
          String.format(
              Locale.ROOT,
              "%.0f,%.1f,%s,%s,%s,\"%s\",%s,%s%n",
              s.rate(),
              s.achieved(),
              s.verdict(),
              s.latencyMs() == null ? "" : String.format(Locale.ROOT, "%.3f", s.latencyMs()),
              s.passed(),
              s.why().replace("\"", "\"\""),
              s.phase(),
              finding.isNonMonotonic(s)));
    }
    return csv.toString();
  }

  private void print(
      RateSweep.Finding finding, Optional<Objective> objective, String text, Path folder) {
    var out = invocation.out();
    out.println();
    out.printf(
        Locale.ROOT,
        "%12s %-7s %12s %14s  %-6s %s%n",
        "target/s",
        "phase",
        "achieved/s",
        objective.map(ob -> ob.suffix().replace('_', '.') + " ms").orElse("-"),
        "passed",
        "verdict");
    finding.steps().stream()
        .sorted(
            Comparator.comparingDouble(RateSweep.Step::rate).thenComparingInt(RateSweep.Step::hold))
        .forEach(
            s ->
                out.printf(
                    Locale.ROOT,
                    "%,12.0f %-7s %,12.0f %14s  %-6s %s%s%n",
                    s.rate(),
                    s.phase(),
                    s.achieved(),
                    s.latencyMs() == null ? "-" : String.format(Locale.ROOT, "%.3f", s.latencyMs()),
                    s.passed() ? "yes" : "no",
                    s.passed() ? s.verdict() : s.why(),
                    finding.isNonMonotonic(s) ? "  [non-monotonic: a higher rate passed]" : ""));
    out.println("sweep      " + text);
    out.println("results    " + folder);
    out.println("report     " + folder.resolve(Reports.REPORT_HTML));
  }
}
