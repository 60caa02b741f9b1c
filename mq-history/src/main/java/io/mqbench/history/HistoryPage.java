package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.compare.FigureComparison;
import io.mqbench.results.svg.Markup;
import io.mqbench.store.StoredRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The history as one self-contained HTML file (inline SVG and CSS, no scripts, no fonts fetched): a
 * header naming the store, the filter and the hosts; per series a section with its provenance, a
 * trend chart per figure ({@link TrendSvg}), its change points with what moved, the gate's table
 * when it ran, and its runs.
 */
public final class HistoryPage {
  private static final String CSS =
      "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:24px auto;max-width:1180px;"
          + "color:#222;font-size:14px}h1{font-size:22px;margin-bottom:4px}"
          + "h2{font-size:18px;margin:36px 0 2px;border-top:2px solid #ccc;padding-top:14px}"
          + "h3{font-size:15px;margin:18px 0 6px}p.prov{color:#555;margin:2px 0 10px}"
          + "svg.trend{display:block;margin:8px 0;max-width:100%;height:auto}"
          + "table{border-collapse:collapse;font-size:13px;margin:6px 0}"
          + "th,td{padding:3px 9px;border-bottom:1px solid #e4e4e4;text-align:right}"
          + "th{background:#f3f3f3}.l{text-align:left}table.gate td:not(.l){white-space:nowrap}"
          + "table.gate td.l{max-width:260px}table.gate td.verdict{white-space:nowrap}td.worse,li.worse b{color:#b34700}"
          + "li.better b,td.better{color:#007355}td.regression{background:#ffc7ce;color:#9c0006;"
          + "font-weight:bold}td.unsure{background:#fde9d9;font-style:italic}"
          + "td.bad{color:#9c0006;font-weight:bold}ul.changes li{margin:4px 0}"
          + "p.outcome{font-size:16px;padding:6px 10px;border-radius:4px;display:inline-block}"
          + "p.outcome.REGRESSED{background:#ffc7ce}p.outcome.PASSED{background:#c6efce}"
          + "p.outcome.INCONCLUSIVE{background:#fde9d9}";

  private HistoryPage() {}

  /**
   * What the page's header says.
   *
   * @param store where the runs were read from, as the user named it
   * @param filter the filter the series were chosen by; empty for none
   */
  public record Header(String store, String filter) {}

  /**
   * Writes the page.
   *
   * @param header the store and filter
   * @param series the series, as {@link History#of} gives them
   * @param gate the gate's result; null when it did not run
   * @param file the file to write
   * @throws IOException if it cannot be written
   */
  public static void write(Header header, List<Series> series, GateResult gate, Path file)
      throws IOException {
    Files.writeString(file, html(header, series, gate), StandardCharsets.UTF_8);
  }

  /**
   * @param header the store and filter
   * @param series the series
   * @param gate the gate's result; null when it did not run
   * @return the page
   */
  public static String html(Header header, List<Series> series, GateResult gate) {
    StringBuilder h = new StringBuilder(65_536);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>mqbench history</title><style>")
        .append(CSS)
        .append("</style></head><body>\n<h1>mqbench history</h1>\n");
    header(h, header, series);
    if (gate != null) {
      h.append("<p class=\"outcome ")
          .append(gate.outcome())
          .append("\" id=\"outcome\">")
          .append(esc(HistoryTable.outcome(gate)))
          .append("</p>\n");
    }
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      SeriesGate g =
          gate == null
              ? null
              : gate.series().stream()
                  .filter(x -> x.series().key().equals(s.key()))
                  .findFirst()
                  .orElse(null);
      SeriesSection.write(h, s, g, i + 1);
    }
    return h.append("</body></html>\n").toString();
  }

  private static void header(StringBuilder h, Header header, List<Series> series) {
    Map<String, StoredRun.Host> hosts = new LinkedHashMap<>();
    series.forEach(s -> hosts.putAll(s.hosts()));
    int runs = series.stream().mapToInt(s -> s.runs().size()).sum();
    h.append("<p>Store <b>")
        .append(esc(header.store()))
        .append("</b>")
        .append(
            header.filter() == null || header.filter().isBlank()
                ? ", every series"
                : ", series matching <b>" + esc(header.filter()) + "</b>")
        .append(": ")
        .append(series.size())
        .append(series.size() == 1 ? " series, " : " series, ")
        .append(Format.runs(runs))
        .append(".</p>\n<p>Hosts: ");
    new TreeSet<>(hosts.keySet())
        .forEach(
            id -> {
              StoredRun.Host x = hosts.get(id);
              h.append("<b>")
                  .append(esc(x == null ? "?" : x.name()))
                  .append("</b> (")
                  .append(esc(Series.shortId(id)))
                  .append(x == null ? "" : ", " + esc(x.cpuModel()) + ", " + x.cores() + " cores")
                  .append("); ");
            });
    h.setLength(h.length() - 2);
    h.append(".</p>\n<p class=\"prov\">Each dot is a run, each square its batch's median (the")
        .append(" repetitions of one invocation). A dashed line is a change point: a shift of the")
        .append(
            " mean between the batches before and after it, of at least the minimum effect, that")
        .append(
            " a t-test over the runs finds and that random orders of whole batches seldom match")
        .append(" (so picking the best of all splits is paid for); its 95 % interval is Welch's.")
        .append(" Green: better;")
        .append(" orange: worse.</p>\n");
  }

  static String esc(String text) {
    return Markup.escape(text == null ? "" : text);
  }

  /** A figure's value in a run, or empty. */
  static String value(StoredRun r, Figure f) {
    Double v = r.figures().get(f.name());
    return v == null ? "" : Format.value(f, v);
  }

  /** The class of a gate's verdict cell. */
  static String verdictClass(FigureComparison c) {
    if (c.regression()) {
      return "regression";
    }
    return switch (c.verdict()) {
      case BETTER -> "better";
      case WORSE -> "worse";
      case INCONCLUSIVE, CANNOT_JUDGE -> "unsure";
      case NO_CHANGE -> "";
    };
  }
}
