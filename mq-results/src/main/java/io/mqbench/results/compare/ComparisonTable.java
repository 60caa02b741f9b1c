package io.mqbench.results.compare;

import io.mqbench.results.report.Estimate;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code mqbench compare}'s terminal output: the sides and the rule, what differs in where the runs
 * came from (settings first, loudly), one aligned table per cell, the cells found on one side only,
 * and the outcome in one line.
 */
public final class ComparisonTable {
  private ComparisonTable() {}

  /**
   * @param c a comparison
   * @param out the terminal
   */
  public static void print(Comparison c, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "baseline   %s (%s)%ncandidate  %s (%s)%n",
        c.baseline(),
        runs(c.baselineRunCount()),
        c.candidate(),
        runs(c.candidateRunCount()));
    out.printf(
        Locale.ROOT,
        "rule       difference = candidate - baseline, 95 %% interval by Welch's t; a regression"
            + " is a worse figure whose whole interval lies beyond %1$s %%; inconclusive: the"
            + " interval holds 0 and reaches beyond %1$s %% on the worse side (smallest detectable"
            + " ±X %%: its half-width, the smallest change these runs could tell from noise)%n",
        number(c.thresholdPercent()));
    Provenance p = c.provenance();
    if (p.settingsDiffer()) {
      out.println();
      out.println(
          "SETTINGS DIFFER: the two sides did not run the same settings, so a difference may come"
              + " from them rather than from the change under test:");
      differences(p.of(Provenance.Kind.SETTINGS), out);
    }
    for (Provenance.Kind k : List.of(Provenance.Kind.VERSIONS, Provenance.Kind.MACHINE)) {
      if (!p.of(k).isEmpty()) {
        out.println();
        out.println(k == Provenance.Kind.MACHINE ? "machine differs:" : "versions differ:");
        differences(p.of(k), out);
      }
    }
    for (CellComparison cell : c.cells()) {
      out.println();
      cell(cell, out);
    }
    if (!c.onlyInBaseline().isEmpty() || !c.onlyInCandidate().isEmpty()) {
      out.println();
      c.onlyInBaseline().forEach(l -> out.println("only in the baseline, not compared:  " + l));
      c.onlyInCandidate().forEach(l -> out.println("only in the candidate, not compared: " + l));
    }
    out.println();
    out.println(outcome(c));
  }

  private static void differences(List<Provenance.Difference> ds, PrintStream out) {
    int width = ds.stream().mapToInt(d -> d.name().length()).max().orElse(0);
    for (Provenance.Difference d : ds) {
      out.printf(
          Locale.ROOT,
          "  %-" + width + "s  baseline %s | candidate %s%n",
          d.name(),
          d.baseline(),
          d.candidate());
    }
  }

  private static void cell(CellComparison cell, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "cell %s: baseline %s, %s; candidate %s, %s%s%n",
        cell.label(),
        runs(cell.baselineRuns().size()),
        cell.baselineStatus().label(),
        runs(cell.candidateRuns().size()),
        cell.candidateStatus().label(),
        cell.statusRegressed() ? "  STATUS REGRESSED" : "");
    if (!cell.hostLimitedSide().isEmpty()) {
      out.println(
          "  HOST-LIMITED: "
              + cell.hostLimitedSide()
              + " ran on a host busy with other work: those figures are the host's, not the"
              + " queue's");
    }
    if (cell.single()) {
      out.println(
          "  a side has a single run: no interval, no verdict; repeat each cell"
              + " (repeat: 3 in a scenario file)");
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "figure", "baseline", "candidate", "difference [95 % CI]", "change [95 % CI]", "verdict"
        });
    for (FigureComparison f : cell.figures()) {
      rows.add(row(f));
    }
    int[] width = new int[6];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int i = 0; i < r.length; i++) {
        boolean left = i == 0 || i == r.length - 1;
        String v = r[i];
        String pad = " ".repeat(width[i] - v.length());
        line.append(left ? v + pad : pad + v).append(i == r.length - 1 ? "" : "  ");
      }
      out.println(line.toString().stripTrailing());
    }
  }

  private static String[] row(FigureComparison f) {
    int d = f.figure().decimals();
    String difference;
    String change;
    if (!f.baseline().present() || !f.candidate().present()) {
      difference = "-";
      change = "-";
    } else if (f.welch() == null) {
      difference = signed(f.candidate().mean() - f.baseline().mean(), d);
      change = percent(f.percent());
    } else {
      difference =
          signed(f.welch().difference(), d)
              + " ["
              + signed(f.welch().low(), d)
              + ", "
              + signed(f.welch().high(), d)
              + "]";
      change =
          percent(f.percent())
              + " ["
              + percentNumber(f.percentLow())
              + ", "
              + percentNumber(f.percentHigh())
              + "]";
    }
    String verdict =
        f.verdict() == Verdict.INCONCLUSIVE
            ? inconclusiveLabel(f)
            : f.verdict().label() + (f.regression() ? "  REGRESSION" : "");
    return new String[] {
      f.figure().label(),
      estimate(f.baseline(), d),
      estimate(f.candidate(), d),
      difference,
      change,
      verdict
    };
  }

  /**
   * @param c a comparison
   * @return its outcome in one line: the verdicts counted, and whether it regressed, could not tell
   *     (inconclusive figures, with the smallest change they could have detected; single runs), or
   *     passed
   */
  public static String outcome(Comparison c) {
    long cannot = count(c, Verdict.CANNOT_JUDGE);
    long inconclusive = count(c, Verdict.INCONCLUSIVE);
    long judged = c.cells().stream().mapToLong(x -> x.figures().size()).sum() - cannot;
    String counts = counts(c);
    if (c.regressed()) {
      long statuses = c.cells().stream().filter(CellComparison::statusRegressed).count();
      return "REGRESSION: "
          + counts
          + "; "
          + c.regressions()
          + " figure"
          + (c.regressions() == 1 ? "" : "s")
          + " worse beyond "
          + number(c.thresholdPercent())
          + " %"
          + (statuses > 0 ? "; " + statuses + " cell(s) failed a verdict the baseline passed" : "");
    }
    List<CellComparison> host = c.hostLimitedCells();
    if (!host.isEmpty()) {
      return "HOST-LIMITED: in "
          + host.size()
          + " of "
          + c.cells().size()
          + " cell"
          + (c.cells().size() == 1 ? "" : "s")
          + " a side ran on a host busy with other work ("
          + host.get(0).label()
          + ": "
          + host.get(0).hostLimitedSide()
          + "), so their figures are not the queue's and are not judged a pass; repeat those runs"
          + " on a quiet host; "
          + counts;
    }
    if (cannot > 0 && judged == 0) {
      return "NOTHING JUDGED: "
          + counts
          + "; a side has a single run of every figure: repeat each cell (repeat: 3 in a scenario"
          + " file)";
    }
    if (inconclusive > 0) {
      return "INCONCLUSIVE: " + inconclusive(c) + "; " + counts + REPEAT_MORE;
    }
    if (cannot > 0) {
      return "NOT ALL JUDGED: no regression beyond "
          + number(c.thresholdPercent())
          + " % among the figures judged, but "
          + cannot
          + " figure"
          + (cannot == 1 ? " has" : "s have")
          + " a single run on a side; "
          + counts;
    }
    return "no regression beyond " + number(c.thresholdPercent()) + " %: " + counts;
  }

  private static final String REPEAT_MORE =
      "; more repetitions or longer runs narrow the intervals";

  /** "N of M cells could not detect a T % change (smallest detectable: a % to b %, ...)". */
  private static String inconclusive(Comparison c) {
    int m = c.cells().size();
    double[] detectable =
        c.inconclusiveFigures().stream()
            .mapToDouble(FigureComparison::smallestDetectablePercent)
            .filter(v -> !Double.isNaN(v))
            .sorted()
            .toArray();
    String range =
        detectable.length == 0
            ? "-"
            : detectable[0] == detectable[detectable.length - 1]
                ? percentOf(detectable[0])
                : percentOf(detectable[0]) + " to " + percentOf(detectable[detectable.length - 1]);
    return c.inconclusiveCells().size()
        + " of "
        + m
        + " cell"
        + (m == 1 ? "" : "s")
        + " could not detect a "
        + number(c.thresholdPercent())
        + " % change (smallest detectable: "
        + range
        + (detectable.length > 1 && detectable[0] != detectable[detectable.length - 1]
            ? ", the half-widths of the 95 % intervals)"
            : ", the half-width of the 95 % interval)");
  }

  private static String counts(Comparison c) {
    return String.format(
        Locale.ROOT,
        "%d cell%s compared: %d better, %d worse, %d no change, %d inconclusive, %d cannot judge",
        c.cells().size(),
        c.cells().size() == 1 ? "" : "s",
        count(c, Verdict.BETTER),
        count(c, Verdict.WORSE),
        count(c, Verdict.NO_CHANGE),
        count(c, Verdict.INCONCLUSIVE),
        count(c, Verdict.CANNOT_JUDGE));
  }

  /** "inconclusive (smallest detectable ±62 %)": the verdict with the interval's half-width. */
  static String inconclusiveLabel(FigureComparison f) {
    return "inconclusive (smallest detectable ±" + percentOf(f.smallestDetectablePercent()) + ")";
  }

  /** A positive percentage, to the decimals that show it: 62 %, 5.8 %, 0.04 %. */
  static String percentOf(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    String digits = v >= 10 ? "%.0f" : v >= 1 ? "%.1f" : "%.2g";
    return String.format(Locale.ROOT, digits, v) + " %";
  }

  private static long count(Comparison c, Verdict v) {
    return c.cells().stream()
        .flatMap(x -> x.figures().stream())
        .filter(f -> f.verdict() == v)
        .count();
  }

  static String runs(int n) {
    return n + (n == 1 ? " run" : " runs");
  }

  static String estimate(Estimate e, int decimals) {
    return e.present() ? e.format(decimals) : "-";
  }

  /** A difference with its sign; one that rounds to 0 is {@code 0}, never {@code -0}. */
  static String signed(double v, int decimals) {
    String s = String.format(Locale.ROOT, "%+,." + decimals + "f", v);
    return s.matches("[+-][0.,]*") ? s.substring(1) : s;
  }

  static String percent(double v) {
    return Double.isNaN(v) ? "-" : signed(v, 1) + " %";
  }

  static String percentNumber(double v) {
    return Double.isNaN(v) ? "-" : signed(v, 1);
  }

  static String number(double v) {
    return v == Math.rint(v)
        ? String.valueOf((long) v)
        : String.format(Locale.ROOT, "%s", v).replaceAll("0+$", "");
  }
}
