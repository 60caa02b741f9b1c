package io.mqbench.results.report;

import static io.mqbench.results.report.ReportMarks.durability;
import static io.mqbench.results.report.ReportMarks.statusClass;
import static io.mqbench.results.report.ReportMarks.unsafeTag;
import static io.mqbench.results.svg.Markup.escape;

import io.mqbench.results.EndToEndClock;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.RunResult;
import java.util.List;
import java.util.Locale;

/** The report's table of runs: each run's verdict, settings, rates, clocks, harness and cost. */
final class RunTable {
  private RunTable() {}

  static void write(StringBuilder h, List<RunFigures> runs) {
    h.append("<h2>Runs: verdicts and settings</h2>\n<table id=\"runs\"><tr>")
        .append("<th class=\"l\">run</th><th class=\"l\">started</th><th class=\"l\">queue</th>")
        .append("<th class=\"l\">target</th><th class=\"l\">verdict</th>")
        .append("<th class=\"l\">durability</th>")
        .append("<th class=\"l\">settings</th><th>sent msgs/s</th><th>received msgs/s</th>")
        .append("<th>end to end msgs/s</th><th class=\"l\">end-to-end clock</th>")
        .append("<th>lost</th><th class=\"l\">harness CPU</th>");
    boolean costs = runs.stream().anyMatch(r -> r.result().cost().perMillionMessages() != null);
    if (costs) {
      h.append("<th class=\"l\">cost per million msgs</th>");
    }
    h.append("</tr>\n");
    for (RunFigures r : runs) {
      String tag = unsafeTag(List.of(r));
      h.append("<tr><td class=\"l\">")
          .append(escape(ReportNames.run(r, false)))
          .append("</td><td class=\"l\">")
          .append(escape(r.startedAt()))
          .append("</td><td class=\"l\">")
          .append(escape(r.queue()))
          .append("</td><td class=\"l\">")
          .append(escape(r.target()))
          .append("</td><td class=\"l ")
          .append(statusClass(r.status()))
          .append("\">")
          .append(escape(r.statusLine()))
          .append("</td><td class=\"l")
          .append(r.unsafe() ? " bad" : "")
          .append("\"><small>")
          .append(escape(durability(r)))
          .append("</small></td><td class=\"l\"><small>")
          .append(escape(settings(r)))
          .append("</small></td><td>")
          .append(String.format(Locale.ROOT, "%,.0f", r.sentPerSecond()))
          .append(tag)
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%,.0f", r.receivedPerSecond()))
          .append(tag)
          .append("</td><td>")
          .append(
              r.endToEndPerSecond() == null
                  ? ""
                  : String.format(Locale.ROOT, "%,.0f", r.endToEndPerSecond()) + tag)
          .append("</td>")
          .append(endToEndClock(r))
          .append("<td")
          .append(r.lost() > 0 ? " class=\"bad\">" : ">")
          .append(r.lost())
          .append(tag)
          .append("</td>")
          .append(harness(r.result().harness()))
          .append(costs ? cost(r.result()) : "")
          .append("</tr>\n");
    }
    h.append("</table>\n");
  }

  /** The run's settings in one line, but for the seed. */
  private static String settings(RunFigures r) {
    StringBuilder settings = new StringBuilder();
    r.settings()
        .asMap()
        .forEach(
            (k, v) -> {
              if (!k.equals("seed")) {
                settings.append(settings.length() == 0 ? "" : ", ").append(k).append('=').append(v);
              }
            });
    return settings.toString();
  }

  /**
   * What the run's end-to-end figures are worth across workers' clocks: the bound every figure
   * carries, negative samples, drift, and a figure the clocks cannot resolve marked as such.
   */
  private static String endToEndClock(RunFigures r) {
    EndToEndClock c = r.result().latency().endToEndClock();
    if (c == null || (c.clockBoundMs() == 0 && c.negativeSamples() == 0)) {
      return "<td class=\"l\"><small>one clock</small></td>";
    }
    StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "± %.3f ms", c.clockBoundMs()));
    if (c.negativeSamples() > 0) {
      t.append(
          String.format(
              Locale.ROOT,
              ", %,d negative (%.1f %%)",
              c.negativeSamples(),
              100 * c.negativeShare()));
    }
    if (c.clockDriftMs() > 0) {
      t.append(String.format(Locale.ROOT, ", drift %.3f ms", c.clockDriftMs()));
    }
    if (!c.meaningful()) {
      t.append(": not meaningful at this resolution");
    }
    return "<td class=\"l"
        + (c.meaningful() ? "" : " bad")
        + "\"><small>"
        + escape(t.toString())
        + "</small></td>";
  }

  /** The cost of a million messages, with its basis (the price and the rate) beneath it. */
  private static String cost(RunResult r) {
    Double cost = r.cost().perMillionMessages();
    if (cost == null) {
      return "<td class=\"l\"></td>";
    }
    String basis = r.cost().basis();
    return "<td class=\"l\">"
        + escape(
            String.format(Locale.ROOT, "%.6f %s", cost, basis.substring(0, basis.indexOf(':'))))
        + "<br><small>"
        + escape(basis.substring(basis.indexOf(':') + 2))
        + "</small></td>";
  }

  /**
   * What the harness used, per message and in all, the whole line as the cell's title: a reader
   * sees at once whether the harness took much of the machine the queue ran on.
   */
  private static String harness(HarnessUse h) {
    if (h == null) {
      return "<td class=\"l\"></td>";
    }
    return "<td class=\"l"
        + (h.threadsSaturated() ? " bad" : "")
        + "\" title=\""
        + escape(h.describe())
        + "\">"
        + escape(String.format(Locale.ROOT, "%.1f µs/msg", h.cpuMicrosPerMessage()))
        + "<br><small>"
        + escape(
            String.format(
                Locale.ROOT,
                "%.2f s CPU, GC %.2f s; %s",
                h.cpuSeconds(),
                h.gcSeconds(),
                h.busiestThreads()))
        + "</small></td>";
  }
}
