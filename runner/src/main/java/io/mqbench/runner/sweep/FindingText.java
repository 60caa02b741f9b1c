package io.mqbench.runner.sweep;

import io.mqbench.runner.sweep.RateSweep.Step;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A sweep's finding in one line for people: the f.verified() rate, the search, what was odd. */
final class FindingText {
  private FindingText() {}

  /**
   * @param f what the sweep found
   * @param objective the objective, if any
   * @return one line for people
   */
  static String describe(RateSweep.Finding f, Optional<Objective> objective) {
    String goal = objective.map(o -> " and " + o.describe()).orElse("");
    String search = searchText(f, goal);
    List<Double> held =
        f.steps().stream().filter(s -> s.hold() > 0).map(Step::rate).distinct().toList();
    String text;
    if (f.verified() != null) {
      List<Step> holds = f.holdsAt(f.verified());
      DoubleSummaryStatistics a = holds.stream().mapToDouble(Step::achieved).summaryStatistics();
      text =
          String.format(
              Locale.ROOT,
              "verified maximum rate with verdict ok%s: %,.0f msgs/s, held %d times (achieved"
                  + " %,.0f to %,.0f msgs/s, spread %.1f %%)%s; search: %s",
              goal,
              f.verified(),
              holds.size(),
              a.getMin(),
              a.getMax(),
              f.holdSpread() == null ? 0 : 100 * f.holdSpread(),
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
    List<Step> odd = f.nonMonotonic();
    if (!odd.isEmpty()) {
      text +=
          "; non-monotonic: "
              + rates(odd.stream().map(Step::rate).distinct().toList())
              + " msgs/s failed below a passing rate";
    }
    return f.complete() ? text : text + "; the sweep did not finish";
  }

  private static String rates(List<Double> rates) {
    return String.join(
        ", ", rates.stream().map(r -> String.format(Locale.ROOT, "%,.0f", r)).toList());
  }

  private static String searchText(RateSweep.Finding f, String goal) {
    if (f.highestPassing() == null) {
      return "no rate tried met the target"
          + goal
          + (f.steps().isEmpty()
              ? ""
              : String.format(
                  Locale.ROOT,
                  " (lowest tried: %,.0f msgs/s)",
                  f.steps().stream().mapToDouble(Step::rate).min().orElse(0)));
    } else if (f.lowestFailing() == null) {
      return String.format(
          Locale.ROOT,
          "every rate tried met the target%s, up to %,.0f msgs/s: no knee found",
          goal,
          f.highestPassing());
    } else {
      return String.format(
          Locale.ROOT,
          "highest rate with verdict ok%s: %,.0f msgs/s (%,.0f msgs/s failed)",
          goal,
          f.highestPassing(),
          f.lowestFailing());
    }
  }
}
