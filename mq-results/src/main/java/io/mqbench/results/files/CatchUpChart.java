package io.mqbench.results.files;

import io.mqbench.engine.Tick;
import io.mqbench.results.CatchUpResult;
import io.mqbench.results.RunResult;
import io.mqbench.results.svg.SvgChart;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The timeline of a catch-up run ({@code catch-up.svg}, and in report.html): msgs/s sent and
 * received second by second on the left axis, the backlog (acknowledged minus received at the end
 * of each second) on the right axis, and two vertical lines: when receivers started, and when the
 * backlog was gone (or, if it never was, the end of sending).
 */
public final class CatchUpChart {
  private static final Color SENT = new Color(31, 119, 180);
  private static final Color RECEIVED = new Color(44, 160, 44);
  private static final Color BACKLOG = new Color(214, 39, 40);
  private static final Color MARK = new Color(90, 90, 90);
  private static final Color CAUGHT_UP = new Color(148, 103, 189);

  private CatchUpChart() {}

  /**
   * @param r a result with a {@link RunResult#catchUp()}
   * @param svg the file to write
   * @throws IOException if it cannot be written
   */
  public static void write(RunResult r, Path svg) throws IOException {
    Files.writeString(svg, SvgChart.of(chart(r, 1000, 560)));
  }

  /**
   * @param r a result with a {@link RunResult#catchUp()}
   * @return its chart's title
   */
  public static String title(RunResult r) {
    CatchUpResult c = r.catchUp();
    return String.format(
        Locale.ROOT,
        "%s catch-up at %,.0f msgs/s after a %s s backlog: %s",
        r.queue(),
        r.setup().settings().run().rate().orElse(0.0),
        stripZeros(c.backlogSeconds()),
        c.caughtUp()
            ? String.format(Locale.ROOT, "caught up in %.2f s", c.catchUpSeconds())
            : String.format(Locale.ROOT, "did not catch up (%,d msgs left)", c.backlogAtEnd()));
  }

  /**
   * @param r a result with a {@link RunResult#catchUp()}
   * @param width the chart's width in pixels
   * @param height its height
   * @return the chart
   */
  public static XYChart chart(RunResult r, int width, int height) {
    return chart(r, width, height, null);
  }

  /**
   * @param r a result with a {@link RunResult#catchUp()}
   * @param width the chart's width in pixels
   * @param height its height
   * @param queue the colour of the run's queue on a page that has one per queue (received dashed,
   *     the backlog grey), or null for the chart's own colours
   * @return the chart
   */
  public static XYChart chart(RunResult r, int width, int height, Color queue) {
    CatchUpResult c = r.catchUp();
    XYChart chart = axes(r, width, height);
    List<Double> x = new ArrayList<>();
    List<Double> sent = new ArrayList<>();
    List<Double> received = new ArrayList<>();
    List<Double> backlogX = new ArrayList<>(List.of(0.0)); // the backlog starts empty
    List<Double> backlog = new ArrayList<>(List.of(0.0));
    double top = 1;
    for (Tick t : r.rates().timeline()) {
      if (t.seconds() < 0.5 && !x.isEmpty()) {
        continue; // a last tick of a few milliseconds: its rate is noise, a cliff to 0 or a spike
      }
      x.add(t.elapsedSeconds());
      sent.add(t.sentPerSecond());
      received.add(t.receivedPerSecond());
      backlogX.add(t.elapsedSeconds());
      backlog.add((double) t.inFlight());
      top = Math.max(top, Math.max(t.sentPerSecond(), t.receivedPerSecond()));
    }
    if (x.isEmpty()) {
      x.add(0.0); // a run that measured nothing: an empty chart, not an error
      sent.add(0.0);
      received.add(0.0);
    }
    line(chart, "sent msgs/s", x, sent, queue == null ? SENT : queue, 0);
    XYSeries in = line(chart, "received msgs/s", x, received, queue == null ? RECEIVED : queue, 0);
    if (queue != null) {
      in.setLineStyle(SeriesLines.DASH_DASH); // the queue's colour: sent and received by dashes
    }
    line(chart, "backlog msgs (right axis)", backlogX, backlog, queue == null ? BACKLOG : MARK, 1)
        .setLineStyle(SeriesLines.DOT_DOT);
    vertical(
        chart,
        String.format(Locale.ROOT, "receivers start %.1f s", c.receiversStartSeconds()),
        c.receiversStartSeconds(),
        top,
        MARK);
    if (c.caughtUp()) {
      vertical(
          chart,
          String.format(Locale.ROOT, "caught up %.1f s", c.caughtUpAtSeconds()),
          c.caughtUpAtSeconds(),
          top,
          CAUGHT_UP);
    } else {
      vertical(
          chart,
          String.format(Locale.ROOT, "not caught up at %.1f s", c.sendingEndSeconds()),
          c.sendingEndSeconds(),
          top,
          BACKLOG);
    }
    return chart;
  }

  /** The chart without series: its title, its two axes (rates left, backlog right), its style. */
  private static XYChart axes(RunResult r, int width, int height) {
    XYChart chart = RateChart.of(title(r), width, height);
    chart.getStyler().setYAxisMin(0, 0.0);
    chart.getStyler().setYAxisMin(1, 0.0);
    chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    chart.setYAxisGroupTitle(0, "msgs/s sent and received");
    chart.setYAxisGroupTitle(1, "backlog: sent - received (msgs)");
    return chart;
  }

  private static XYSeries line(
      XYChart chart, String name, List<Double> x, List<Double> y, Color colour, int axis) {
    XYSeries s = chart.addSeries(name, x, y);
    s.setMarker(x.size() < 4 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    s.setLineColor(colour);
    s.setMarkerColor(colour);
    s.setYAxisGroup(axis);
    return s;
  }

  private static void vertical(XYChart chart, String name, double at, double top, Color colour) {
    XYSeries s = chart.addSeries(name, new double[] {at, at}, new double[] {0, top});
    s.setMarker(SeriesMarkers.NONE);
    s.setLineColor(colour);
    s.setLineStyle(SeriesLines.DASH_DASH);
    s.setYAxisGroup(0);
  }

  private static String stripZeros(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
