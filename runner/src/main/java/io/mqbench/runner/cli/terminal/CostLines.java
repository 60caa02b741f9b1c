package io.mqbench.runner.cli.terminal;

import io.mqbench.results.MachineCost;
import io.mqbench.results.RequestCost;
import io.mqbench.results.RunResult;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.Locale;

/** The cost lines of a run's summary: requests billed by the backend, and machine time. */
final class CostLines {
  private CostLines() {}

  /** Backends billed per request: the calls by kind and the estimated cost per million messages. */
  static void requests(RunResult r, PrintStream out) {
    RequestCost q = r.cost().requests();
    if (q == null) {
      return;
    }
    StringBuilder calls = new StringBuilder();
    q.calls()
        .forEach(
            (kind, n) ->
                calls
                    .append(calls.length() == 0 ? "" : ", ")
                    .append(kind)
                    .append(' ')
                    .append(String.format(Locale.ROOT, "%,d", n)));
    out.printf(Locale.ROOT, "requests   %s; billed %,d%n", calls, q.billed());
    if (q.costPerMillionMessages() != null) {
      out.printf(
          Locale.ROOT,
          "cost       %.4f %s per million messages (estimate: billed requests x %s per million"
              + " requests / messages sent; %s)%n",
          q.costPerMillionMessages(),
          q.currency(),
          stripZeros(q.pricePerMillionRequests()),
          q.priceSource());
    }
  }

  /** A run given --machine-cost: the cost per million messages, with what it came from. */
  static void machineCost(RunResult r, PrintStream out) {
    MachineCost m = r.cost().machines();
    if (m == null) {
      return;
    }
    if (m.costPerMillionMessages() == null) {
      out.printf(
          Locale.ROOT,
          "cost       none: no message moved %s, so %s %s per hour buys none%n",
          m.rateBasis(),
          stripZeros(m.pricePerHour()),
          m.currency());
      return;
    }
    out.printf(
        Locale.ROOT,
        "cost       %.6f %s per million messages (estimate: machines at %s %s per hour, moving"
            + " %,.1f msgs/s %s; --machine-cost)%n",
        m.costPerMillionMessages(),
        m.currency(),
        stripZeros(m.pricePerHour()),
        m.currency(),
        m.msgsPerSecond(),
        m.rateBasis());
  }

  private static String stripZeros(double v) {
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
