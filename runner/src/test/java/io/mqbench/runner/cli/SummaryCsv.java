package io.mqbench.runner.cli;

import java.util.ArrayList;
import java.util.List;

/** Reads summary.csv lines as the writer quotes them: a value with a comma stands in quotes. */
final class SummaryCsv {
  private SummaryCsv() {}

  /**
   * @param line a line of summary.csv
   * @return its fields, quotes taken off (the rows the tests read have no doubled quotes)
   */
  static List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (char ch : line.toCharArray()) {
      if (ch == '"') {
        quoted = !quoted;
      } else if (ch == ',' && !quoted) {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(ch);
      }
    }
    fields.add(field.toString());
    return fields;
  }
}
