package io.mqbench.runner.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rates a sweep runs, and what it finds: each given rate, or doubling from a start rate until
 * one fails (halving instead if the start fails already); then, with a latency objective, bisection
 * between the highest passing rate and the lowest failing one above it until they are within the
 * precision. A rate passes if its run's verdict exits 0 (ok, or harness-limited) and the objective
 * holds. Independent of running anything: the probe measures a rate.
 */
public final class RateSweep {
  /**
   * One measured rate.
   *
   * @param rate the target msgs/s
   * @param achieved the msgs/s achieved
   * @param verdict the run's status label
   * @param latencyMs the objective's latency in ms (null without objective or value)
   * @param passed whether the rate passed
   * @param why why it failed; empty if it passed
   */
  public record Step(
      double rate, double achieved, String verdict, Double latencyMs, boolean passed, String why) {}

  /** Measures one rate. */
  @FunctionalInterface
  public interface Probe {
    /**
     * @param rate msgs/s
     * @return the step, or empty if the sweep was stopped while measuring
     */
    Optional<Step> measure(double rate);
  }

  /**
   * What the sweep found.
   *
   * @param steps every step in the order measured
   * @param highestPassing the highest passing rate below the lowest failing one; null if none
   * @param lowestFailing the lowest failing rate above it; null if every rate passed
   * @param complete false if the sweep was stopped or ran out of steps before it finished
   */
  public record Finding(
      List<Step> steps, Double highestPassing, Double lowestFailing, boolean complete) {

    /**
     * @param objective the objective, if any
     * @return one line for people
     */
    public String describe(Optional<Objective> objective) {
      String goal = objective.map(o -> " and " + o.describe()).orElse("");
      String text;
      if (highestPassing == null) {
        text =
            "no rate tried met the target"
                + goal
                + (steps.isEmpty()
                    ? ""
                    : String.format(
                        Locale.ROOT,
                        " (lowest tried: %,.0f msgs/s)",
                        steps.stream().mapToDouble(Step::rate).min().orElse(0)));
      } else if (lowestFailing == null) {
        text =
            String.format(
                Locale.ROOT,
                "every rate tried met the target%s, up to %,.0f msgs/s: no knee found",
                goal,
                highestPassing);
      } else {
        text =
            String.format(
                Locale.ROOT,
                "highest rate with verdict ok%s: %,.0f msgs/s (%,.0f msgs/s failed)",
                goal,
                highestPassing,
                lowestFailing);
      }
      return complete ? text : text + "; the sweep did not finish";
    }
  }

  private final List<Double> rates;
  private final double start;
  private final boolean bisect;
  private final double precision;
  private final int maxSteps;

  /**
   * @param rates the rates to run; empty to double from {@code start}
   * @param start the first rate when doubling
   * @param bisect whether to bisect between the highest passing and lowest failing rate (with an
   *     objective)
   * @param precision bisection stops when the failing rate is within this fraction above the
   *     passing one (0.05: 5 %)
   * @param maxSteps the most runs the sweep makes
   */
  public RateSweep(
      List<Double> rates, double start, boolean bisect, double precision, int maxSteps) {
    this.rates = List.copyOf(rates);
    this.start = start;
    this.bisect = bisect;
    this.precision = precision;
    this.maxSteps = maxSteps;
  }

  /**
   * Runs the sweep.
   *
   * @param probe measures a rate
   * @return the finding
   */
  public Finding run(Probe probe) {
    List<Step> steps = new ArrayList<>();
    boolean stopped = false;
    if (!rates.isEmpty()) {
      for (double r : rates) {
        if (steps.size() >= maxSteps || !measure(probe, r, steps)) {
          stopped = true;
          break;
        }
      }
    } else {
      double r = start;
      stopped = !measure(probe, r, steps);
      boolean firstPassed = !stopped && steps.get(0).passed();
      while (!stopped && steps.size() < maxSteps && last(steps).passed() == firstPassed) {
        r = firstPassed ? r * 2 : Math.floor(r / 2);
        if (r < 1) {
          break;
        }
        stopped = !measure(probe, r, steps);
      }
    }
    double[] bounds = bounds(steps);
    while (bisect
        && !stopped
        && !Double.isNaN(bounds[0])
        && !Double.isNaN(bounds[1])
        && bounds[1] - bounds[0] > precision * bounds[0]
        && steps.size() < maxSteps) {
      double mid = Math.rint((bounds[0] + bounds[1]) / 2);
      if (mid <= bounds[0] || mid >= bounds[1]) {
        break; // whole msgs/s: nothing left between them
      }
      stopped = !measure(probe, mid, steps);
      bounds = bounds(steps);
    }
    boolean converged =
        Double.isNaN(bounds[0])
            || Double.isNaN(bounds[1])
            || !bisect
            || bounds[1] - bounds[0] <= precision * bounds[0]
            || bounds[1] - bounds[0] <= 1;
    boolean complete = !stopped && (converged || steps.size() < maxSteps);
    return new Finding(
        List.copyOf(steps),
        Double.isNaN(bounds[0]) ? null : bounds[0],
        Double.isNaN(bounds[1]) ? null : bounds[1],
        complete);
  }

  private static boolean measure(Probe probe, double rate, List<Step> steps) {
    Optional<Step> s = probe.measure(rate);
    s.ifPresent(steps::add);
    return s.isPresent();
  }

  private static Step last(List<Step> steps) {
    return steps.get(steps.size() - 1);
  }

  /**
   * The lowest failing rate, and the highest passing rate below it (NaN where there is none). A
   * noisy passing rate above a failing one does not count: the knee is where failing starts.
   */
  static double[] bounds(List<Step> steps) {
    double lowestFailing =
        steps.stream().filter(s -> !s.passed()).mapToDouble(Step::rate).min().orElse(Double.NaN);
    double highestPassing =
        steps.stream()
            .filter(Step::passed)
            .map(Step::rate)
            .filter(r -> Double.isNaN(lowestFailing) || r < lowestFailing)
            .max(Comparator.naturalOrder())
            .orElse(Double.NaN);
    return new double[] {highestPassing, lowestFailing};
  }
}
