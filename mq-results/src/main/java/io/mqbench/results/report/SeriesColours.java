package io.mqbench.results.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One colour per queue on every chart of a report page, from a palette people can tell apart. A
 * page's colours are handed out once, in the order of its keys (its queues; on a page of one queue,
 * its cells and lines), and every chart asks this map instead of cycling colours chart by chart, so
 * that a queue keeps its colour from the rate charts to the latency charts.
 *
 * <p>The palette is Okabe and Ito's (colour-blind safe), with its yellow, too pale to read as a
 * thin line on white, replaced by Paul Tol's wine. Every pair differs by a CIE76 ΔE of 26 or more.
 * A page with more keys than colours starts the palette again with a marker on every line (never
 * the same colour silently), and two series of one key in a chart (a queue at two sizes) differ by
 * their dashes, or, as bars, by a lighter tint.
 */
final class SeriesColours {
  /** The palette, most distinct first: blue and orange, then green, vermillion, ... */
  static final List<Color> PALETTE =
      List.of(
          new Color(0x0072B2), // blue
          new Color(0xE69F00), // orange
          new Color(0x009E73), // bluish green
          new Color(0xD55E00), // vermillion
          new Color(0x56B4E9), // sky blue
          new Color(0xCC79A7), // reddish purple
          new Color(0x000000), // black
          new Color(0x882255)); // wine (Tol), in place of Okabe-Ito's yellow #F0E442

  /** The marks of a key's line from the palette's second round on. */
  private static final List<Marker> ROUNDS =
      List.of(
          SeriesMarkers.NONE,
          SeriesMarkers.CIRCLE,
          SeriesMarkers.SQUARE,
          SeriesMarkers.DIAMOND,
          SeriesMarkers.TRIANGLE_UP,
          SeriesMarkers.TRIANGLE_DOWN);

  /** The dashes of a key's second, third, ... line in one chart. */
  private static final List<BasicStroke> DASHES =
      List.of(SeriesLines.SOLID, SeriesLines.DASH_DASH, SeriesLines.DOT_DOT, SeriesLines.DASH_DOT);

  private final Map<String, Integer> order = new LinkedHashMap<>();
  private final boolean byQueue;

  private SeriesColours(boolean byQueue) {
    this.byQueue = byQueue;
  }

  /**
   * @param cells a page's cells, in the page's order
   * @return its map: by queue when it has several, else by series, the cells' first
   */
  static SeriesColours forPage(List<CellFigures> cells) {
    List<String> queues = cells.stream().map(CellFigures::queue).distinct().toList();
    return of(
        queues.size() > 1,
        queues.size() > 1 ? queues : cells.stream().map(c -> ReportNames.cell(c, true)).toList());
  }

  /**
   * @param byQueue whether a series' colour is its queue's, not its own
   * @param keys the page's keys, in the order colours are handed out; more may be asked later
   * @return the page's map
   */
  static SeriesColours of(boolean byQueue, Collection<String> keys) {
    SeriesColours c = new SeriesColours(byQueue);
    keys.forEach(c::index);
    return c;
  }

  private int index(String key) {
    return order.computeIfAbsent(key, k -> order.size());
  }

  /**
   * @return true when colours are the queues', false on a page of one queue
   */
  boolean byQueue() {
    return byQueue;
  }

  /**
   * @param queue a series' queue
   * @param series its name, without marks
   * @return the key of its colour: its queue on a page of several, else its name
   */
  String key(String queue, String series) {
    return byQueue ? queue : series;
  }

  /**
   * @param key a queue, or a series of a page of one queue
   * @return its colour on this page
   */
  Color colour(String key) {
    return PALETTE.get(index(key) % PALETTE.size());
  }

  /** The key's marker: none in the palette's first round, then one per round. */
  private Marker marker(String key) {
    return ROUNDS.get(Math.min(index(key) / PALETTE.size(), ROUNDS.size() - 1));
  }

  /**
   * The styles of one chart: a key's second series in it is dashed differently (a line) or lighter
   * (a bar) than its first.
   */
  Chart chart() {
    return new Chart();
  }

  /** Styles handed out within one chart. */
  final class Chart {
    private final Map<String, Integer> seen = new HashMap<>();

    private Chart() {}

    /**
     * @param series a line
     * @param key its queue (or its own name on a page of one queue)
     * @param points how many points it has: a line of one or two is marked so that it shows
     */
    void line(XYSeries series, String key, int points) {
      int nth = seen.merge(key, 1, Integer::sum) - 1;
      Color c = colour(key);
      series.setLineColor(c);
      series.setMarkerColor(c);
      series.setLineStyle(DASHES.get(nth % DASHES.size()));
      Marker m = marker(key);
      series.setMarker(m == SeriesMarkers.NONE && points < 3 ? SeriesMarkers.CIRCLE : m);
    }

    /**
     * A line through measured points (a matrix's cells), each marked: the line between them is not
     * measured.
     *
     * @param series a line
     * @param key its queue (or its own name on a page of one queue)
     */
    void points(XYSeries series, String key) {
      line(series, key, 0);
    }

    /**
     * @param series bars
     * @param key their queue (or their own name on a page of one queue)
     */
    void bars(CategorySeries series, String key) {
      int nth = seen.merge(key, 1, Integer::sum) - 1;
      Color c = tint(colour(key), Math.min(nth, 3) * 0.25);
      series.setFillColor(c);
      series.setLineColor(c);
      series.setMarkerColor(c);
    }
  }

  /** The colour blended with white by this share. */
  private static Color tint(Color c, double share) {
    return new Color(
        (int) Math.round(c.getRed() + (255 - c.getRed()) * share),
        (int) Math.round(c.getGreen() + (255 - c.getGreen()) * share),
        (int) Math.round(c.getBlue() + (255 - c.getBlue()) * share));
  }
}
