package io.mqbench.results.files;

import io.mqbench.engine.Tick;
import io.mqbench.results.FaultResult;
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
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The timeline of a run with faults ({@code faults.svg}, and in report.html): msgs/s sent and
 * received second by second, each injected fault as a shaded band from its injection until its
 * action returned (at least a few tenths of a second wide, so that a kill shows), and a dashed line
 * where the received rate was back to 90 % of its level before the fault.
 */
public final class FaultChart {
  private static final Color SENT = new Color(31, 119, 180);
  private static final Color RECEIVED = new Color(44, 160, 44);
  private static final Color BAND = new Color(214, 39, 40, 70);
  private static final Color RECOVERED = new Color(148, 103, 189);

  /** The narrowest band drawn, in seconds: a kill's action returns in milliseconds. */
  private static final double MIN_BAND_SECONDS = 0.3;

  private FaultChart() {}

  /**
   * @param r a result with {@link RunResult#faults()} injected
   * @param svg the file to write
   * @throws IOException if it cannot be written
   */
  public static void write(RunResult r, Path svg) throws IOException {
    Files.writeString(svg, SvgChart.of(chart(r, 1000, 560)));
  }

  /**
   * @param r a result with faults
   * @return its chart's title
   */
  public static String title(RunResult r) {
    long injected = r.faults().injected().stream().filter(FaultResult::injected).count();
    return String.format(
        Locale.ROOT,
        "%s with %d fault%s: msgs/s over time, lost %,d",
        r.queue(),
        injected,
        injected == 1 ? "" : "s",
        r.totals().lost());
  }

  /**
   * @param r a result with faults
   * @param width the chart's width in pixels
   * @param height its height
   * @return the chart
   */
  public static XYChart chart(RunResult r, int width, int height) {
    return chart(r, width, height, null);
  }

  /**
   * @param r a result with faults
   * @param width the chart's width in pixels
   * @param height its height
   * @param queue the colour of the run's queue on a page that has one per queue (received dashed),
   *     or null for the chart's own colours
   * @return the chart
   */
  public static XYChart chart(RunResult r, int width, int height, Color queue) {
    XYChart chart = axes(r, width, height);
    List<Double> x = new ArrayList<>();
    List<Double> sent = new ArrayList<>();
    List<Double> received = new ArrayList<>();
    double top = 1;
    for (Tick t : r.rates().timeline()) {
      if (t.seconds() < 0.5 && !x.isEmpty()) {
        continue; // a last tick of a few milliseconds: its rate is noise
      }
      x.add(t.elapsedSeconds());
      sent.add(t.sentPerSecond());
      received.add(t.receivedPerSecond());
      top = Math.max(top, Math.max(t.sentPerSecond(), t.receivedPerSecond()));
    }
    if (x.isEmpty()) {
      x.add(0.0);
      sent.add(0.0);
      received.add(0.0);
    }
    int n = 0;
    for (FaultResult f : r.faults().injected()) {
      if (!f.injected()) {
        continue;
      }
      n++;
      double end = Math.max(f.endSeconds(), f.startSeconds() + MIN_BAND_SECONDS);
      XYSeries band =
          chart.addSeries(
              String.format(Locale.ROOT, "%d: %s %.1f-%.1f s", n, f.kind(), f.startSeconds(), end),
              new double[] {f.startSeconds(), f.startSeconds(), end, end},
              new double[] {0, top, top, 0});
      band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
      band.setFillColor(BAND);
      band.setLineColor(BAND);
      band.setMarker(SeriesMarkers.NONE);
      if (f.recoverySeconds() != null) {
        double at = f.startSeconds() + f.recoverySeconds();
        XYSeries back =
            chart.addSeries(
                String.format(Locale.ROOT, "%d: back to 90 %% at %.1f s", n, at),
                new double[] {at, at},
                new double[] {0, top});
        back.setMarker(SeriesMarkers.NONE);
        back.setLineColor(RECOVERED);
        back.setLineStyle(SeriesLines.DASH_DASH);
      }
    }
    line(chart, "sent msgs/s", x, sent, queue == null ? SENT : queue);
    XYSeries in = line(chart, "received msgs/s", x, received, queue == null ? RECEIVED : queue);
    if (queue != null) {
      in.setLineStyle(SeriesLines.DASH_DASH); // the queue's colour: sent and received by dashes
    }
    return chart;
  }

  /** The chart without series: its title, its axes, its style. */
  private static XYChart axes(RunResult r, int width, int height) {
    XYChart chart = RateChart.of(title(r), width, height);
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  private static XYSeries line(
      XYChart chart, String name, List<Double> x, List<Double> y, Color c) {
    XYSeries s = chart.addSeries(name, x, y);
    s.setMarker(x.size() < 4 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    s.setLineColor(c);
    s.setMarkerColor(c);
    return s;
  }
}
