package io.mqbench.results.svg;

import java.awt.Color;
import org.knowm.xchart.style.markers.Circle;
import org.knowm.xchart.style.markers.Diamond;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.None;
import org.knowm.xchart.style.markers.Square;
import org.knowm.xchart.style.markers.TriangleDown;
import org.knowm.xchart.style.markers.TriangleUp;

/** A series' marker drawn at a point, in the shapes XChart's markers have. */
final class SvgMarks {
  private SvgMarks() {}

  /**
   * @param c the canvas
   * @param marker the marker, or null or none for no mark
   * @param x the point's x
   * @param y its y
   * @param size the marker's width
   * @param colour its colour
   */
  static void marker(SvgCanvas c, Marker marker, double x, double y, double size, Color colour) {
    if (marker == null || marker instanceof None || size <= 0) {
      return;
    }
    String fill = SvgCanvas.hex(colour);
    double r = size / 2;
    if (marker instanceof Square) {
      c.rect(x - r, y - r, size, size, fill, "");
    } else if (marker instanceof Diamond) {
      c.raw(polygon(fill, x, y - r * 1.3, x + r * 1.3, y, x, y + r * 1.3, x - r * 1.3, y));
    } else if (marker instanceof TriangleUp) {
      c.raw(polygon(fill, x, y - r * 1.2, x + r * 1.1, y + r * 0.8, x - r * 1.1, y + r * 0.8));
    } else if (marker instanceof TriangleDown) {
      c.raw(polygon(fill, x, y + r * 1.2, x + r * 1.1, y - r * 0.8, x - r * 1.1, y - r * 0.8));
    } else {
      c.raw(
          "<circle cx=\""
              + SvgCanvas.n(x)
              + "\" cy=\""
              + SvgCanvas.n(y)
              + "\" r=\""
              + SvgCanvas.n(marker instanceof Circle ? r : r * 0.8)
              + "\" fill=\""
              + fill
              + "\"/>");
    }
  }

  private static String polygon(String fill, double... xy) {
    StringBuilder s = new StringBuilder("<polygon points=\"");
    for (int i = 0; i < xy.length; i += 2) {
      s.append(i > 0 ? " " : "")
          .append(SvgCanvas.n(xy[i]))
          .append(',')
          .append(SvgCanvas.n(xy[i + 1]));
    }
    return s.append("\" fill=\"").append(fill).append("\"/>").toString();
  }
}
