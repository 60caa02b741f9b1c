package io.mqbench.results.report;

import java.util.Locale;

/** How runs and cells are named in the report's tables and legends. */
final class ReportNames {
  private ReportNames() {}

  /** A cell: its values, or the queue outside a matrix; prefixed with its folder. */
  static String cell(CellFigures c, boolean withSource) {
    return c.label() + (withSource ? " [" + c.source() + "]" : "");
  }

  /** A run's cell, as {@link #cell} names it: its values, or the queue outside a matrix. */
  static String cellOf(RunFigures r, boolean withSource) {
    String cell =
        !r.cellLabel().isEmpty()
            ? r.cellLabel()
            : r.targetRate() != null
                ? String.format(Locale.ROOT, "%s rate=%.0f", r.queue(), r.targetRate())
                : r.queue();
    return cell + (withSource ? " [" + r.source() + "]" : "");
  }

  /** A run: its cell and repetition, or queue and id outside a matrix. */
  static String run(RunFigures r, boolean withSource) {
    String cell =
        !r.cellLabel().isEmpty()
            ? r.cellLabel()
            : r.targetRate() != null
                ? String.format(Locale.ROOT, "%s rate=%.0f", r.queue(), r.targetRate())
                : r.queue() + " " + r.runId();
    return cell
        + (r.repetition() > 0 ? " #" + r.repetition() : "")
        + (withSource ? " [" + r.source() + "]" : "");
  }
}
