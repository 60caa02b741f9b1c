package io.mqbench.results.svg;

/** Text put into the markup mqbench writes: the SVG chart here and the HTML report. */
public final class Markup {
  private Markup() {}

  /**
   * @param text text
   * @return it escaped for the text and attribute values of HTML and SVG
   */
  public static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
