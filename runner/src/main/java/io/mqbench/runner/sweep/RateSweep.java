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
 */
public final class RateSweep {
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
      String goal = objective.map(o -> " and " + o.describe()).orElse("");
      String search = searchText(goal);
      List<Double> held =
          steps.stream().filter(s -> s.hold() > 0).map(Step::rate).distinct().toList();
      String text;
      if (verified != null) {
        List<Step> holds = holdsAt(verified);
        DoubleSummaryStatistics a = holds.stream().mapToDouble(Step::achieved).summaryStatistics();
        text =
            String.format(
                Locale.ROOT,
                "verified maximum rate with verdict ok%s: %,.0f msgs/s, held %d times (achieved"
                    + " %,.0f to %,.0f msgs/s, spread %.1f %%)%s; search: %s",
                goal,
                verified,
                holds.size(),
                a.getMin(),
                a.getMax(),
                holdSpread() == null ? 0 : 100 * holdSpread(),
                held.size() > 1
                    ? String.format(
                        Locale.ROOT,
                        " after failed holds at %s msgs/s",
                        rates(held.subList(0, held.size() - 1)))
                    : "",
                search);
      } else if (!held.isEmpty()) {
        text =
            String.format(
                Locale.ROOT,
                "no rate verified: a hold failed at %s msgs/s; search: %s",
                rates(held),
                search);
      } else {
        text = search;
      }
      List<Step> odd = nonMonotonic();
      if (!odd.isEmpty()) {
        text +=
            "; non-monotonic: "
                + rates(odd.stream().map(Step::rate).distinct().toList())
                + " msgs/s failed below a passing rate";
      }
      return complete ? text : text + "; the sweep did not finish";
    }

    private static String rates(List<Double> rates) {
      return String.join(
          ", ", rates.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r)).toList());
    }

    private String searchText(String goal) {
      if (highestPassing == null) {
        return "no rate tried met the target"
            + goal
            + (steps.isEmpty()
                ? ""
                : String.format(
                    Locale.ROOT,
                    " (lowest tried: %,.0f msgs/s)",
                    steps.stream().mapToDouble(Step::rate).min().orElse(0)));
      } else if (lowestFailing == null) {
        return String.format(
            Locale.ROOT,
            "every rate tried met the target%s, up to %,.0f msgs/s: no knee found",
            goal,
            highestPassing);
      } else {
        return String.format(
            Locale.ROOT,
            "highest rate with verdict ok%s: %,.0f msgs/s (%,.0f msgs/s failed)",
            goal,
            highestPassing,
            lowestFailing);
      }
    }
  }

  private final List<Double> rates;
  private final double start;
  private final boolean bisect;
  private final double precision;
  private final int maxSteps;
  private final int confirm;
  private final int maxHoldRounds;

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
   * @param rates the rates to run; empty to double from {@code start}
   * @param start the first rate when doubling
   * @param bisect whether to bisect between the highest passing and lowest failing rate (with an
   *     objective)
   * @param precision bisection stops when the failing rate is within this fraction above the
   *     passing one (0.05: 5 %); a failed hold steps down by it
   * @param maxSteps the most search runs the sweep makes
   * @param confirm how many holds a candidate must pass; 0 for none
   * @param maxHoldRounds the most candidates held (the first and each step down)
   */
  public RateSweep(
      List<Double> rates,
      double start,
      boolean bisect,
      double precision,
      int maxSteps,
      int confirm,
      int maxHoldRounds) {
    this.rates = List.copyOf(rates);
    this.start = start;
    this.bisect = bisect;
    this.precision = precision;
    this.maxSteps = maxSteps;
    this.confirm = confirm;
    this.maxHoldRounds = maxHoldRounds;
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
        if (steps.size() >= maxSteps || !measure(probe, r, 0, steps)) {
          stopped = true;
          break;
        }
      }
    } else {
      double r = start;
      stopped = !measure(probe, r, 0, steps);
      boolean firstPassed = !stopped && steps.get(0).passed();
      while (!stopped && steps.size() < maxSteps && last(steps).passed() == firstPassed) {
        r = firstPassed ? r * 2 : Math.floor(r / 2);
        if (r < 1) {
          break;
        }
        stopped = !measure(probe, r, 0, steps);
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
      stopped = !measure(probe, mid, 0, steps);
      bounds = bounds(steps);
    }
    boolean converged =
        Double.isNaN(bounds[0])
            || Double.isNaN(bounds[1])
            || !bisect
            || bounds[1] - bounds[0] <= precision * bounds[0]
            || bounds[1] - bounds[0] <= 1;
    boolean complete = !stopped && (converged || steps.size() < maxSteps);
    Double highestPassing = Double.isNaN(bounds[0]) ? null : bounds[0];
    Double verified = null;
    if (confirm > 0 && highestPassing != null && !stopped) {
      double candidate = highestPassing;
      int round = 0;
      for (; round < maxHoldRounds; round++) {
        boolean held = true;
        for (int hold = 1; hold <= confirm && held; hold++) {
          if (!measure(probe, candidate, hold, steps)) {
            stopped = true;
            break;
          }
          held = last(steps).passed();
        }
        if (stopped) {
          break;
        }
        if (held) {
          verified = candidate;
          break;
        }
        double lower = Math.rint(candidate * (1 - precision));
        if (lower < 1 || lower >= candidate) {
          break;
        }
        candidate = lower;
      }
      boolean ranOut = verified == null && round >= maxHoldRounds;
      complete = complete && !stopped && !ranOut;
    }
    return new Finding(
        List.copyOf(steps),
        highestPassing,
        Double.isNaN(bounds[1]) ? null : bounds[1],
        verified,
        complete);
  }

  private static boolean measure(Probe probe, double rate, int hold, List<Step> steps) {
    Optional<Step> s = probe.measure(rate, hold);
    s.ifPresent(step -> steps.add(step.judged(hold)));
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
