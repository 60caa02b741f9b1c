package io.mqbench.results.report;

import io.mqbench.mq.Durability;
import io.mqbench.results.CatchUpResult;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FaultResult;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.Markup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The self-contained {@code report.html}: verdicts and settings of every run, tables of msgs/s and
 * latency percentiles per cell (mean and 95 % interval of the repetitions, the best of each column
 * marked), charts as embedded PNGs, and the environment. Plain HTML and CSS: no script, no network.
 */
public final class HtmlReport {
  /** Keys whose values are never shown, should a results file from elsewhere still hold one. */
  private static final Pattern SECRET =
      Pattern.compile("(?i).*(password|secret|token|jaas|credential|sasl).*");

  /** A latency percentile column of the cells' table. */
  private record LatencyColumn(LatencyKind latency, String suffix) {}

  private static final List<LatencyColumn> LATENCY_COLUMNS =
      List.of(
          new LatencyColumn(LatencyKind.END_TO_END, Latency.P50),
          new LatencyColumn(LatencyKind.END_TO_END, Latency.P99),
          new LatencyColumn(LatencyKind.END_TO_END, Latency.P99_9),
          new LatencyColumn(LatencyKind.END_TO_END, Latency.MAX),
          new LatencyColumn(LatencyKind.RESPONSE, Latency.P50),
          new LatencyColumn(LatencyKind.RESPONSE, Latency.P99),
          new LatencyColumn(LatencyKind.RESPONSE, Latency.P99_9),
          new LatencyColumn(LatencyKind.SEND, Latency.P50),
          new LatencyColumn(LatencyKind.SEND, Latency.P99));

  private HtmlReport() {}

  /**
   * A section that comes before the report, such as {@code mqbench compare}'s verdicts: the page
   * takes its title, and the report of the runs follows under its own heading.
   *
   * @param title the page's title and first heading
   * @param css the section's own style rules, added to the page's
   * @param html the section's body, headings included, everything escaped
   */
  public record Preface(String title, String css, String html) {}

  /**
   * @param runs every run to report, of one or more sources
   * @param sweeps sweep findings by source, shown above the tables
   * @param generatedAt when the report was made
   * @return the page
   */
  public static String render(List<RunFigures> runs, List<String> sweeps, String generatedAt) {
    return render(runs, sweeps, generatedAt, null);
  }

  /**
   * @param runs every run to report, of one or more sources
   * @param sweeps sweep findings by source, shown above the tables
   * @param generatedAt when the report was made
   * @param preface a section to show first, or null
   * @return the page
   */
  public static String render(
      List<RunFigures> runs, List<String> sweeps, String generatedAt, Preface preface) {
    List<CellFigures> cells = CellFigures.of(runs);
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>")
        .append(esc(preface == null ? "mqbench report" : preface.title()))
        .append("</title><style>")
        .append("body{font-family:sans-serif;margin:2em;color:#222}")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:13px}")
        .append("th,td{border:1px solid #ccc;padding:3px 6px;text-align:right}")
        .append("th{background:#eee}td.l,th.l{text-align:left}")
        .append("td.best{background:#c6efce;font-weight:bold}")
        .append(".bad{color:#9c0006;font-weight:bold}.ok{color:#006100}")
        .append(".warn{color:#9c5700;font-weight:bold}")
        .append(".unsafe{display:inline-block;margin-left:4px;padding:0 3px;border-radius:3px;")
        .append("background:#9c0006;color:#fff;font-size:10px;font-weight:bold;line-height:14px;")
        .append("white-space:nowrap;cursor:help}")
        .append("figure{margin:1em 0}img{max-width:100%;border:1px solid #ddd}")
        .append(preface == null ? "" : preface.css())
        .append("</style></head><body>\n");
    if (preface != null) {
      h.append(preface.html());
    }
    Set<String> sources = new LinkedHashSet<>();
    runs.forEach(r -> sources.add(r.source()));
    h.append(preface == null ? "<h1>mqbench report</h1>\n<p>" : "<h2>The runs</h2>\n<p>")
        .append(runs.size())
        .append(" run")
        .append(runs.size() == 1 ? "" : "s")
        .append(" in ")
        .append(cells.size())
        .append(" cell")
        .append(cells.size() == 1 ? "" : "s")
        .append(" from ")
        .append(esc(String.join(", ", sources)))
        .append("; made ")
        .append(esc(generatedAt))
        .append(". Values of repeated cells are the mean ± the half-width of the 95 % confidence")
        .append(" interval (Student's t); the best value of each column among cells whose")
        .append(" verdict is ok (or harness-limited) and that stored what they acknowledged is")
        .append(" marked ★.</p>\n");
    durabilityNotice(h, runs);
    if (!sweeps.isEmpty()) {
      h.append("<h2>Rate sweep</h2>\n<ul>");
      sweeps.forEach(
          s ->
              h.append("<li>")
                  .append(esc(s))
                  .append(unsafeTag(sweepRuns(s, runs)))
                  .append("</li>"));
      h.append("</ul>\n");
    }
    if (Reference.mixed(runs, r -> r.result().queue())) {
      h.append("<p id=\"reference\">The in-process <b>")
          .append(Reference.QUEUE)
          .append("</b> queue is a reference (it measures the harness, not a broker): it takes no")
          .append(" ★ and the rate charts leave it out.</p>\n");
    }
    cellTable(h, cells);
    runTable(h, runs);
    catchUpTable(h, runs);
    faultTable(h, runs);
    h.append("<h2>Charts</h2>\n");
    for (ReportCharts.Picture p : charts(runs, cells)) {
      h.append("<figure><img class=\"chart\" alt=\"")
          .append(esc(p.title()))
          .append("\" src=\"")
          .append(p.dataUri())
          .append("\"><figcaption>")
          .append(esc(p.title()))
          .append("</figcaption></figure>\n");
    }
    environment(h, runs);
    h.append("</body></html>\n");
    return h.toString();
  }

  /** Every chart the runs support, in the page's order. */
  static List<ReportCharts.Picture> charts(List<RunFigures> runs, List<CellFigures> cells) {
    List<ReportCharts.Picture> pictures = new ArrayList<>();
    Map<String, List<CellFigures>> bySource = new LinkedHashMap<>();
    cells.forEach(c -> bySource.computeIfAbsent(c.source(), s -> new ArrayList<>()).add(c));
    bySource.forEach(
        (source, all) -> {
          List<CellFigures> sourceCells = Reference.apart(all, CellFigures::queue);
          List<String> axes = axes(sourceCells);
          for (String axis : axes) {
            pictures.add(ReportCharts.byAxis(sourceCells, axis, axes, false));
            pictures.add(ReportCharts.byAxis(sourceCells, axis, axes, true));
          }
        });
    // Rates: brokers only when there are any; the reference's would flatten them onto the axis.
    List<RunFigures> rateRuns = Reference.apart(runs, r -> r.result().queue());
    pictures.add(ReportCharts.overTime(rateRuns, false));
    pictures.add(ReportCharts.overTime(rateRuns, true));
    for (RunFigures r : runs) {
      if (r.result().catchUp() != null) {
        pictures.add(ReportCharts.catchUp(r));
      }
      if (!r.result().faults().isEmpty()) {
        pictures.add(ReportCharts.faults(r));
      }
    }
    List<CellFigures> rateCells =
        cells.stream().filter(c -> c.first().targetRate() != null).toList();
    if (rateCells.stream().map(c -> c.first().targetRate()).distinct().count() > 1) {
      pictures.add(ReportCharts.curve(rateCells, LatencyKind.RESPONSE, Latency.P99));
      pictures.add(ReportCharts.curve(rateCells, LatencyKind.END_TO_END, Latency.P99));
    }
    addIfAny(
        pictures,
        ReportCharts.latency(
            cells, LatencyKind.END_TO_END, "end-to-end latency by percentile (log-log)"));
    addIfAny(
        pictures,
        ReportCharts.latency(cells, LatencyKind.RESPONSE, "response time by percentile (log-log)"));
    addIfAny(
        pictures,
        ReportCharts.latency(cells, LatencyKind.SEND, "send latency by percentile (log-log)"));
    return pictures;
  }

  private static void addIfAny(List<ReportCharts.Picture> pictures, ReportCharts.Picture p) {
    if (p != null) {
      pictures.add(p);
    }
  }

  /** The matrix axes of a source's cells: keys with more than one value. */
  static List<String> axes(List<CellFigures> cells) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    cells.forEach(
        c ->
            c.cell()
                .forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v)));
    return values.entrySet().stream()
        .filter(e -> e.getValue().size() > 1)
        .map(Map.Entry::getKey)
        .toList();
  }

  private static void cellTable(StringBuilder h, List<CellFigures> cells) {
    h.append("<h2>Cells</h2>\n<table id=\"cells\"><tr><th class=\"l\">cell</th>")
        .append("<th class=\"l\">queue</th><th>runs</th><th class=\"l\">verdict</th>")
        .append("<th>sent msgs/s</th><th>received msgs/s</th><th>end to end msgs/s</th>")
        .append("<th>achieved msgs/s</th>");
    List<LatencyColumn> latencyColumns = new ArrayList<>();
    for (LatencyColumn col : LATENCY_COLUMNS) {
      if (cells.stream().anyMatch(c -> c.latency(col.latency(), col.suffix()).present())) {
        latencyColumns.add(col);
        h.append("<th>")
            .append(esc(col.latency().label(col.latency() == LatencyKind.RESPONSE)))
            .append(' ')
            .append(col.suffix().replace('_', '.'))
            .append(" ms</th>");
      }
    }
    boolean costs = cells.stream().anyMatch(c -> c.cost().present());
    if (costs) {
      h.append("<th>cost per million msgs</th>");
    }
    h.append("</tr>\n");
    // Beside brokers, the in-process reference is never anyone's best; nor is a cell that did not
    // store what it acknowledged: its speed is bought with the promise the others keep.
    // Nor is a cell measured on a starved host: its figures are the host's.
    List<CellFigures> rivals =
        Reference.apart(cells, CellFigures::queue).stream()
            .filter(c -> !c.unsafe() && c.verdict() != RunStatus.HOST_LIMITED)
            .toList();
    boolean compare = rivals.size() > 1;
    Double bestSent = best(rivals, c -> c.sent(), true);
    Double bestReceived = best(rivals, c -> c.received(), true);
    Double bestEndToEnd = best(rivals, c -> c.endToEnd(), true);
    Double bestAchieved = best(rivals, c -> c.achieved(), true);
    for (CellFigures c : cells) {
      boolean rival = rivals.contains(c);
      String tag = unsafeTag(c.runs()) + hostLimitedTag(c.verdict());
      h.append("<tr><td class=\"l\">")
          .append(esc(c.label()))
          .append(" <small>[")
          .append(esc(c.source()))
          .append("]</small></td><td class=\"l\">")
          .append(esc(c.queue()))
          .append(rival ? "" : " <small>(reference)</small>")
          .append("</td><td>")
          .append(c.runs().size())
          .append("</td><td class=\"l ")
          .append(statusClass(c.verdict()))
          .append("\">")
          .append(esc(c.verdict().label()))
          .append("</td>");
      number(
          h, c.sent(), 0, rival && compare && bestSent != null && c.sent().mean() == bestSent, tag);
      number(
          h,
          c.received(),
          0,
          rival && compare && bestReceived != null && c.received().mean() == bestReceived,
          tag);
      number(
          h,
          c.endToEnd(),
          0,
          rival
              && compare
              && bestEndToEnd != null
              && c.endToEnd().present()
              && c.endToEnd().mean() == bestEndToEnd,
          tag);
      number(
          h,
          c.achieved(),
          0,
          rival && compare && bestAchieved != null && c.achieved().mean() == bestAchieved,
          tag);
      for (LatencyColumn col : latencyColumns) {
        Double best = best(rivals, x -> x.latency(col.latency(), col.suffix()), false);
        Estimate e = c.latency(col.latency(), col.suffix());
        number(h, e, 3, rival && compare && best != null && e.present() && e.mean() == best, tag);
      }
      if (costs) {
        Double cheapest = best(rivals, CellFigures::cost, false);
        boolean best = rival && compare && c.cost().present() && c.cost().mean() == cheapest;
        number(h, c.cost(), 6, best, c.cost().present() ? " " + costCurrency(c) + tag : tag);
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private static Double best(
      List<CellFigures> all, Function<CellFigures, Estimate> value, boolean highest) {
    // A cell that failed its verdict (target not met, lost messages) is no one's best.
    List<CellFigures> passed = all.stream().filter(c -> c.verdict().exitCode() == 0).toList();
    List<CellFigures> cells = passed.isEmpty() ? all : passed;
    return cells.stream()
        .map(value)
        .filter(Estimate::present)
        .map(Estimate::mean)
        .reduce(highest ? Math::max : Math::min)
        .orElse(null);
  }

  private static void number(
      StringBuilder h, Estimate e, int decimals, boolean best, String unsafeTag) {
    h.append(best ? "<td class=\"best\">" : "<td>")
        .append(esc(e.format(decimals)))
        .append(best ? " ★" : "")
        .append(e.present() ? unsafeTag : "")
        .append("</td>");
  }

  /**
   * Catch-up runs: the backlog receivers found, how long catching up took (or what was left), and
   * the publish rate and latencies while catching up against after it.
   */
  private static void catchUpTable(StringBuilder h, List<RunFigures> runs) {
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
          .append(esc(ReportNames.run(r, withSource)))
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

  private static void faultTable(StringBuilder h, List<RunFigures> runs) {
    List<RunFigures> withFaults =
        runs.stream().filter(r -> !r.result().faults().isEmpty()).toList();
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
      for (FaultResult f : r.result().faults()) {
        h.append("<tr><td class=\"l\">")
            .append(esc(ReportNames.run(r, withSource)))
            .append(unsafeTag(List.of(r)))
            .append("</td><td class=\"l\">")
            .append(esc(f.kind()))
            .append("</td><td class=\"l\">")
            .append(esc(f.target()))
            .append("</td><td>")
            .append(String.format(Locale.ROOT, "%.2f", f.startSeconds()))
            .append("</td><td>")
            .append(
                f.injected()
                    ? String.format(Locale.ROOT, "%.2f", f.endSeconds() - f.startSeconds())
                    : "—")
            .append("</td><td class=\"l")
            .append(f.error() == null && f.injected() ? "\">" : " bad\">")
            .append(esc(f.error() == null ? f.detail() : "failed: " + f.error()))
            .append("</td>");
        rate(h, f.injected() ? f.receivedPerSecondBefore() : null);
        rate(h, f.injected() ? f.lowestReceivedPerSecond() : null);
        h.append("<td")
            .append(
                f.injected() && f.recoverySeconds() == null ? " class=\"bad\">not by the end" : ">")
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
    }
    h.append("</table>\n");
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

  private static void runTable(StringBuilder h, List<RunFigures> runs) {
    h.append("<h2>Runs: verdicts and settings</h2>\n<table id=\"runs\"><tr>")
        .append("<th class=\"l\">run</th><th class=\"l\">started</th><th class=\"l\">queue</th>")
        .append("<th class=\"l\">target</th><th class=\"l\">verdict</th>")
        .append("<th class=\"l\">durability</th>")
        .append("<th class=\"l\">settings</th><th>sent msgs/s</th><th>received msgs/s</th>")
        .append("<th>end to end msgs/s</th><th class=\"l\">end-to-end clock</th>")
        .append("<th>lost</th><th class=\"l\">harness CPU</th>");
    boolean costs = runs.stream().anyMatch(r -> r.result().costPerMillionMessages() != null);
    if (costs) {
      h.append("<th class=\"l\">cost per million msgs</th>");
    }
    h.append("</tr>\n");
    for (RunFigures r : runs) {
      String tag = unsafeTag(List.of(r));
      StringBuilder settings = new StringBuilder();
      r.settings()
          .asMap()
          .forEach(
              (k, v) -> {
                if (!k.equals("seed")) {
                  settings
                      .append(settings.length() == 0 ? "" : ", ")
                      .append(k)
                      .append('=')
                      .append(v);
                }
              });
      h.append("<tr><td class=\"l\">")
          .append(esc(ReportNames.run(r, false)))
          .append("</td><td class=\"l\">")
          .append(esc(r.startedAt()))
          .append("</td><td class=\"l\">")
          .append(esc(r.queue()))
          .append("</td><td class=\"l\">")
          .append(esc(r.target()))
          .append("</td><td class=\"l ")
          .append(statusClass(r.status()))
          .append("\">")
          .append(esc(r.statusLine()))
          .append("</td><td class=\"l")
          .append(r.unsafe() ? " bad" : "")
          .append("\"><small>")
          .append(esc(durability(r)))
          .append("</small></td><td class=\"l\"><small>")
          .append(esc(settings.toString()))
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

  /**
   * What the run's end-to-end figures are worth across workers' clocks: the bound every figure
   * carries, negative samples, drift, and a figure the clocks cannot resolve marked as such.
   */
  private static String endToEndClock(RunFigures r) {
    EndToEndClock c = r.result().endToEndClock();
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
        + esc(t.toString())
        + "</small></td>";
  }

  /** The currency of a cell's cost: the first run's that has one. */
  private static String costCurrency(CellFigures c) {
    return c.runs().stream()
        .map(r -> r.result().costBasis())
        .filter(b -> !b.isEmpty())
        .map(b -> b.substring(0, b.indexOf(':')))
        .findFirst()
        .orElse("");
  }

  /** The cost of a million messages, with its basis (the price and the rate) beneath it. */
  private static String cost(RunResult r) {
    Double cost = r.costPerMillionMessages();
    if (cost == null) {
      return "<td class=\"l\"></td>";
    }
    String basis = r.costBasis();
    return "<td class=\"l\">"
        + esc(String.format(Locale.ROOT, "%.6f %s", cost, basis.substring(0, basis.indexOf(':'))))
        + "<br><small>"
        + esc(basis.substring(basis.indexOf(':') + 2))
        + "</small></td>";
  }

  private static String durability(RunFigures r) {
    Durability d = r.result().durability();
    return d == null ? "not recorded (written before durability was)" : d.describe();
  }

  /**
   * The label beside each figure of runs whose acknowledged messages could be lost: a row's colour
   * is lost on whoever reads one number off the page, or copies it.
   *
   * @param runs the runs a figure is made of
   * @return the tag, with what was unsafe as its title; empty if every run is safe
   */
  /** Green only for ok; a verdict that exits 0 but qualifies the figures is amber. */
  private static String statusClass(RunStatus status) {
    if (status == RunStatus.OK) {
      return "ok";
    }
    return status.exitCode() == 0 ? "warn" : "bad";
  }

  /** Beside each figure of a cell whose host set the pace. */
  private static String hostLimitedTag(RunStatus verdict) {
    return verdict != RunStatus.HOST_LIMITED
        ? ""
        : " <span class=\"warn\" title=\"the host, not the queue, set the pace: these figures are"
            + " the host's\">host-limited</span>";
  }

  private static String unsafeTag(List<RunFigures> runs) {
    List<String> why =
        runs.stream()
            .filter(RunFigures::unsafe)
            .map(r -> durability(r) + ": a crash of one process may lose acknowledged messages")
            .distinct()
            .toList();
    return why.isEmpty()
        ? ""
        : " <span class=\"unsafe\" title=\"" + esc(String.join("; ", why)) + "\">unsafe</span>";
  }

  /** The runs of the source a sweep's finding line is about: it starts with the folder's name. */
  private static List<RunFigures> sweepRuns(String finding, List<RunFigures> runs) {
    return runs.stream().filter(r -> finding.startsWith(r.source() + ": ")).toList();
  }

  /**
   * At the top, before any figure: runs whose acknowledged messages were kept differently (fsynced
   * beside in memory) do not measure the same promise, and a run whose messages were not stored
   * when acknowledged is named.
   */
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
        + esc(h.describe())
        + "\">"
        + esc(String.format(Locale.ROOT, "%.1f µs/msg", h.cpuMicrosPerMessage()))
        + "<br><small>"
        + esc(
            String.format(
                Locale.ROOT,
                "%.2f s CPU, GC %.2f s; %s",
                h.cpuSeconds(),
                h.gcSeconds(),
                h.busiestThreads()))
        + "</small></td>";
  }

  private static void durabilityNotice(StringBuilder h, List<RunFigures> runs) {
    Map<String, List<String>> byLevel = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      Durability d = r.result().durability();
      String level = d == null ? "not recorded" : d.level().label();
      byLevel.computeIfAbsent(level, k -> new ArrayList<>()).add(ReportNames.run(r, false));
    }
    if (byLevel.size() > 1) {
      h.append("<p class=\"bad\" id=\"durability-differs\">Durability differs between these runs:");
      byLevel.forEach(
          (level, names) ->
              h.append(" <br>")
                  .append(esc(level))
                  .append(": ")
                  .append(esc(String.join(", ", names))));
      h.append(
          "<br>A run that acknowledged messages fsynced and one that acknowledged them in memory"
              + " do not measure the same thing; see each run's durability below.</p>\n");
    }
    for (RunFigures r : runs) {
      Durability d = r.result().durability();
      if (d != null && d.level() == Durability.Level.STAND_IN) {
        h.append("<p class=\"bad\">")
            .append(esc(ReportNames.run(r, false)))
            .append(": measured on a ")
            .append(esc(durability(r)))
            .append("; its figures say nothing about the real system's.</p>\n");
      } else if (r.unsafe()) {
        h.append("<p class=\"bad\">")
            .append(esc(ReportNames.run(r, false)))
            .append(": acknowledged messages were ")
            .append(esc(durability(r)))
            .append("; its figures are not those of a durable queue.</p>\n");
      }
    }
  }

  private static void environment(StringBuilder h, List<RunFigures> runs) {
    h.append("<h2>Environment and versions</h2>\n");
    Map<String, Map<String, String>> shown = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      shown.putIfAbsent(r.source() + ", " + r.queue(), r.environment());
    }
    shown.forEach(
        (where, env) -> {
          h.append("<h3>").append(esc(where)).append("</h3>\n<table class=\"env\">");
          env.forEach(
              (k, v) ->
                  h.append("<tr><th class=\"l\">")
                      .append(esc(k))
                      .append("</th><td class=\"l\">")
                      .append(esc(SECRET.matcher(k).matches() ? "****" : v))
                      .append("</td></tr>\n"));
          h.append("</table>\n");
        });
  }

  /**
   * @param s text
   * @return it escaped for HTML text and attribute values
   */
  public static String esc(String s) {
    return Markup.escape(s);
  }
}
