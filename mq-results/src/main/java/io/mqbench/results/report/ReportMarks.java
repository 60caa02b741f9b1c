package io.mqbench.results.report;

import static io.mqbench.results.svg.Markup.escape;

import io.mqbench.mq.Durability;
import io.mqbench.results.RunStatus;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The marks beside a report's figures: a verdict's colour, the tags of figures that are the host's
 * or that come from runs whose acknowledged messages could be lost, and the key beneath a chart.
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

  /**
   * The key beneath a chart: each queue it shows, with its colour when colours are the queues', the
   * durability of its runs, and the host-limited and unsafe tags of any of them.
   *
   * @param runs the runs the chart shows
   * @param colours the page's colours
   * @return the key's HTML, empty without runs
   */
  static String seriesKey(List<RunFigures> runs, SeriesColours colours) {
    Map<String, List<RunFigures>> byQueue = new LinkedHashMap<>();
    runs.forEach(r -> byQueue.computeIfAbsent(r.queue(), q -> new ArrayList<>()).add(r));
    StringBuilder k = new StringBuilder();
    byQueue.forEach(
        (queue, of) -> {
          k.append("<span class=\"series\">");
          if (colours.byQueue()) {
            Color c = colours.colour(queue);
            k.append(
                String.format(
                    Locale.ROOT,
                    "<i class=\"swatch\" style=\"background:#%06x\"></i>",
                    c.getRGB() & 0xFFFFFF));
          }
          k.append("<b>")
              .append(escape(queue))
              .append("</b> ")
              .append(
                  escape(
                      of.stream()
                          .map(ReportMarks::level)
                          .distinct()
                          .collect(Collectors.joining(", "))));
          RunStatus worst =
              of.stream().map(RunFigures::status).anyMatch(s -> s == RunStatus.HOST_LIMITED)
                  ? RunStatus.HOST_LIMITED
                  : RunStatus.OK;
          k.append(hostLimitedTag(worst)).append(unsafeTag(of)).append("</span>");
        });
    return k.length() == 0 ? "" : "<br>" + k;
  }

  /** A run's durability level, short: fsynced to disk, in memory, stand-in, ... */
  private static String level(RunFigures r) {
    Durability d = r.result().delivery().durability();
    return d == null ? "durability not recorded" : d.level().label();
  }

  static String durability(RunFigures r) {
    Durability d = r.result().delivery().durability();
    return d == null ? "not recorded (written before durability was)" : d.describe();
  }
}
