package io.mqbench.history;

import java.io.PrintStream;
import java.util.List;

/** Rows of text as aligned columns. */
final class Columns {
  private Columns() {}

  /**
   * @param rows the rows, the header first
   * @param indent what each line starts with
   * @param left per column, whether it is aligned left (text) rather than right (numbers)
   * @param out where to print
   */
  static void print(List<String[]> rows, String indent, boolean[] left, PrintStream out) {
    int[] width = new int[left.length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < r.length; i++) {
        String pad = " ".repeat(width[i] - r[i].length());
        line.append(left[i] ? r[i] + pad : pad + r[i]).append("  ");
      }
      out.println(line.toString().stripTrailing());
    }
  }

  /** A threshold as typed: 10, 2.5. */
  static String number(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

  /** The widest line printed. */
  static final int WIDTH = 100;

  /**
   * Prints items after a first part, joined by {@code "; "}, breaking the line between items where
   * it would pass {@link #WIDTH} columns.
   *
   * @param first what the first line starts with
   * @param next what each further line starts with
   * @param items the items
   * @param out where to print
   */
  static void wrap(String first, String next, List<String> items, PrintStream out) {
    StringBuilder line = new StringBuilder(first);
    boolean fresh = true;
    for (String item : items) {
      String sep = fresh ? "" : "; ";
      if (!fresh && line.length() + sep.length() + item.length() > WIDTH) {
        out.println(line.append(';'));
        line = new StringBuilder(next);
        sep = "";
      }
      line.append(sep).append(item);
      fresh = false;
    }
    out.println(line);
  }
}
