package io.mqbench.results.compare;

import static io.mqbench.results.report.HtmlReport.esc;

import io.mqbench.results.report.HtmlReport;
import java.util.List;

/**
 * The comparison as the first section of {@code report.html}: the outcome, what differs in where
 * the runs came from (settings first, in red), and one table per cell, verdicts coloured.
 */
public final class ComparisonHtml {
  private static final String CSS =
      "td.better{background:#c6efce;color:#006100}td.worse{background:#ffeb9c;color:#7f4f00}"
          + "td.regression{background:#ffc7ce;color:#9c0006;font-weight:bold}"
          + "td.same{color:#555}td.cannot{color:#777;font-style:italic}"
          + "td.inconclusive{background:#fde9d9;color:#7f4f00;font-style:italic}"
          + "p.outcome{font-size:1.15em;padding:6px 10px;border-radius:4px;display:inline-block}"
          + "p.outcome.bad{background:#ffc7ce}p.outcome.ok{background:#c6efce}"
          + "p.outcome.none{background:#eee}p.outcome.unsure{background:#fde9d9}";

  private ComparisonHtml() {}

  /**
   * @param c a comparison
   * @return it as the section that opens {@code report.html}
   */
  public static HtmlReport.Preface preface(Comparison c) {
    return new HtmlReport.Preface(
        "mqbench compare: " + c.candidate() + " against " + c.baseline(), CSS, section(c));
  }

  static String section(Comparison c) {
    StringBuilder h = new StringBuilder();
    h.append("<h1>mqbench compare</h1>\n<p>Baseline <b>")
        .append(esc(c.baseline()))
        .append("</b>, candidate <b>")
        .append(esc(c.candidate()))
        .append("</b>. Each difference is candidate − baseline with its 95 % confidence interval")
        .append(" by Welch's t over the repetitions (Welch-Satterthwaite degrees of freedom), and")
        .append(" in percent of the baseline's mean. A <b>regression</b> is a worse figure whose")
        .append(" whole interval lies beyond ")
        .append(esc(ComparisonTable.number(c.thresholdPercent())))
        .append(" %; a figure is <b>inconclusive</b> when its interval holds 0 and also reaches")
        .append(" beyond that on the worse side (the runs agree with no change and with a")
        .append(" regression alike), shown with the smallest change the runs could detect: the")
        .append(
            " interval's half-width; a cell with a single run on a side cannot be judged.</p>\n");
    h.append("<p id=\"outcome\" class=\"outcome ")
        .append(c.regressed() ? "bad" : !judgedAny(c) ? "none" : c.couldNotTell() ? "unsure" : "ok")
        .append("\">")
        .append(esc(ComparisonTable.outcome(c)))
        .append("</p>\n");
    Provenance p = c.provenance();
    if (p.settingsDiffer()) {
      h.append("<p class=\"bad\" id=\"settings-differ\">The two sides did not run the same")
          .append(" settings: a difference may come from them rather than from the change under")
          .append(" test.</p>\n");
    }
    if (!p.differences().isEmpty()) {
      h.append("<table id=\"provenance\"><tr><th class=\"l\">what differs</th>")
          .append("<th class=\"l\"></th><th class=\"l\">baseline</th>")
          .append("<th class=\"l\">candidate</th></tr>\n");
      for (Provenance.Difference d : p.differences()) {
        h.append("<tr><td class=\"l")
            .append(d.kind() == Provenance.Kind.SETTINGS ? " bad" : "")
            .append("\">")
            .append(esc(d.kind().label()))
            .append("</td><td class=\"l\">")
            .append(esc(d.name()))
            .append("</td><td class=\"l\">")
            .append(esc(d.baseline()))
            .append("</td><td class=\"l\">")
            .append(esc(d.candidate()))
            .append("</td></tr>\n");
      }
      h.append("</table>\n");
    } else {
      h.append("<p>Same settings, versions and machine on both sides.</p>\n");
    }
    for (CellComparison cell : c.cells()) {
      cell(h, cell);
    }
    if (!c.onlyInBaseline().isEmpty() || !c.onlyInCandidate().isEmpty()) {
      h.append("<h3>Not compared</h3>\n<ul id=\"unmatched\">");
      c.onlyInBaseline().forEach(l -> h.append("<li>only in the baseline: ").append(esc(l)));
      c.onlyInCandidate().forEach(l -> h.append("<li>only in the candidate: ").append(esc(l)));
      h.append("</ul>\n");
    }
    return h.toString();
  }

  /** Whether any figure got a verdict: single runs on a side judge nothing, which is no pass. */
  private static boolean judgedAny(Comparison c) {
    return c.cells().stream()
        .flatMap(x -> x.figures().stream())
        .anyMatch(f -> f.verdict() != Verdict.CANNOT_JUDGE);
  }

  private static String verdict(FigureComparison f) {
    if (f.verdict() == Verdict.INCONCLUSIVE) {
      return ComparisonTable.inconclusiveLabel(f);
    }
    return f.verdict().label() + (f.regression() ? ": regression" : "");
  }

  private static void cell(StringBuilder h, CellComparison cell) {
    h.append("<h3>")
        .append(esc(cell.label()))
        .append("</h3>\n<p>baseline ")
        .append(esc(ComparisonTable.runs(cell.baselineRuns().size())))
        .append(", ")
        .append(esc(cell.baselineStatus().label()))
        .append("; candidate ")
        .append(esc(ComparisonTable.runs(cell.candidateRuns().size())))
        .append(", <span class=\"")
        .append(cell.statusRegressed() ? "bad" : "")
        .append("\">")
        .append(esc(cell.candidateStatus().label()))
        .append("</span>")
        .append(
            cell.single()
                ? ". A side has a single run: no interval can be drawn; repeat each cell"
                    + " (<code>repeat: 3</code> in a scenario file)."
                : "")
        .append("</p>\n<table class=\"compare\"><tr><th class=\"l\">figure</th>")
        .append("<th>baseline</th><th>candidate</th><th>difference</th><th>95 % CI</th>")
        .append("<th>change</th><th>95 % CI</th><th class=\"l\">verdict</th></tr>\n");
    for (FigureComparison f : cell.figures()) {
      figure(h, f);
    }
    h.append("</table>\n");
  }

  /** One figure's row: both sides, the difference and the change with their intervals. */
  private static void figure(StringBuilder h, FigureComparison f) {
    int d = f.figure().decimals();
    boolean both = f.baseline().present() && f.candidate().present();
    String diff = both ? ComparisonTable.signed(f.candidate().mean() - f.baseline().mean(), d) : "";
    String ci =
        f.welch() == null
            ? ""
            : "["
                + ComparisonTable.signed(f.welch().low(), d)
                + ", "
                + ComparisonTable.signed(f.welch().high(), d)
                + "]";
    String pci =
        f.welch() == null
            ? ""
            : "["
                + ComparisonTable.percentNumber(f.percentLow())
                + ", "
                + ComparisonTable.percentNumber(f.percentHigh())
                + "] %";
    String cls =
        f.regression()
            ? "regression"
            : switch (f.verdict()) {
              case BETTER -> "better";
              case WORSE -> "worse";
              case NO_CHANGE -> "same";
              case INCONCLUSIVE -> "inconclusive";
              case CANNOT_JUDGE -> "cannot";
            };
    for (String v :
        List.of(
            "<tr><td class=\"l\">" + esc(f.figure().label()) + "</td>",
            "<td>" + esc(ComparisonTable.estimate(f.baseline(), d)) + "</td>",
            "<td>" + esc(ComparisonTable.estimate(f.candidate(), d)) + "</td>",
            "<td>" + esc(diff) + "</td><td>" + esc(ci) + "</td>",
            "<td>" + esc(both ? ComparisonTable.percent(f.percent()) : "") + "</td>",
            "<td>" + esc(pci) + "</td>",
            "<td class=\"l " + cls + "\">",
            esc(verdict(f)),
            "</td></tr>\n")) {
      h.append(v);
    }
  }
}
