package io.mqbench.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mqbench.config.ConfigException;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.report.Reports;
import io.mqbench.runner.sweep.Objective;
import io.mqbench.runner.sweep.RateSweep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 */
final class SweepRunner {
  /** The first rate when neither --rate nor --sweep-rates is given. */
  static final double DEFAULT_START = 1000;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Invocation invocation;
  private final RunPlanner planner;
  private final StopSignals stop;

  SweepRunner(Invocation invocation, RunPlanner planner, StopSignals stop) {
    this.invocation = invocation;
    this.planner = planner;
    this.stop = stop;
  }

  static boolean requested(RunOptions o) {
    return o.mode != null && o.mode.trim().equalsIgnoreCase("sweep");
  }

  int run(RunOptions o) {
    Optional<Objective> objective = Optional.ofNullable(o.slo).map(Objective::parse);
    if (o.sweepSteps < 1) {
      throw new ConfigException("--sweep-steps must be at least 1, was " + o.sweepSteps);
    }
    if (!(o.sweepPrecision > 0 && o.sweepPrecision < 1)) {
      throw new ConfigException(
          "--sweep-precision must be above 0 and below 1, was " + o.sweepPrecision);
    }
    for (double r : o.sweepRates) {
      if (!(r > 0)) {
        throw new ConfigException("--sweep-rates: every rate must be above 0, was " + r);
      }
    }
    double start = o.sweepRates.isEmpty() ? o.rate.orElse(DEFAULT_START) : o.sweepRates.get(0);
    RunPlans first = planner.planAtRate(o, start);
    if (first.matrix()) {
      throw new ConfigException(
          "--mode sweep does not combine with a scenario's matrix or repeat: sweep one queue per"
              + " run, and compare sweeps with `mqbench report FOLDER...`");
    }
    RateSweep sweep =
        new RateSweep(o.sweepRates, start, objective.isPresent(), o.sweepPrecision, o.sweepSteps);
    if (o.dryRun) {
      new PlanPrinter(invocation.out(), planner.heap()).print(first);
      invocation
          .out()
          .println(
              "sweep: "
                  + (o.sweepRates.isEmpty()
                      ? String.format(Locale.ROOT, "doubling from %,.0f msgs/s", start)
                      : "rates " + o.sweepRates)
                  + objective.map(ob -> ", objective " + ob.describe()).orElse("")
                  + ", at most "
                  + o.sweepSteps
                  + " runs");
      return ExitCodes.OK;
    }
    OptionalInt inChild = planner.heap().runInChild(RunHeap.needed(first));
    if (inChild.isPresent()) {
      return inChild.getAsInt();
    }
    Path folder =
        PlanRunner.resultsFolder(first.out(), first.runs().get(0).provider().name() + "-sweep");
    invocation.err().println("mqbench: rate sweep, results in " + folder);
    PlanRunner runner = new PlanRunner(invocation, stop);
    int[] number = {0};
    RateSweep.Finding finding =
        sweep.run(
            rate -> {
              if (stop.requested()) {
                return Optional.empty();
              }
              RunPlan plan = planner.planAtRate(o, rate).runs().get(0);
              number[0]++;
              Path runFolder =
                  folder.resolve(String.format(Locale.ROOT, "%03d-%.0f", number[0], rate));
              invocation
                  .err()
                  .printf(Locale.ROOT, "mqbench: sweep step %d: %,.0f msgs/s%n", number[0], rate);
              RunResult r = runner.runOne(plan, runFolder);
              if (r.status() == RunStatus.INTERRUPTED) {
                return Optional.empty();
              }
              return Optional.of(step(rate, r, objective));
            });
    String text = finding.describe(objective);
    write(folder, finding, objective, text);
    print(finding, objective, text, folder);
    if (stop.requested()) {
      return stop.exitCode();
    }
    return finding.highestPassing() == null ? RunStatus.TARGET_NOT_MET.exitCode() : ExitCodes.OK;
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
        r.rate() == null ? r.totals().sentPerSecond() : r.rate().achievedMsgsPerSecond();
    return new RateSweep.Step(rate, achieved, r.status().label(), latency, why.isEmpty(), why);
  }

  private void write(
      Path folder, RateSweep.Finding finding, Optional<Objective> objective, String text) {
    try {
      Files.createDirectories(folder);
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("finding", text);
      json.put("objective", objective.map(Objective::text).orElse(null));
      json.put("highestPassingMsgsPerSecond", finding.highestPassing());
      json.put("lowestFailingMsgsPerSecond", finding.lowestFailing());
      json.put("complete", finding.complete());
      json.put("steps", finding.steps());
      JSON.writeValue(folder.resolve(Reports.SWEEP_JSON).toFile(), json);
      StringBuilder csv =
          new StringBuilder(
              "target_msgs_per_s,achieved_msgs_per_s,verdict,objective_ms,passed,why\n");
      for (RateSweep.Step s : finding.steps()) {
        csv.append(
            String.format(
                Locale.ROOT,
                "%.0f,%.1f,%s,%s,%s,\"%s\"%n",
                s.rate(),
                s.achieved(),
                s.verdict(),
                s.latencyMs() == null ? "" : String.format(Locale.ROOT, "%.3f", s.latencyMs()),
                s.passed(),
                s.why().replace("\"", "\"\"")));
      }
      Files.writeString(folder.resolve("sweep.csv"), csv.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write the sweep to " + folder + ": " + e.getMessage(), e);
    }
    if (!finding.steps().isEmpty()) {
      try {
        Reports.write(List.of(folder), folder.resolve(Reports.REPORT_HTML));
      } catch (RuntimeException | LinkageError e) {
        invocation.err().println("mqbench: warning: could not write the report: " + e);
      }
    }
  }

  private void print(
      RateSweep.Finding finding, Optional<Objective> objective, String text, Path folder) {
    var out = invocation.out();
    out.println();
    out.printf(
        Locale.ROOT,
        "%12s %12s %14s  %-6s %s%n",
        "target/s",
        "achieved/s",
        objective.map(ob -> ob.suffix().replace('_', '.') + " ms").orElse("-"),
        "passed",
        "verdict");
    finding.steps().stream()
        .sorted((a, b) -> Double.compare(a.rate(), b.rate()))
        .forEach(
            s ->
                out.printf(
                    Locale.ROOT,
                    "%,12.0f %,12.0f %14s  %-6s %s%n",
                    s.rate(),
                    s.achieved(),
                    s.latencyMs() == null ? "-" : String.format(Locale.ROOT, "%.3f", s.latencyMs()),
                    s.passed() ? "yes" : "no",
                    s.passed() ? s.verdict() : s.why()));
    out.println("sweep      " + text);
    out.println("results    " + folder);
    out.println("report     " + folder.resolve(Reports.REPORT_HTML));
  }
}
