package io.mqbench.results.report;

import static io.mqbench.results.report.ReportMarks.durability;
import static io.mqbench.results.report.ReportMarks.unsafeTag;

import io.mqbench.mq.Durability;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.svg.Markup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The self-contained {@code report.html}: verdicts and settings of every run, tables of msgs/s and
 * latency percentiles per cell (mean and 95 % interval of the repetitions, the best of each column
 * marked), charts as embedded SVG images, and the environment. Plain HTML and CSS: no script, no
 * network.
 */
public final class HtmlReport {
  /** Keys whose values are never shown, should a results file from elsewhere still hold one. */
  private static final Pattern SECRET =
      Pattern.compile("(?i).*(password|secret|token|jaas|credential|sasl).*");

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
    head(h, preface);
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
        .append(" interval (Student's t). ★ marks the best value of a column among cells of the")
        .append(" same durability whose verdict is ok (or harness-limited) and that stored what")
        .append(" they acknowledged, where two or more of them have a value. A queue keeps its")
        .append(" colour on every chart; a value axis is logarithmic where its values span more")
        .append(" than a decade, and its title says so.</p>\n");
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
    CellTable.write(h, cells);
    RunTable.write(h, runs);
    CatchUpAndFaultTables.catchUp(h, runs);
    CatchUpAndFaultTables.faults(h, runs);
    figures(h, runs, cells);
    environment(h, runs);
    h.append("</body></html>\n");
    return h.toString();
  }

  /** The page's head: its title and style, the preface's rules added. */
  private static void head(StringBuilder h, Preface preface) {
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
        .append("figcaption{font-size:14px}.series{margin-right:1.2em;white-space:nowrap}")
        .append(".swatch{display:inline-block;width:12px;height:12px;margin-right:4px;")
        .append("vertical-align:-1px}details table{margin:.3em 0}summary{cursor:pointer}")
        .append(preface == null ? "" : preface.css())
        .append("</style></head><body>\n");
  }

  /**
   * The charts, each an embedded SVG image with its title as caption, and beneath it each queue it
   * shows with its colour, its durability, and whether the host set the pace.
   */
  private static void figures(StringBuilder h, List<RunFigures> runs, List<CellFigures> cells) {
    h.append("<h2>Charts</h2>\n");
    SeriesColours colours = SeriesColours.forPage(cells);
    for (ReportCharts.Picture p : charts(runs, cells, colours)) {
      h.append("<figure><img class=\"chart\" alt=\"")
          .append(esc(p.title()))
          .append("\" src=\"")
          .append(p.dataUri())
          .append("\"><figcaption>")
          .append(esc(p.title()))
          .append(ReportMarks.seriesKey(p.runs(), colours))
          .append(ChartValues.table(p.chart()))
          .append("</figcaption></figure>\n");
    }
  }

  /** Every chart the runs support, in the page's order, coloured one colour per queue. */
  static List<ReportCharts.Picture> charts(List<RunFigures> runs, List<CellFigures> cells) {
    return charts(runs, cells, SeriesColours.forPage(cells));
  }

  private static List<ReportCharts.Picture> charts(
      List<RunFigures> runs, List<CellFigures> cells, SeriesColours colours) {
    List<ReportCharts.Picture> pictures = new ArrayList<>();
    Map<String, List<CellFigures>> bySource = new LinkedHashMap<>();
    cells.forEach(c -> bySource.computeIfAbsent(c.source(), s -> new ArrayList<>()).add(c));
    bySource.forEach(
        (source, all) -> {
          List<CellFigures> sourceCells = Reference.apart(all, CellFigures::queue);
          List<String> axes = axes(sourceCells);
          for (String axis : axes) {
            pictures.add(AxisCharts.byAxis(sourceCells, axis, axes, false, colours));
            pictures.add(AxisCharts.byAxis(sourceCells, axis, axes, true, colours));
          }
        });
    // Rates: brokers only when there are any; the reference's would flatten them onto the axis.
    List<RunFigures> rateRuns = Reference.apart(runs, r -> r.result().queue());
    pictures.add(ReportCharts.overTime(rateRuns, false, colours));
    pictures.add(ReportCharts.overTime(rateRuns, true, colours));
    for (RunFigures r : runs) {
      if (r.result().catchUp() != null) {
        pictures.add(ReportCharts.catchUp(r, colours));
      }
      if (!r.result().faults().injected().isEmpty()) {
        pictures.add(ReportCharts.faults(r, colours));
      }
    }
    List<CellFigures> rateCells =
        cells.stream().filter(c -> c.first().targetRate() != null).toList();
    if (rateCells.stream().map(c -> c.first().targetRate()).distinct().count() > 1) {
      pictures.add(ReportCharts.curve(rateCells, LatencyKind.RESPONSE, Latency.P99, colours));
      pictures.add(ReportCharts.curve(rateCells, LatencyKind.END_TO_END, Latency.P99, colours));
    }
    for (LatencyKind kind :
        List.of(LatencyKind.END_TO_END, LatencyKind.RESPONSE, LatencyKind.SEND)) {
      String what =
          switch (kind) {
            case END_TO_END -> "end-to-end latency";
            case RESPONSE -> "response time";
            default -> "send latency";
          };
      addIfAny(
          pictures, ReportCharts.latency(cells, kind, what + " by percentile (log-log)", colours));
    }
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

  /** The runs of the source a sweep's finding line is about: it starts with the folder's name. */
  private static List<RunFigures> sweepRuns(String finding, List<RunFigures> runs) {
    return runs.stream().filter(r -> finding.startsWith(r.source() + ": ")).toList();
  }

  /**
   * At the top, before any figure: runs whose acknowledged messages were kept differently (fsynced
   * beside in memory) do not measure the same promise, and a run whose messages were not stored
   * when acknowledged is named.
   */
  private static void durabilityNotice(StringBuilder h, List<RunFigures> runs) {
    Map<String, List<String>> byLevel = new LinkedHashMap<>();
    for (RunFigures r : runs) {
      Durability d = r.result().delivery().durability();
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
      Durability d = r.result().delivery().durability();
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
