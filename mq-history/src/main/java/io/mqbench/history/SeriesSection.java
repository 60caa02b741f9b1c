package io.mqbench.history;

import static io.mqbench.history.HistoryPage.esc;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.FigureComparison;
import io.mqbench.store.StoredRun;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** One series' section of the history page. */
final class SeriesSection {
  private SeriesSection() {}

  static void write(StringBuilder h, Series s, SeriesGate g, int number) {
    h.append("<section class=\"series\" id=\"series-")
        .append(number)
        .append("\">\n<h2>")
        .append(esc(s.queue()))
        .append(" · ")
        .append(esc(s.workload()))
        .append(" · ")
        .append(esc(s.hostLabel()))
        .append("</h2>\n<p class=\"prov\">")
        .append(esc(provenance(s)))
        .append("</p>\n");
    for (Figure f : s.figures()) {
      h.append(TrendSvg.svg(s, f, g));
    }
    changes(h, s);
    if (g != null) {
      gate(h, g);
    }
    runs(h, s);
    h.append("</section>\n");
  }

  private static String provenance(Series s) {
    List<StoredRun> runs = s.runs();
    return Format.runs(runs.size())
        + " in "
        + s.batches().size()
        + (s.batches().size() == 1 ? " batch" : " batches")
        + ", "
        + Format.minute(runs.get(0).startedAt())
        + " to "
        + Format.minute(runs.get(runs.size() - 1).startedAt())
        + " UTC; mqbench "
        + distinct(runs, StoredRun::mqbenchVersion)
        + "; "
        + versions(runs)
        + "; cluster "
        + distinct(runs, StoredRun::cluster)
        + "; durability "
        + distinct(runs, StoredRun::durability)
        + "; workload id "
        + s.workloadId();
  }

  private static String distinct(List<StoredRun> runs, Function<StoredRun, String> value) {
    return String.join(", ", runs.stream().map(value).filter(Objects::nonNull).distinct().toList());
  }

  private static String versions(List<StoredRun> runs) {
    return String.join(
        "; ",
        runs.stream()
            .flatMap(r -> r.versions().keySet().stream())
            .distinct()
            .sorted()
            .map(k -> k + " " + distinct(runs, r -> r.versions().get(k)))
            .toList());
  }

  private static void changes(StringBuilder h, Series s) {
    h.append("<h3>Changes</h3>\n");
    if (s.changes().isEmpty()) {
      h.append("<p>None found.</p>\n");
      return;
    }
    h.append("<ul class=\"changes\">\n");
    for (ChangePoint c : s.changes()) {
      h.append("<li class=\"")
          .append(c.better() ? "better" : "worse")
          .append("\"><b>")
          .append(esc(c.figure().label()))
          .append(" ")
          .append(esc(Format.percent(c.percent(), c.percentLow(), c.percentHigh())))
          .append("</b> at batch ")
          .append(esc(c.first().batch().id()))
          .append(" (")
          .append(esc(Format.minute(c.at())))
          .append("): median ")
          .append(esc(Format.value(c.figure(), c.medianBefore())))
          .append(" → ")
          .append(esc(Format.value(c.figure(), c.medianAfter())))
          .append(", ")
          .append(esc(Format.p(c.pValue())))
          .append(", ")
          .append(c.better() ? "better" : "worse")
          .append(". Moved: ")
          .append(esc(Moved.describe(c.moved())))
          .append(".</li>\n");
    }
    h.append("</ul>\n");
  }

  private static void gate(StringBuilder h, SeriesGate g) {
    h.append("<h3>Gate: newest batch ")
        .append(esc(g.candidate().batch().id()))
        .append(" against the runs since the last change</h3>\n");
    if (g.statusRegressed()) {
      h.append("<p class=\"bad\">A candidate run failed its verdict; the baseline's passed.</p>\n");
    }
    h.append("<table class=\"gate\"><tr><th class=\"l\">figure</th><th>baseline</th>")
        .append("<th>candidate</th><th>change [95 % CI]</th><th class=\"l\">verdict</th>")
        .append("<th class=\"l\">baseline batches</th><th class=\"l\">what moved</th></tr>\n");
    for (FigureGate f : g.figures()) {
      FigureComparison c = f.comparison();
      h.append("<tr><td class=\"l\">")
          .append(esc(f.figure().label()))
          .append("</td><td>")
          .append(esc(side(c.baseline(), f.figure())))
          .append("</td><td>")
          .append(esc(side(c.candidate(), f.figure())))
          .append("</td><td>")
          .append(esc(Format.percent(c.percent(), c.percentLow(), c.percentHigh())))
          .append("</td><td class=\"l verdict ")
          .append(HistoryPage.verdictClass(c))
          .append("\">")
          .append(esc(HistoryTable.verdict(c)))
          .append("</td><td class=\"l\">")
          .append(esc(String.join(", ", f.baselineBatches())))
          .append("</td><td class=\"l\">")
          .append(esc(Moved.describe(f.moved())))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  private static String side(io.mqbench.results.report.Estimate e, Figure f) {
    return e.present() ? e.format(f.decimals()) + " (" + Format.runs(e.n()) + ")" : "-";
  }

  private static void runs(StringBuilder h, Series s) {
    List<StoredRun> runs = s.runs();
    h.append(runs.size() > 24 ? "<details>" : "<details open>")
        .append("<summary>Runs (")
        .append(runs.size())
        .append(")</summary>\n<table class=\"runs\"><tr><th class=\"l\">time (UTC)</th>")
        .append("<th class=\"l\">batch</th><th class=\"l\">mqbench</th>")
        .append("<th class=\"l\">broker</th><th class=\"l\">status</th>");
    if (s.allHosts()) {
      h.append("<th class=\"l\">host</th>");
    }
    s.figures().forEach(f -> h.append("<th>").append(esc(f.label())).append("</th>"));
    h.append("</tr>\n");
    for (StoredRun r : runs) {
      h.append("<tr><td class=\"l\">")
          .append(esc(Format.minute(r.startedAt())))
          .append("</td><td class=\"l\">")
          .append(esc(r.batch().id()))
          .append("</td><td class=\"l\">")
          .append(esc(r.mqbenchVersion()))
          .append("</td><td class=\"l\">")
          .append(esc(broker(r.versions())))
          .append("</td><td class=\"l")
          .append(Gate.passed(r.status()) ? "" : " bad")
          .append("\">")
          .append(esc(r.status()))
          .append("</td>");
      if (s.allHosts()) {
        h.append("<td class=\"l\">")
            .append(esc(r.host() == null ? "?" : r.host().name()))
            .append("</td>");
      }
      s.figures().forEach(f -> h.append("<td>").append(HistoryPage.value(r, f)).append("</td>"));
      h.append("</tr>\n");
    }
    h.append("</table></details>\n");
  }

  /** The broker's version: a key naming the broker, else every version. */
  private static String broker(Map<String, String> versions) {
    return versions.entrySet().stream()
        .filter(
            e ->
                e.getKey().toLowerCase(java.util.Locale.ROOT).contains("broker")
                    || e.getKey().toLowerCase(java.util.Locale.ROOT).contains("server"))
        .map(Map.Entry::getValue)
        .findFirst()
        .orElse(String.join(", ", versions.values()));
  }
}
