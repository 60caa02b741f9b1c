package io.mqbench.results.report;

import static io.mqbench.results.files.Markup.escape;

import io.mqbench.mq.Durability;
import io.mqbench.results.RunStatus;
import java.util.List;

/**
 * The marks beside a report's figures: a verdict's colour, and the tags of figures that are the
 * host's or that come from runs whose acknowledged messages could be lost.
 */
final class ReportMarks {
  private ReportMarks() {}

  /** Green only for ok; a verdict that exits 0 but qualifies the figures is amber. */
  static String statusClass(RunStatus status) {
    if (status == RunStatus.OK) {
      return "ok";
    }
    return status.exitCode() == 0 ? "warn" : "bad";
  }

  /** Beside each figure of a cell whose host set the pace. */
  static String hostLimitedTag(RunStatus verdict) {
    return verdict != RunStatus.HOST_LIMITED
        ? ""
        : " <span class=\"warn\" title=\"the host, not the queue, set the pace: these figures are"
            + " the host's\">host-limited</span>";
  }

  /**
   * The label beside each figure of runs whose acknowledged messages could be lost: a row's colour
   * is lost on whoever reads one number off the page, or copies it.
   *
   * @param runs the runs a figure is made of
   * @return the tag, with what was unsafe as its title; empty if every run is safe
   */
  static String unsafeTag(List<RunFigures> runs) {
    List<String> why =
        runs.stream()
            .filter(RunFigures::unsafe)
            .map(r -> durability(r) + ": a crash of one process may lose acknowledged messages")
            .distinct()
            .toList();
    return why.isEmpty()
        ? ""
        : " <span class=\"unsafe\" title=\"" + escape(String.join("; ", why)) + "\">unsafe</span>";
  }

  static String durability(RunFigures r) {
    Durability d = r.result().delivery().durability();
    return d == null ? "not recorded (written before durability was)" : d.describe();
  }
}
