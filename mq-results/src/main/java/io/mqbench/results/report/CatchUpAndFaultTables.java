package io.mqbench.results.report;

import static io.mqbench.results.report.ReportMarks.unsafeTag;
import static io.mqbench.results.svg.Markup.escape;

import io.mqbench.results.CatchUpResult;
import io.mqbench.results.FaultResult;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The report's tables of runs whose figures are read in windows: catching up with a backlog, and
 * each injected fault's before, during and after.
 */
final class CatchUpAndFaultTables {
  private CatchUpAndFaultTables() {}

  /**
   * Catch-up runs: the backlog receivers found, how long catching up took (or what was left), and
   * the publish rate and latencies while catching up against after it.
   */
  static void catchUp(StringBuilder h, List<RunFigures> runs) {
    List<RunFigures> catchUps = runs.stream().filter(r -> r.result().catchUp() != null).toList();
    if (catchUps.isEmpty()) {
      return;
    }
    boolean withSource = runs.stream().map(RunFigures::source).distinct().count() > 1;
    h.append("<h2>Catch-up</h2>\n<p>Receivers started after the backlog while senders kept their")
        .append(" rate; caught up is the first instant the backlog (sent − received) was at most")
        .append(" one second of sending. Publish rate and latencies are of each window: while")
        .append(" catching up, and after it (once what was sent by then had been received) to")
        .append(" the end of sending: the same rate with no backlog. Drain msgs/s is what was")
        .append(" received while catching up.</p>\n<table id=\"catch-up\"><tr>")
        .append("<th class=\"l\">run</th>")
        .append("<th class=\"l\">caught up</th><th>backlog at start msgs</th>")
        .append("<th>catch-up s</th><th>backlog left msgs</th><th>drain msgs/s</th>")
        .append("<th>sent msgs/s: backlog</th><th>catching up</th><th>after</th>")
        .append("<th>response p99 ms: catching up</th><th>after</th>")
        .append("<th>end-to-end p99 ms: catching up</th><th>after</th></tr>\n");
    for (RunFigures r : catchUps) {
      CatchUpResult c = r.result().catchUp();
      h.append("<tr><td class=\"l\">")
          .append(escape(ReportNames.run(r, withSource)))
          .append(unsafeTag(List.of(r)))
          .append("</td><td class=\"l ")
          .append(c.caughtUp() ? "ok\">yes" : "bad\">no")
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%,d", c.backlogAtStart()))
          .append("</td><td>")
          .append(c.caughtUp() ? String.format(Locale.ROOT, "%.2f", c.catchUpSeconds()) : "—")
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%,d", c.backlogAtEnd()))
          .append("</td>");
      rate(h, c.catchUp().receivedPerSecond());
      rate(h, c.backlog().sentPerSecond());
      rate(h, c.catchUp().sentPerSecond());
      rate(h, c.after() == null ? null : c.after().sentPerSecond());
      p99(h, c.catchUp(), LatencyKind.RESPONSE);
      p99(h, c.after(), LatencyKind.RESPONSE);
      p99(h, c.catchUp(), LatencyKind.END_TO_END);
      p99(h, c.after(), LatencyKind.END_TO_END);
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  static void faults(StringBuilder h, List<RunFigures> runs) {
    List<RunFigures> withFaults =
        runs.stream().filter(r -> !r.result().faults().injected().isEmpty()).toList();
    if (withFaults.isEmpty()) {
      return;
    }
    boolean withSource = runs.stream().map(RunFigures::source).distinct().count() > 1;
    h.append("<h2>Faults</h2>\n<p>Each fault from its injection until its action returned (a")
        .append(" killed broker serving again, a pause undone). Recovered: from the injection to")
        .append(" the first instant, after the received rate fell below 90 % of the rate before")
        .append(" the fault (and for a pause or partition after its end), from which the rate over")
        .append(" every second (read every tenth of a second) stayed at 90 % or more for 3 s.")
        .append(" Unavailable: the longest time without a delivery, and without an acknowledged")
        .append(" send, around it. Lost and duplicates are the run's.</p>\n")
        .append("<table id=\"faults\"><tr>")
        .append("<th class=\"l\">run</th><th class=\"l\">fault</th><th class=\"l\">on</th>")
        .append("<th>at s</th><th>lasted s</th><th class=\"l\">what happened</th>")
        .append("<th>received msgs/s before</th><th>lowest msgs/s</th><th>recovered after s</th>")
        .append("<th>no delivery for s</th><th>no acknowledged send for s</th>")
        .append("<th>end-to-end p99 ms: before</th><th>during</th>")
        .append("<th>after</th><th>lost</th><th>duplicates</th></tr>\n");
    for (RunFigures r : withFaults) {
      for (FaultResult f : r.result().faults().injected()) {
        faultRow(h, r, f, withSource);
      }
    }
    h.append("</table>\n");
  }

  /** One fault of a run: what it did, how the rate fell and came back, and the latencies. */
  private static void faultRow(StringBuilder h, RunFigures r, FaultResult f, boolean withSource) {
    h.append("<tr><td class=\"l\">")
        .append(escape(ReportNames.run(r, withSource)))
        .append(unsafeTag(List.of(r)))
        .append("</td><td class=\"l\">")
        .append(escape(f.kind()))
        .append("</td><td class=\"l\">")
        .append(escape(f.target()))
        .append("</td><td>")
        .append(String.format(Locale.ROOT, "%.2f", f.startSeconds()))
        .append("</td><td>")
        .append(
            f.injected()
                ? String.format(Locale.ROOT, "%.2f", f.endSeconds() - f.startSeconds())
                : "—")
        .append("</td><td class=\"l")
        .append(f.error() == null && f.injected() ? "\">" : " bad\">")
        .append(escape(f.error() == null ? f.detail() : "failed: " + f.error()))
        .append("</td>");
    rate(h, f.injected() ? f.receivedPerSecondBefore() : null);
    rate(h, f.injected() ? f.lowestReceivedPerSecond() : null);
    h.append("<td")
        .append(f.injected() && f.recoverySeconds() == null ? " class=\"bad\">not by the end" : ">")
        .append(
            f.recoverySeconds() == null
                ? (f.injected() ? "" : "—")
                : String.format(Locale.ROOT, "%.1f", f.recoverySeconds()))
        .append("</td><td>")
        .append(String.format(Locale.ROOT, "%.2f", f.longestGapSeconds()))
        .append("</td><td>")
        .append(String.format(Locale.ROOT, "%.2f", f.longestSendGapSeconds()))
        .append("</td>");
    p99(h, f.before(), LatencyKind.END_TO_END);
    p99(h, f.during(), LatencyKind.END_TO_END);
    p99(h, f.after(), LatencyKind.END_TO_END);
    h.append("<td>")
        .append(String.format(Locale.ROOT, "%,d", r.result().totals().lost()))
        .append("</td><td>")
        .append(String.format(Locale.ROOT, "%,d", r.result().totals().duplicates()))
        .append("</td></tr>\n");
  }

  private static void rate(StringBuilder h, Double msgsPerSecond) {
    h.append("<td>")
        .append(msgsPerSecond == null ? "—" : String.format(Locale.ROOT, "%,.0f", msgsPerSecond))
        .append("</td>");
  }

  private static void p99(StringBuilder h, CatchUpResult.Window w, LatencyKind latency) {
    Latency l = w == null ? null : w.latency(latency);
    OptionalDouble v = l == null ? OptionalDouble.empty() : l.valueMs(Latency.P99);
    h.append("<td>")
        .append(v.isPresent() ? String.format(Locale.ROOT, "%,.3f", v.getAsDouble()) : "—")
        .append("</td>");
  }
}
