package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Refuses an option given where it does nothing: {@code --slo} outside a sweep, {@code
 * --max-backlog} in rate mode, {@code --metrics-linger} without {@code --metrics-port}. A run would
 * otherwise go ahead without a word, and its user believe the option took effect. Each refusal is
 * one line naming what the option needs and what the run has instead. Over a scenario's matrix an
 * option is refused only when no cell it is given in can use it.
 */
final class InertOptions {
  /**
   * An option that acts only in some runs.
   *
   * @param option its long name
   * @param needs what the run needs for it to act, as the refusal says it
   * @param acts whether it acts in a run of these options
   * @param instead what the run has instead, as the refusal says it
   */
  private record Rule(
      String option,
      String needs,
      Predicate<RunOptions> acts,
      Function<RunOptions, String> instead) {}

  private static final String SWEEP = "--mode sweep";

  private static final List<Rule> RULES =
      List.of(
          sweepOnly("--slo"),
          sweepOnly("--sweep-rates"),
          sweepOnly("--sweep-steps"),
          sweepOnly("--sweep-precision"),
          sweepOnly("--sweep-hold"),
          sweepOnly("--sweep-confirm"),
          new Rule(
              "--max-backlog",
              "--mode throughput with --phases together (it holds senders back while receivers"
                  + " trail them)",
              o -> mode(o).equals("throughput") && phases(o).equals("together"),
              o ->
                  mode(o).equals("throughput")
                      ? "this run has --phases " + phases(o)
                      : "this run has --mode " + mode(o)),
          new Rule(
              "--schedule-tick",
              "--mode rate or sweep (it groups a schedule's batches)",
              o -> !mode(o).equals("throughput"),
              o -> "this run has --mode " + mode(o)),
          metricsOnly("--metrics-host"),
          metricsOnly("--metrics-linger"));

  private final Map<Rule, String> inert = new LinkedHashMap<>();
  private final Set<Rule> acting = new LinkedHashSet<>();

  private static Rule sweepOnly(String option) {
    return new Rule(
        option, SWEEP, o -> mode(o).equals("sweep"), o -> "this run has --mode " + mode(o));
  }

  private static Rule metricsOnly(String option) {
    return new Rule(
        option,
        "--metrics-port (it shapes the metrics endpoint)",
        o -> o.metrics.metricsPort.isPresent(),
        o -> "no --metrics-port is given");
  }

  private static String mode(RunOptions o) {
    return o.mode == null ? "throughput" : o.mode.trim().toLowerCase(Locale.ROOT);
  }

  private static String phases(RunOptions o) {
    return o.phases == null ? "together" : o.phases.trim().toLowerCase(Locale.ROOT);
  }

  /**
   * Notes one run's options.
   *
   * @param options the run's options (a matrix cell's)
   * @param given whether an option, by its long name, was given for this run (on the command line,
   *     by -D, MQBENCH_, the scenario, the preset or the cell), rather than left at its default
   */
  void see(RunOptions options, Predicate<String> given) {
    for (Rule rule : RULES) {
      if (!given.test(rule.option())) {
        continue;
      }
      if (rule.acts().test(options)) {
        acting.add(rule);
      } else {
        inert.putIfAbsent(rule, rule.instead().apply(options));
      }
    }
  }

  /**
   * @throws ConfigException in one line for the first option given that acts in no run seen
   */
  void check() {
    for (Map.Entry<Rule, String> e : inert.entrySet()) {
      Rule rule = e.getKey();
      if (!acting.contains(rule)) {
        throw new ConfigException(
            rule.option()
                + " applies only to "
                + rule.needs()
                + ", and "
                + e.getValue()
                + ": drop it, or give what it needs");
      }
    }
  }
}
