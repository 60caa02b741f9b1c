package io.mqbench.results.report;

import static io.mqbench.results.report.ReportMarks.hostLimitedTag;
import static io.mqbench.results.report.ReportMarks.statusClass;
import static io.mqbench.results.report.ReportMarks.unsafeTag;
import static io.mqbench.results.svg.Markup.escape;

import io.mqbench.mq.Durability;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The report's table of cells: each cell's msgs/s, latency percentiles and cost (the mean and 95 %
 * interval of its repetitions), the best of each column among the cells that may compete (those of
 * one durability, two or more with a value) marked.
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
    // Nor is a cell measured on a starved host: its figures are the host's. And a cell competes
    // only with cells of its durability: fsynced and in-memory figures measure different things.
    Map<String, List<CellFigures>> rivals = new LinkedHashMap<>();
    Reference.apart(cells, CellFigures::queue).stream()
        .filter(c -> !c.unsafe() && c.verdict() != RunStatus.HOST_LIMITED)
        .forEach(c -> rivals.computeIfAbsent(level(c), l -> new ArrayList<>()).add(c));
    boolean mixed = Reference.mixed(cells, CellFigures::queue);
    for (CellFigures c : cells) {
      boolean reference = mixed && Reference.is(c.queue());
      row(h, c, reference, rivals.getOrDefault(level(c), List.of()), latencyColumns, costs);
    }
    h.append("</table>\n");
  }

  /** The durability level of a cell's runs (they share it: it is part of a cell's key). */
  static String level(CellFigures c) {
    Durability d = c.first().result().delivery().durability();
    return d == null ? "not recorded" : d.level().label();
  }

  /** The header row; returns the latency columns some cell has a value of. */
  private static List<LatencyColumn> header(
      StringBuilder h, List<CellFigures> cells, boolean costs) {
    h.append("<h2>Cells</h2>\n<table id=\"cells\"><tr><th class=\"l\">cell</th>")
        .append("<th class=\"l\">queue</th><th>runs</th><th class=\"l\">verdict</th>")
        .append("<th class=\"l\">durability</th>")
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
      boolean reference,
      List<CellFigures> rivals,
      List<LatencyColumn> latencyColumns,
      boolean costs) {
    String tag = unsafeTag(c.runs()) + hostLimitedTag(c.verdict());
    h.append("<tr><td class=\"l\">")
        .append(escape(c.label()))
        .append(" <small>[")
        .append(escape(c.source()))
        .append("]</small></td><td class=\"l\">")
        .append(escape(c.queue()))
        .append(reference ? " <small>(reference)</small>" : "")
        .append("</td><td>")
        .append(c.runs().size())
        .append("</td><td class=\"l ")
        .append(statusClass(c.verdict()))
        .append("\">")
        .append(escape(c.verdict().label()))
        .append("</td><td class=\"l\"><small>")
        .append(escape(level(c)))
        .append("</small></td>");
    ranked(h, c, rivals, CellFigures::sent, 0, true, tag);
    ranked(h, c, rivals, CellFigures::received, 0, true, tag);
    ranked(h, c, rivals, CellFigures::endToEnd, 0, true, tag);
    ranked(h, c, rivals, CellFigures::achieved, 0, true, tag);
    for (LatencyColumn col : latencyColumns) {
      ranked(h, c, rivals, x -> x.latency(col.latency(), col.suffix()), 3, false, tag);
    }
    if (costs) {
      boolean best = best(c, rivals, CellFigures::cost, false);
      number(h, c.cost(), 6, best, c.cost().present() ? " " + costCurrency(c) + tag : tag);
    }
    h.append("</tr>\n");
  }

  /** A figure's cell, marked best when the cell's value is its rivals' best. */
  private static void ranked(
      StringBuilder h,
      CellFigures c,
      List<CellFigures> rivals,
      Function<CellFigures, Estimate> value,
      int decimals,
      boolean highest,
      String tag) {
    number(h, value.apply(c), decimals, best(c, rivals, value, highest), tag);
  }

  /**
   * @param c a cell
   * @param rivals the cells it may compete with, itself among them if it may
   * @return true when c is among its rivals, two or more of them have a value (a lone value is no
   *     one's best), and c's is the best of those whose verdict passed
   */
  private static boolean best(
      CellFigures c,
      List<CellFigures> rivals,
      Function<CellFigures, Estimate> value,
      boolean highest) {
    List<CellFigures> valued = rivals.stream().filter(r -> value.apply(r).present()).toList();
    if (!valued.contains(c) || valued.size() < 2) {
      return false;
    }
    // A cell that failed its verdict (target not met, lost messages) is no one's best.
    List<CellFigures> passed = valued.stream().filter(r -> r.verdict().exitCode() == 0).toList();
    List<CellFigures> cells = passed.isEmpty() ? valued : passed;
    double best =
        cells.stream()
            .mapToDouble(r -> value.apply(r).mean())
            .reduce(highest ? Math::max : Math::min)
            .orElseThrow();
    return cells.contains(c) && value.apply(c).mean() == best;
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
