package io.mqbench.results.report;

import static io.mqbench.results.files.Markup.escape;
import static io.mqbench.results.report.ReportMarks.hostLimitedTag;
import static io.mqbench.results.report.ReportMarks.statusClass;
import static io.mqbench.results.report.ReportMarks.unsafeTag;

import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The report's table of cells: each cell's msgs/s, latency percentiles and cost (the mean and 95 %
 * interval of its repetitions), the best of each column among the cells that may compete marked.
 */
final class CellTable {
  private CellTable() {}

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

  static void write(StringBuilder h, List<CellFigures> cells) {
    boolean costs = cells.stream().anyMatch(c -> c.cost().present());
    List<LatencyColumn> latencyColumns = header(h, cells, costs);
    // Beside brokers, the in-process reference is never anyone's best; nor is a cell that did not
    // store what it acknowledged: its speed is bought with the promise the others keep.
    // Nor is a cell measured on a starved host: its figures are the host's.
    List<CellFigures> rivals =
        Reference.apart(cells, CellFigures::queue).stream()
            .filter(c -> !c.unsafe() && c.verdict() != RunStatus.HOST_LIMITED)
            .toList();
    boolean compare = rivals.size() > 1;
    for (CellFigures c : cells) {
      row(h, c, rivals, compare, latencyColumns, costs);
    }
    h.append("</table>\n");
  }

  /** The header row; returns the latency columns some cell has a value of. */
  private static List<LatencyColumn> header(
      StringBuilder h, List<CellFigures> cells, boolean costs) {
    h.append("<h2>Cells</h2>\n<table id=\"cells\"><tr><th class=\"l\">cell</th>")
        .append("<th class=\"l\">queue</th><th>runs</th><th class=\"l\">verdict</th>")
        .append("<th>sent msgs/s</th><th>received msgs/s</th><th>end to end msgs/s</th>")
        .append("<th>achieved msgs/s</th>");
    List<LatencyColumn> latencyColumns = new ArrayList<>();
    for (LatencyColumn col : LATENCY_COLUMNS) {
      if (cells.stream().anyMatch(c -> c.latency(col.latency(), col.suffix()).present())) {
        latencyColumns.add(col);
        h.append("<th>")
            .append(escape(col.latency().label(col.latency() == LatencyKind.RESPONSE)))
            .append(' ')
            .append(col.suffix().replace('_', '.'))
            .append(" ms</th>");
      }
    }
    if (costs) {
      h.append("<th>cost per million msgs</th>");
    }
    h.append("</tr>\n");
    return latencyColumns;
  }

  private static void row(
      StringBuilder h,
      CellFigures c,
      List<CellFigures> rivals,
      boolean compare,
      List<LatencyColumn> latencyColumns,
      boolean costs) {
    boolean rival = rivals.contains(c);
    boolean mayWin = rival && compare;
    String tag = unsafeTag(c.runs()) + hostLimitedTag(c.verdict());
    h.append("<tr><td class=\"l\">")
        .append(escape(c.label()))
        .append(" <small>[")
        .append(escape(c.source()))
        .append("]</small></td><td class=\"l\">")
        .append(escape(c.queue()))
        .append(rival ? "" : " <small>(reference)</small>")
        .append("</td><td>")
        .append(c.runs().size())
        .append("</td><td class=\"l ")
        .append(statusClass(c.verdict()))
        .append("\">")
        .append(escape(c.verdict().label()))
        .append("</td>");
    ranked(h, c, rivals, CellFigures::sent, 0, true, mayWin, tag);
    ranked(h, c, rivals, CellFigures::received, 0, true, mayWin, tag);
    ranked(h, c, rivals, CellFigures::endToEnd, 0, true, mayWin, tag);
    ranked(h, c, rivals, CellFigures::achieved, 0, true, mayWin, tag);
    for (LatencyColumn col : latencyColumns) {
      ranked(h, c, rivals, x -> x.latency(col.latency(), col.suffix()), 3, false, mayWin, tag);
    }
    if (costs) {
      Double cheapest = best(rivals, CellFigures::cost, false);
      boolean best = mayWin && c.cost().present() && c.cost().mean() == cheapest;
      number(h, c.cost(), 6, best, c.cost().present() ? " " + costCurrency(c) + tag : tag);
    }
    h.append("</tr>\n");
  }

  /** A figure's cell, marked best when the cell may win and its value is the rivals' best. */
  private static void ranked(
      StringBuilder h,
      CellFigures c,
      List<CellFigures> rivals,
      Function<CellFigures, Estimate> value,
      int decimals,
      boolean highest,
      boolean mayWin,
      String tag) {
    Double best = best(rivals, value, highest);
    Estimate e = value.apply(c);
    number(h, e, decimals, mayWin && best != null && e.present() && e.mean() == best, tag);
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
        .append(escape(e.format(decimals)))
        .append(best ? " ★" : "")
        .append(e.present() ? unsafeTag : "")
        .append("</td>");
  }

  /** The currency of a cell's cost: the first run's that has one. */
  private static String costCurrency(CellFigures c) {
    return c.runs().stream()
        .map(r -> r.result().cost().basis())
        .filter(b -> !b.isEmpty())
        .map(b -> b.substring(0, b.indexOf(':')))
        .findFirst()
        .orElse("");
  }
}
