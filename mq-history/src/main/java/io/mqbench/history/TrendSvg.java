package io.mqbench.history;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.svg.Markup;
import io.mqbench.store.StoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One figure's trend in a series as inline SVG: batches in the order they ran along x (labelled by
 * day, and by mqbench version where it changed), each run a dot, the batches' medians joined by a
 * line, change points as vertical markers labelled with the change and what moved, and the gate's
 * baseline and candidate shaded. Drawn by hand, as the results' latency chart is: the browser lays
 * out the text, and no fonts or pixels are needed here.
 */
final class TrendSvg {
  static final int WIDTH = 1160;
  private static final int LEFT = 96, RIGHT = 1130, TOP = 76, BOTTOM = 264;

  /** Okabe and Ito's palette, as the report's charts use it: one colour per host. */
  static final List<String> PALETTE =
      List.of("#0072B2", "#E69F00", "#009E73", "#D55E00", "#56B4E9", "#CC79A7", "#000000");

  private static final String WORSE = "#D55E00", BETTER = "#009E73";

  private final Series series;
  private final Figure figure;
  private final SeriesGate gate;
  private final StringBuilder s = new StringBuilder(8_192);
  private final double low, high;

  private TrendSvg(Series series, Figure figure, SeriesGate gate) {
    this.series = series;
    this.figure = figure;
    this.gate = gate;
    double[] range = NiceAxis.range(values());
    this.low = range[0];
    this.high = range[1];
  }

  /**
   * @param series a series
   * @param figure one of its figures
   * @param gate the gate's judgement of the series; null when the gate did not run
   * @return the chart, an {@code <svg>} element
   */
  static String svg(Series series, Figure figure, SeriesGate gate) {
    return new TrendSvg(series, figure, gate).draw();
  }

  private List<Double> values() {
    return BatchPoint.values(series.runs(), figure.name());
  }

  private String draw() {
    s.append("<svg class=\"trend\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(height())
        .append("\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(height())
        .append("\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n");
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    text(LEFT, 18, "start", "font-size=\"14\" font-weight=\"bold\"", figure.label());
    text(
        RIGHT,
        18,
        "end",
        "fill=\"#555\"",
        (figure.higherIsBetter() ? "higher is better" : "lower is better"));
    if (gate != null) {
      shading();
    }
    yAxis();
    xAxis();
    runs();
    medians();
    changes();
    s.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n",
            LEFT,
            TOP,
            RIGHT - LEFT,
            BOTTOM - TOP));
    legend();
    return s.append("</svg>\n").toString();
  }

  /** The centre of the i-th batch's slot. */
  private double x(double i) {
    return LEFT + (RIGHT - LEFT) * (i + 0.5) / series.batches().size();
  }

  private double slot() {
    return (RIGHT - LEFT) / (double) series.batches().size();
  }

  private double y(double v) {
    return BOTTOM - (BOTTOM - TOP) * (v - low) / (high - low);
  }

  private void yAxis() {
    for (double v : NiceAxis.ticks(low, high)) {
      double y = y(v);
      line(LEFT, y, RIGHT, y, "stroke=\"#e3e3e3\"");
      text(LEFT - 8, y + 4, "end", "", NiceAxis.label(v, NiceAxis.step(low, high)));
    }
    double mid = (TOP + BOTTOM) / 2.0;
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#333\" "
                + "transform=\"rotate(-90 20 %.1f)\">%s</text>\n",
            mid,
            mid,
            Markup.escape(figure.label())));
  }

  /**
   * Batches by day (and time, where a day has several), as many as fit; the mqbench version on a
   * second line where it changed.
   */
  private void xAxis() {
    List<BatchPoint> b = series.batches();
    List<String> labels = dayLabels(b);
    int widest = labels.stream().mapToInt(String::length).max().orElse(5);
    int every = Math.max(1, (int) Math.ceil((widest * 7.2 + 14) / slot()));
    double lastVersionEnd = Double.NEGATIVE_INFINITY;
    String version = null;
    for (int i = 0; i < b.size(); i++) {
      double x = x(i);
      line(x, BOTTOM, x, BOTTOM + 4, "stroke=\"#888\"");
      if (i % every == 0) {
        text(x, BOTTOM + 17, "middle", "", labels.get(i));
      }
      String v = b.get(i).mqbenchVersion();
      if (!v.equals(version) && x - 45 > lastVersionEnd) {
        text(x, BOTTOM + 33, "middle", "fill=\"#555\"", "v" + v);
        lastVersionEnd = x + 45;
      }
      version = v;
    }
    text(
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 52,
        "middle",
        "fill=\"#333\"",
        "batches in the order they ran (UTC; mqbench version where it changed)");
  }

  private static List<String> dayLabels(List<BatchPoint> b) {
    List<String> days = b.stream().map(x -> Format.day(x.startedAt()).substring(5)).toList();
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < b.size(); i++) {
      String day = days.get(i);
      boolean shared = days.stream().filter(day::equals).count() > 1;
      labels.add(shared ? Format.minute(b.get(i).startedAt()).substring(5) : day);
    }
    return labels;
  }

  private void runs() {
    List<String> hosts = new ArrayList<>(series.hosts().keySet());
    List<BatchPoint> b = series.batches();
    for (int i = 0; i < b.size(); i++) {
      List<StoredRun> rs = b.get(i).runs();
      double spread = Math.min(10, slot() * 0.3);
      for (int j = 0; j < rs.size(); j++) {
        Double v = rs.get(j).figures().get(figure.name());
        if (v == null || v.isNaN()) {
          continue;
        }
        double dx = rs.size() == 1 ? 0 : spread * (2.0 * j / (rs.size() - 1) - 1);
        String colour =
            PALETTE.get(Math.max(0, hosts.indexOf(rs.get(j).hostId())) % PALETTE.size());
        s.append(
            String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" fill-opacity=\"0.55\">"
                    + "<title>%s</title></circle>\n",
                x(i) + dx,
                y(v),
                colour,
                Markup.escape(title(rs.get(j), v))));
      }
    }
  }

  private String title(StoredRun r, double v) {
    return r.runId()
        + " ("
        + r.batch().id()
        + ", "
        + Format.minute(r.startedAt())
        + ", mqbench "
        + r.mqbenchVersion()
        + "): "
        + Format.value(figure, v);
  }

  private void medians() {
    StringBuilder points = new StringBuilder();
    List<BatchPoint> b = series.batches();
    for (int i = 0; i < b.size(); i++) {
      double m = b.get(i).median(figure.name());
      if (!Double.isNaN(m)) {
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(i), y(m)));
        s.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"#333\"/>\n",
                x(i) - 3.5,
                y(m) - 3.5));
      }
    }
    s.append("<polyline fill=\"none\" stroke=\"#333\" stroke-width=\"1.6\" points=\"")
        .append(points.toString().strip())
        .append("\"/>\n");
  }

  /** A dashed line between the batches around each change, labelled above the plot. */
  /**
   * A dashed line between the batches around each change, numbered with its percentage above the
   * plot (staggered where two would touch); what moved is spelt out, by number, below the chart.
   */
  private void changes() {
    List<ChangePoint> changes = series.changes(figure);
    double[] rowEnds = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
    for (int n = 0; n < changes.size(); n++) {
      ChangePoint c = changes.get(n);
      double x = LEFT + slot() * c.index();
      String colour = c.better() ? BETTER : WORSE;
      line(
          x,
          TOP - 4,
          x,
          BOTTOM,
          "stroke=\"" + colour + "\" stroke-width=\"2\" stroke-dasharray=\"6 4\" class=\"change\"");
      String label = (n + 1) + ": " + Format.percent(c.percent());
      double width = label.length() * 7.2;
      boolean right = x + 4 + width < RIGHT;
      double start = right ? x + 4 : x - 4 - width;
      int row = start > rowEnds[0] + 6 ? 0 : start > rowEnds[1] + 6 ? 1 : 0;
      rowEnds[row] = start + width;
      text(
          right ? x + 4 : x - 4,
          TOP - 22 + 13 * row,
          right ? "start" : "end",
          "fill=\"" + colour + "\" font-weight=\"bold\"",
          label);
      String moved =
          (n + 1)
              + ": "
              + Format.percent(c.percent())
              + " at "
              + c.first().batch().id()
              + " ("
              + Format.day(c.at())
              + "), moved: "
              + Moved.describe(c.moved());
      moved = moved.length() > 150 ? moved.substring(0, 149) + "…" : moved;
      text(LEFT, BOTTOM + 74 + 16 * n, "start", "fill=\"" + colour + "\"", moved);
    }
  }

  /** The chart's height: the plot, its axis, and a line per change below. */
  private int height() {
    int changes = series.changes(figure).size();
    return changes == 0 ? BOTTOM + 62 : BOTTOM + 70 + 16 * changes;
  }

  private void shading() {
    FigureGate f =
        gate.figures().stream()
            .filter(g -> g.figure().name().equals(figure.name()))
            .findFirst()
            .orElse(null);
    if (f == null) {
      return;
    }
    List<String> ids = series.batches().stream().map(b -> b.batch().id()).toList();
    int from = f.baseline().stream().mapToInt(r -> ids.indexOf(r.batch().id())).min().orElse(-1);
    int to = f.baseline().stream().mapToInt(r -> ids.indexOf(r.batch().id())).max().orElse(-1);
    int cand = ids.indexOf(gate.candidate().batch().id());
    if (from >= 0) {
      band(from, to, "#0072B2", "baseline");
    }
    band(cand, cand, f.regression() ? WORSE : "#E69F00", "candidate");
  }

  private void band(int from, int to, String colour, String label) {
    double x0 = x(from) - slot() / 2, x1 = x(to) + slot() / 2;
    s.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.09\""
                + " class=\"%s\"/>\n",
            x0,
            TOP,
            x1 - x0,
            BOTTOM - TOP,
            colour,
            label));
    // Labels sit at the bands' right ends, where they end: the candidate's above the baseline's.
    boolean candidate = label.equals("candidate");
    text(
        x1 - 3,
        candidate ? TOP + 13 : BOTTOM - 6,
        "end",
        "fill=\"" + colour + "\" font-size=\"11\"",
        label);
  }

  private void legend() {
    double y = 38;
    double x = LEFT;
    List<String> hosts = new ArrayList<>(series.hosts().keySet());
    for (int i = 0; i < hosts.size(); i++) {
      StoredRun.Host h = series.hosts().get(hosts.get(i));
      String name = series.allHosts() ? "run on " + (h == null ? "?" : h.name()) : "run";
      s.append(
          String.format(
              Locale.ROOT,
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" fill-opacity=\"0.7\"/>\n",
              x + 4,
              y - 4,
              PALETTE.get(i % PALETTE.size())));
      text(x + 12, y, "start", "", name);
      x += 24 + name.length() * 6.8;
      if (!series.allHosts()) {
        break;
      }
    }
    s.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"1.6\"/>"
                + "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"#333\"/>\n",
            x,
            y - 4,
            x + 22,
            y - 4,
            x + 7.5,
            y - 7.5));
    text(x + 28, y, "start", "", "batch median");
  }

  private void line(double x1, double y1, double x2, double y2, String attributes) {
    s.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n",
            x1,
            y1,
            x2,
            y2,
            attributes));
  }

  private void text(double x, double y, String anchor, String attributes, String text) {
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>\n",
            x,
            y,
            anchor,
            attributes.isEmpty() ? "" : " " + attributes,
            Markup.escape(Objects.toString(text))));
  }
}
