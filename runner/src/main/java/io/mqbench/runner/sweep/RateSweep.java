package io.mqbench.runner.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rates a sweep runs, and what it finds: each given rate, or doubling from a start rate until
 * one fails (halving instead if the start fails already); then, with a latency objective, bisection
 * between the highest passing rate and the lowest failing one above it until they are within the
 * precision. That search gives a candidate, which is then held: run again, longer, {@code confirm}
 * times. The candidate is verified only if every hold meets the target; after a failed hold the
 * sweep steps down by the precision and holds again. A step or hold passes if its run's verdict is
 * ok (harness-limited and host-limited are not: the harness or the host set the pace), it achieved
 * at least 99 % of the rate, and the objective holds. A failing rate below a passing one is flagged
 * non-monotonic. Independent of running anything: the probe measures a rate.
 *
 * @param rates the rates to run; empty to double from {@code start}
 * @param start the first rate when doubling
 * @param bisect whether to bisect between the highest passing and lowest failing rate (with an
 *     objective)
 * @param precision bisection stops when the failing rate is within this fraction above the passing
 *     one (0.05: 5 %); a failed hold steps down by it
 * @param maxSteps the most search runs the sweep makes
 * @param confirm how many holds a candidate must pass; 0 for none
 * @param maxHoldRounds the most candidates held (the first and each step down)
 */
public record RateSweep(
    List<Double> rates,
    double start,
    boolean bisect,
    double precision,
    int maxSteps,
    int confirm,
    int maxHoldRounds) {
  /** Why a harness-limited step or hold fails. */
  public static final String HARNESS_LIMITED =
      "harness-limited: the harness, not the queue, set the pace";

  /** Why a step or hold on a starved host fails. */
  public static final String HOST_LIMITED =
      "host-limited: the host, busy with other work, not the queue, set the pace";

  /** The fraction of the target rate a step or hold must achieve to pass. */
  public static final double ACHIEVED_FRACTION = 0.99;

  /**
   * One measured rate: a search step or a hold.
   *
   * @param rate the target msgs/s
   * @param achieved the msgs/s achieved
   * @param verdict the run's status label
   * @param latencyMs the objective's latency in ms (null without objective or value)
   * @param passed whether the rate passed
   * @param why why it failed; empty if it passed
   * @param hold 0 for a search step; 1, 2, ... for the holds of a candidate
   */
  public record Step(
      double rate,
      double achieved,
      String verdict,
      Double latencyMs,
      boolean passed,
      String why,
      int hold) {

    /** A search step. */
    public Step(
        double rate,
        double achieved,
        String verdict,
        Double latencyMs,
        boolean passed,
        String why) {
      this(rate, achieved, verdict, latencyMs, passed, why, 0);
    }

    /**
     * @return "search" or "hold N"
     */
    public String phase() {
      return hold == 0 ? "search" : "hold " + hold;
    }

    Step judged(int holdNumber) {
      String reason = why;
      if (passed && HARNESS_LIMITED_LABEL.equals(verdict)) {
        reason = HARNESS_LIMITED;
      } else if (passed && HOST_LIMITED_LABEL.equals(verdict)) {
        reason = HOST_LIMITED;
      } else if (passed && achieved < ACHIEVED_FRACTION * rate) {
        reason =
            String.format(
                Locale.ROOT,
                "achieved %,.0f msgs/s, below %.0f %% of %,.0f",
                achieved,
                ACHIEVED_FRACTION * 100,
                rate);
      }
      boolean ok = passed && reason.isEmpty();
      return new Step(rate, achieved, verdict, latencyMs, ok, ok ? "" : reason, holdNumber);
    }
  }

  private static final String HARNESS_LIMITED_LABEL = "harness-limited";
  private static final String HOST_LIMITED_LABEL = "host-limited";

  /** Measures one rate. */
  @FunctionalInterface
  public interface Probe {
    /**
     * @param rate msgs/s
     * @param hold 0 for a search step (the step duration); 1, 2, ... for a candidate's holds (the
     *     longer hold duration)
     * @return the step, or empty if the sweep was stopped while measuring
     */
    Optional<Step> measure(double rate, int hold);
  }

  /**
   * What the sweep found.
   *
   * @param steps every step and hold in the order measured
   * @param highestPassing the search's highest passing rate below its lowest failing one; null if
   *     none
   * @param lowestFailing the search's lowest failing rate above it; null if every rate passed
   * @param verified the highest rate whose every hold met the target; null if none was
   * @param complete false if the sweep was stopped or ran out of steps before it finished
   */
  public record Finding(
      List<Step> steps,
      Double highestPassing,
      Double lowestFailing,
      Double verified,
      boolean complete) {

    /**
     * @return the failing steps and holds with a passing one at a higher rate (a noisy host, or a
     *     queue whose capacity varies), in the order measured
     */
    public List<Step> nonMonotonic() {
      return steps.stream().filter(s -> isNonMonotonic(s)).toList();
    }

    /**
     * @param s one of the steps
     * @return whether it failed below a passing rate
     */
    public boolean isNonMonotonic(Step s) {
      return !s.passed() && steps.stream().anyMatch(p -> p.passed() && p.rate() > s.rate());
    }

    /**
     * @param rate a held rate
     * @return its holds, in order
     */
    public List<Step> holdsAt(double rate) {
      return steps.stream().filter(s -> s.hold() > 0 && s.rate() == rate).toList();
    }

    /**
     * @return the spread of achieved rate across the verified rate's holds, as a fraction of the
     *     lowest; null if none verified
     */
    public Double holdSpread() {
      if (verified == null) {
        return null;
      }
      DoubleSummaryStatistics a =
          holdsAt(verified).stream().mapToDouble(Step::achieved).summaryStatistics();
      return a.getCount() == 0 || a.getMin() <= 0 ? null : (a.getMax() - a.getMin()) / a.getMin();
    }

    /**
     * @param objective the objective, if any
     * @return one line for people
     */
    public String describe(Optional<Objective> objective) {
      return FindingText.describe(this, objective);
    }
  }

  /** Copies the rates. */
  public RateSweep {
    rates = List.copyOf(rates);
  }

  /**
   * A sweep without holds.
   *
   * @param rates the rates to run; empty to double from {@code start}
   * @param start the first rate when doubling
   * @param bisect whether to bisect between the highest passing and lowest failing rate (with an
   *     objective)
   * @param precision bisection stops when the failing rate is within this fraction above the
   *     passing one (0.05: 5 %); a failed hold steps down by it
   * @param maxSteps the most search runs the sweep makes
   */
  public RateSweep(
      List<Double> rates, double start, boolean bisect, double precision, int maxSteps) {
    this(rates, start, bisect, precision, maxSteps, 0, 0);
  }

  /**
   * Runs the sweep.
   *
   * @param probe measures a rate
   * @return the finding
   */
  public Finding run(Probe probe) {
    Walk walk = new Walk(probe);
    if (!rates.isEmpty()) {
      runGivenRates(walk);
    } else {
      doubleOrHalve(walk);
    }
    double[] bounds = bisect(walk);
    boolean converged =
        Double.isNaN(bounds[0])
            || Double.isNaN(bounds[1])
            || !bisect
            || bounds[1] - bounds[0] <= precision * bounds[0]
            || bounds[1] - bounds[0] <= 1;
    boolean complete = !walk.stopped && (converged || walk.steps.size() < maxSteps);
    Double highestPassing = Double.isNaN(bounds[0]) ? null : bounds[0];
    Double verified = null;
    if (confirm > 0 && highestPassing != null && !walk.stopped) {
      Held held = hold(walk, highestPassing);
      verified = held.verified();
      complete = complete && !walk.stopped && !held.ranOut();
    }
    return new Finding(
        List.copyOf(walk.steps),
        highestPassing,
        Double.isNaN(bounds[1]) ? null : bounds[1],
        verified,
        complete);
  }

  /** The steps measured so far, and whether the sweep was stopped (or ran out of given steps). */
  private static final class Walk {
    final Probe probe;
    final List<Step> steps = new ArrayList<>();
    boolean stopped;

    Walk(Probe probe) {
      this.probe = probe;
    }

    /** Measures a rate; a probe stopped while measuring stops the walk. */
    boolean measure(double rate, int hold) {
      Optional<Step> s = probe.measure(rate, hold);
      s.ifPresent(step -> steps.add(step.judged(hold)));
      stopped |= s.isEmpty();
      return s.isPresent();
    }

    Step last() {
      return steps.get(steps.size() - 1);
    }
  }

  private void runGivenRates(Walk walk) {
    for (double r : rates) {
      if (walk.steps.size() >= maxSteps || !walk.measure(r, 0)) {
        walk.stopped = true;
        return;
      }
    }
  }

  /** Doubles from the start rate while it passes, or halves while it fails, to the first change. */
  private void doubleOrHalve(Walk walk) {
    double r = start;
    walk.measure(r, 0);
    boolean firstPassed = !walk.stopped && walk.steps.get(0).passed();
    while (!walk.stopped && walk.steps.size() < maxSteps && walk.last().passed() == firstPassed) {
      r = firstPassed ? r * 2 : Math.floor(r / 2);
      if (r < 1) {
        return;
      }
      walk.measure(r, 0);
    }
  }

  /**
   * @return the bounds once bisected to the precision (if bisecting), or as far as the sweep got
   */
  private double[] bisect(Walk walk) {
    double[] bounds = bounds(walk.steps);
    while (bisect
        && !walk.stopped
        && !Double.isNaN(bounds[0])
        && !Double.isNaN(bounds[1])
        && bounds[1] - bounds[0] > precision * bounds[0]
        && walk.steps.size() < maxSteps) {
      double mid = Math.rint((bounds[0] + bounds[1]) / 2);
      if (mid <= bounds[0] || mid >= bounds[1]) {
        break; // whole msgs/s: nothing left between them
      }
      walk.measure(mid, 0);
      bounds = bounds(walk.steps);
    }
    return bounds;
  }

  /**
   * What the holds found.
   *
   * @param verified the rate whose every hold passed; null if none
   * @param ranOut whether every round was used without verifying a rate
   */
  private record Held(Double verified, boolean ranOut) {}

  /** Holds the candidate, stepping down by the precision after each failed round. */
  private Held hold(Walk walk, double candidate) {
    int round = 0;
    for (; round < maxHoldRounds; round++) {
      boolean held = true;
      for (int hold = 1; hold <= confirm && held; hold++) {
        if (!walk.measure(candidate, hold)) {
          return new Held(null, false);
        }
        held = walk.last().passed();
      }
      if (held) {
        return new Held(candidate, false);
      }
      double lower = Math.rint(candidate * (1 - precision));
      if (lower < 1 || lower >= candidate) {
        break;
      }
      candidate = lower;
    }
    return new Held(null, round >= maxHoldRounds);
  }

  /**
   * The lowest failing rate, and the highest passing rate below it (NaN where there is none). A
   * noisy passing rate above a failing one does not count: the knee is where failing starts.
   */
  static double[] bounds(List<Step> steps) {
    double lowestFailing =
        steps.stream()
            .filter(s -> s.hold() == 0 && !s.passed())
            .mapToDouble(Step::rate)
            .min()
            .orElse(Double.NaN);
    double highestPassing =
        steps.stream()
            .filter(s -> s.hold() == 0 && s.passed())
            .map(Step::rate)
            .filter(r -> Double.isNaN(lowestFailing) || r < lowestFailing)
            .max(Comparator.naturalOrder())
            .orElse(Double.NaN);
    return new double[] {highestPassing, lowestFailing};
  }
}
