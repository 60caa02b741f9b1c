package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.FigureComparison;
import io.mqbench.results.compare.Verdict;
import io.mqbench.results.report.Estimate;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mqbench history}'s terminal output: per series a block (workload, queue, host, runs, the
 * newest batch's figures with the trend from the first batch to the last, the change points with
 * what moved), then, when the gate ran, its table per series and its outcome in one line. Plain
 * text, aligned, for a terminal of 100 columns.
 */
public final class HistoryTable {
  private HistoryTable() {}

  /**
   * @param series the series, as {@link History#of} gives them
   * @param gate the gate's result; null when it did not run
   * @param out the terminal
   */
  public static void print(List<Series> series, GateResult gate, PrintStream out) {
    if (series.isEmpty()) {
      out.println("no stored runs match");
    }
    for (Series s : series) {
      block(s, out);
      if (gate != null) {
        gate.series().stream()
            .filter(g -> g.series().key().equals(s.key()))
            .forEach(g -> gate(g, out));
      }
      out.println();
    }
    if (gate != null) {
      out.println(outcome(gate));
    }
  }

  private static void block(Series s, PrintStream out) {
    List<BatchPoint> b = s.batches();
    BatchPoint first = b.get(0);
    BatchPoint last = b.get(b.size() - 1);
    out.println(s.queue() + "  " + s.workload());
    out.println("  host      " + s.hostLabel());
    out.println(
        "  runs      "
            + s.runs().size()
            + " in "
            + b.size()
            + (b.size() == 1 ? " batch, " : " batches, ")
            + Format.day(first.startedAt())
            + " to "
            + Format.day(last.startedAt()));
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "figure", "first " + first.batch().id(), "newest " + last.batch().id(), "trend"
        });
    for (Figure f : s.figures()) {
      double a = first.median(f.name());
      double z = last.median(f.name());
      rows.add(
          new String[] {
            f.label(),
            Format.value(f, a),
            Format.value(f, z),
            Format.percent(a == 0 ? Double.NaN : 100 * (z - a) / Math.abs(a))
          });
    }
    Columns.print(rows, "  ", new boolean[] {true, false, false, false}, out);
    changes(s, out);
  }

  /** One line per change point, then its medians and what moved, wrapped. */
  private static void changes(Series s, PrintStream out) {
    if (s.changes().isEmpty()) {
      out.println("  changes   none found");
      return;
    }
    out.println("  changes");
    for (ChangePoint c : s.changes()) {
      out.println(
          "    "
              + c.figure().label()
              + "  "
              + (c.better() ? "better " : "worse ")
              + Format.percent(c.percent(), c.percentLow(), c.percentHigh())
              + "  at "
              + c.first().batch().id()
              + " "
              + Format.day(c.at())
              + "  "
              + Format.p(c.pValue()));
      Columns.wrap(
          "      median "
              + Format.value(c.figure(), c.medianBefore())
              + " → "
              + Format.value(c.figure(), c.medianAfter())
              + "; moved: ",
          "        ",
          moved(c.moved()),
          out);
    }
  }

  private static List<String> moved(List<Moved> moved) {
    return moved.isEmpty() ? List.of(Moved.NOTHING) : moved.stream().map(Moved::text).toList();
  }

  private static void gate(SeriesGate g, PrintStream out) {
    out.println(
        "  gate      newest batch "
            + g.candidate().batch().id()
            + " ("
            + Format.runs(g.candidate().runs().size())
            + ") against the runs since the last change");
    if (g.statusRegressed()) {
      out.println("  STATUS REGRESSED: a candidate run failed its verdict; the baseline's passed");
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"figure", "baseline", "candidate", "change [95 % CI]", "verdict"});
    for (FigureGate f : g.figures()) {
      FigureComparison c = f.comparison();
      rows.add(
          new String[] {
            f.figure().label(),
            side(c.baseline(), f.figure()),
            side(c.candidate(), f.figure()),
            Format.percent(c.percent(), c.percentLow(), c.percentHigh()),
            verdict(c)
          });
    }
    Columns.print(rows, "    ", new boolean[] {true, false, false, false, true}, out);
    List<String> seen = new ArrayList<>();
    for (FigureGate f : g.figures()) {
      String line =
          "baseline "
              + Format.runs(f.baseline().size())
              + (f.baseline().isEmpty() ? "" : " of " + batches(f.baselineBatches()))
              + "; mqbench "
              + String.join(
                  ", ", f.baseline().stream().map(r -> r.mqbenchVersion()).distinct().toList())
              + "; moved: ";
      String key = line + f.moved();
      if (!seen.contains(key)) {
        String label = seen.isEmpty() ? "" : f.figure().label() + ": ";
        seen.add(key);
        Columns.wrap("    " + label + line, "      ", moved(f.moved()), out);
      }
    }
  }

  private static String batches(List<String> ids) {
    return ids.size() <= 3
        ? String.join(", ", ids)
        : ids.get(0) + " … " + ids.get(ids.size() - 1) + " (" + ids.size() + " batches)";
  }

  private static String side(Estimate e, Figure f) {
    return e.present() ? Format.value(f, e.mean()) + " (" + e.n() + ")" : "-";
  }

  /** The verdict as compare prints it, a regression in capitals. */
  static String verdict(FigureComparison c) {
    if (c.verdict() == Verdict.INCONCLUSIVE) {
      return "inconclusive (detects ±" + Math.round(c.smallestDetectablePercent()) + " %)";
    }
    return c.regression() ? "worse: REGRESSION" : c.verdict().label();
  }

  /**
   * @param gate the gate's result
   * @return its outcome in one line
   */
  public static String outcome(GateResult gate) {
    long regressed = gate.series().stream().filter(SeriesGate::regressed).count();
    long unsure = gate.series().stream().filter(SeriesGate::inconclusive).count();
    int n = gate.series().size();
    String threshold = " beyond " + Columns.number(gate.thresholdPercent()) + " %";
    return switch (gate.outcome()) {
      case REGRESSED ->
          "REGRESSED: "
              + regressed
              + " of "
              + n
              + " series worse"
              + threshold
              + " or failed where the baseline passed";
      case INCONCLUSIVE ->
          "INCONCLUSIVE: no regression"
              + threshold
              + ", but "
              + unsure
              + " of "
              + n
              + " series could not tell (too few runs a side, or intervals too wide)";
      case PASSED -> "passed: no regression" + threshold + " in " + n + " series";
    };
  }
}
