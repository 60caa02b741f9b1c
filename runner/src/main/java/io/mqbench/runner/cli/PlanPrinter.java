package io.mqbench.runner.cli;

import io.mqbench.config.Durations;
import io.mqbench.results.RunSetup;
import io.mqbench.runner.cli.setting.GivenSettings;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints what would run ({@code --dry-run} of a run or a sweep): each run's (or cell's) settings,
 * where its threads run, the backend's configuration, where each option given came from, and the
 * heap chosen.
 *
 * @param out where the plans are printed
 * @param heap the heap the runs get (printed with them)
 * @param given where each option given came from
 */
record PlanPrinter(PrintStream out, RunHeap heap, GivenSettings given) {
  void print(RunPlans plans) {
    for (RunPlan plan : plans.runs()) {
      if (plan.repetition() > 1) {
        continue;
      }
      if (plans.matrix()) {
        out.printf(
            Locale.ROOT,
            "cell %d of %d, %d time%s: %s%n",
            // Runs go in rounds of every cell: a cell's place is its run's place in the round.
            (plan.number() - 1) % plans.cells() + 1,
            plans.cells(),
            plans.repeat(),
            plans.repeat() == 1 ? "" : "s",
            RunSetup.labelOf(plan.cell()));
      }
      out.println(plan.provider().name() + ": " + plan.config().describe());
      if (!plan.config().warmup().isZero()) {
        out.println("  warm-up " + Durations.format(plan.config().warmup()));
      }
      plan.workers()
          .ifPresent(
              w ->
                  w.layout()
                      .parts()
                      .forEach(
                          part ->
                              out.printf(
                                  Locale.ROOT,
                                  "  node %s: %s, %d sender(s), %d receiver(s)%n",
                                  part.address(),
                                  part.roles(),
                                  part.senders(),
                                  part.receivers())));
      if (plan.config().localBroker() != io.mqbench.broker.BrokerResolution.LocalPolicy.AUTO) {
        out.println(
            "  local broker: " + plan.config().localBroker().name().toLowerCase(Locale.ROOT));
      }
      plan.config().faults().forEach(f -> out.println("  fault " + f.text()));
      plan.backend().effective().forEach((k, v) -> out.println("  " + k + " = " + v));
      out.println("  " + GivenSettings.describe(given.inCell(plan.cellValues())));
    }
    heap.describe(RunHeap.needed(plans)).ifPresent(out::println);
  }
}
