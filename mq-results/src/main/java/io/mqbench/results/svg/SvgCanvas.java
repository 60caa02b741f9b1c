package io.mqbench.results.svg;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.Locale;

/**
 * The SVG elements a chart is made of, appended to one document: the report's charts ({@link
 * SvgChart}) and the results folder's latency chart, which is drawn without XChart's models.
 */
public final class SvgCanvas {
  /** Characters of a 12 px sans-serif label are about this wide on average. */
  static final double CHAR_WIDTH = 6.8;

  private final StringBuilder s = new StringBuilder(16_384);

  /**
   * Starts a document of this size on a white background.
   *
   * @param width its width in pixels
   * @param height its height in pixels
   */
  public SvgCanvas(int width, int height) {
    s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n")
        .append("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
  }

  /**
   * A label.
   *
   * @param x its x pixel
   * @param y its baseline's y pixel
   * @param anchor start, middle or end
   * @param attributes more attributes as written, or empty
   * @param text the text, escaped here
   */
  public void text(double x, double y, String anchor, String attributes, String text) {
    s.append("<text x=\"")
        .append(n(x))
        .append("\" y=\"")
        .append(n(y))
        .append("\" text-anchor=\"")
        .append(anchor)
        .append('"');
    if (!attributes.isEmpty()) {
      s.append(' ').append(attributes);
    }
    s.append('>').append(Markup.escape(text)).append("</text>\n");
  }

  /**
   * A straight line.
   *
   * @param x1 where it starts, x pixel
   * @param y1 where it starts, y pixel
   * @param x2 where it ends, x pixel
   * @param y2 where it ends, y pixel
   * @param stroke its colour
   * @param width its width in pixels
   */
  public void line(double x1, double y1, double x2, double y2, String stroke, double width) {
    line(x1, y1, x2, y2, stroke, width, "");
  }

  /**
   * A straight line with more attributes ({@code stroke-dasharray="4 3"}).
   *
   * @param x1 where it starts, x pixel
   * @param y1 where it starts, y pixel
   * @param x2 where it ends, x pixel
   * @param y2 where it ends, y pixel
   * @param stroke its colour
   * @param width its width in pixels
   * @param extra more attributes as written, or empty
   */
  public void line(
      double x1, double y1, double x2, double y2, String stroke, double width, String extra) {
    s.append("<line x1=\"")
        .append(n(x1))
        .append("\" y1=\"")
        .append(n(y1))
        .append("\" x2=\"")
        .append(n(x2))
        .append("\" y2=\"")
        .append(n(y2))
        .append("\" stroke=\"")
        .append(stroke)
        .append("\" stroke-width=\"")
        .append(n(width))
        .append('"');
    if (!extra.isEmpty()) {
      s.append(' ').append(extra);
    }
    s.append("/>\n");
  }

  /**
   * A rectangle.
   *
   * @param x its left, x pixel
   * @param y its top, y pixel
   * @param w its width in pixels
   * @param h its height in pixels
   * @param fill its colour, or none
   * @param extra more attributes as written, or empty
   */
  public void rect(double x, double y, double w, double h, String fill, String extra) {
    s.append("<rect x=\"")
        .append(n(x))
        .append("\" y=\"")
        .append(n(y))
        .append("\" width=\"")
        .append(n(Math.max(0, w)))
        .append("\" height=\"")
        .append(n(Math.max(0, h)))
        .append("\" fill=\"")
        .append(fill)
        .append('"');
    if (!extra.isEmpty()) {
      s.append(' ').append(extra);
    }
    s.append("/>\n");
  }

  /**
   * A line through the points, in a series' colour and dashes; nothing for fewer than two.
   *
   * @param points each point's x and y pixel
   * @param colour its colour
   * @param stroke its width and dashes; 2 px, solid if null
   */
  public void polyline(List<double[]> points, Color colour, BasicStroke stroke) {
    if (points.size() < 2) {
      return;
    }
    s.append("<polyline fill=\"none\" points=\"");
    points(points);
    s.append("\" stroke=\"").append(hex(colour)).append('"');
    stroke(stroke);
    s.append(" stroke-linejoin=\"round\"/>\n");
  }

  /** A filled area, as XChart's area series: the points closed along the axis. */
  void polygon(List<double[]> points, Color fill) {
    s.append("<polygon points=\"");
    points(points);
    s.append("\" fill=\"").append(hex(fill)).append('"');
    opacity("fill-opacity", fill);
    s.append("/>\n");
  }

  /**
   * An element given whole, such as a marker's shape.
   *
   * @param element the element as written
   */
  public void raw(String element) {
    s.append(element).append('\n');
  }

  /**
   * @return the document, closed
   */
  public String finish() {
    return s.append("</svg>\n").toString();
  }

  private void points(List<double[]> points) {
    for (int i = 0; i < points.size(); i++) {
      if (i > 0) {
        s.append(' ');
      }
      s.append(n(points.get(i)[0])).append(',').append(n(points.get(i)[1]));
    }
  }

  private void stroke(BasicStroke stroke) {
    float width = stroke == null ? 2f : stroke.getLineWidth();
    s.append(" stroke-width=\"").append(n(width)).append('"');
    float[] dashes = stroke == null ? null : stroke.getDashArray();
    if (dashes != null && dashes.length > 0) {
      s.append(" stroke-dasharray=\"");
      for (int i = 0; i < dashes.length; i++) {
        s.append(i > 0 ? "," : "").append(n(dashes[i]));
      }
      s.append('"');
    }
  }

  private void opacity(String attribute, Color c) {
    if (c.getAlpha() < 255) {
      s.append(' ').append(attribute).append("=\"").append(n(c.getAlpha() / 255.0)).append('"');
    }
  }

  static String hex(Color c) {
    return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
  }

  /**
   * @param v a coordinate or length in pixels
   * @return it to a tenth of a pixel, without a trailing ".0" or the sign of a zero
   */
  public static String n(double v) {
    long tenths = Math.round(v * 10);
    return tenths % 10 == 0
        ? Long.toString(tenths / 10)
        : (tenths < 0 && tenths > -10 ? "-" : "") + tenths / 10 + "." + Math.abs(tenths % 10);
  }
}
