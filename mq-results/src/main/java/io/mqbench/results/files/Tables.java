package io.mqbench.results.files;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;
import org.dhatim.fastexcel.Worksheet;

/**
 * Rows of summary cells as CSV and as spreadsheet cells, the same way for every table the runner
 * writes (a run's summary, JMH's results): a cell is a {@link String}, {@link Long}, {@link
 * BigDecimal} or {@link Boolean}, and an empty string (or null) is an empty cell.
 */
public final class Tables {
  private static final CsvMapper CSV = csvMapper();

  private static CsvMapper csvMapper() {
    CsvMapper m = new CsvMapper();
    m.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    return m;
  }

  private Tables() {}

  /**
   * @param headers the header line
   * @param rows the rows, each with a cell per header
   * @return the CSV text, comma-separated, '\n' line ends
   */
  public static String csv(List<String> headers, Object[][] rows) {
    CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
    headers.forEach(schema::addColumn);
    try {
      return CSV.writer(schema.build().withLineSeparator("\n")).writeValueAsString(rows);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes one cell with its type: numbers as numbers, booleans as booleans; nothing for an empty
   * string or null.
   *
   * @param sheet the sheet
   * @param row the row, from 0
   * @param column the column, from 0
   * @param value the cell's value
   */
  public static void cell(Worksheet sheet, int row, int column, Object value) {
    if (value == null || "".equals(value)) {
      return;
    } else if (value instanceof BigDecimal d) {
      sheet.value(row, column, d);
    } else if (value instanceof Number n) {
      sheet.value(row, column, n);
    } else if (value instanceof Boolean b) {
      sheet.value(row, column, b);
    } else {
      sheet.value(row, column, String.valueOf(value));
    }
  }
}
