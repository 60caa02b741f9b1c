package io.mqbench.runner.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code mqbench run --mode sweep}: the rates a sweep tries and when it stops. */
public final class SweepOptions {
  @Option(
      names = {"--slo"},
      paramLabel = "OBJECTIVE",
      description =
          "Sweep: a latency objective such as p99=50ms (response time), e2e.p99=50ms or"
              + " send.p99.9=20ms; the sweep bisects to the highest rate whose verdict is ok and"
              + " whose objective holds, then holds it (--sweep-hold, --sweep-confirm).")
  String slo;

  @Option(
      names = {"--sweep-rates"},
      paramLabel = "MSGS_PER_S",
      split = ",",
      description =
          "Sweep: the rates to run, such as 1000,2000,5000. Default: doubling from --rate (or"
              + " 1000) until a rate fails.")
  List<Double> sweepRates = new ArrayList<>();

  @Option(
      names = {"--sweep-steps"},
      paramLabel = "N",
      defaultValue = "16",
      description =
          "Sweep: the most search runs it makes, and the most candidate rates it holds."
              + " Default: ${DEFAULT-VALUE}.")
  int sweepSteps;

  @Option(
      names = {"--sweep-precision"},
      paramLabel = "FRACTION",
      defaultValue = "0.05",
      description =
          "Sweep with --slo: bisection stops when the failing rate is within this fraction above"
              + " the passing one. Default: ${DEFAULT-VALUE}.")
  double sweepPrecision;

  @Option(
      names = {"--sweep-hold"},
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = {
        "Sweep: how long each hold of the candidate rate runs: the search's highest passing rate"
            + " is run again, this long, --sweep-confirm times, and verified only if every hold"
            + " passes. Default: 3 x the step's --duration.",
        "A hold passes when it achieves >= 99 %% of the rate with verdict ok and the objective"
            + " met; else the sweep steps down by --sweep-precision and holds again (at most"
            + " --sweep-steps candidates)."
      })
  Optional<Duration> sweepHold;

  @Option(
      names = {"--sweep-confirm"},
      paramLabel = "N",
      defaultValue = "2",
      description =
          "Sweep: how many holds a candidate rate must pass to be verified; 0 skips the holds"
              + " (the finding is then the search's, unverified). Default: ${DEFAULT-VALUE}.")
  int sweepConfirm;
}
