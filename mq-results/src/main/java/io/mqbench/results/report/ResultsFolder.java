package io.mqbench.results.report;

import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.files.SummaryWorkbook;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A results folder as the runner writes it: the files of {@link ResultsWriter}, with {@code
 * summary.xlsx} opening on the per-cell {@code summary} sheet ({@link CellSummary}, repetitions as
 * mean and 95 % interval) before the {@code runs}, {@code timeline} and {@code environment} sheets.
 * The report composes the files, so that the files never call the report.
 */
public final class ResultsFolder {
  /** The sheets of {@code summary.xlsx}, in order. */
  public static final List<SummaryWorkbook.Sheet> SHEETS =
      List.of(
          CellSummary::summarySheet,
          SummaryWorkbook.RUNS,
          SummaryWorkbook.TIMELINE,
          SummaryWorkbook.ENVIRONMENT);

  private ResultsFolder() {}

  /**
   * Writes a run's results folder (see {@link ResultsWriter#write}).
   *
   * @param result the run's results
   * @param dir its folder, made if missing
   * @return warnings for the terminal, such as a chart that could not be drawn
   */
  public static List<String> write(RunResult result, Path dir) {
    return ResultsWriter.write(result, dir, SHEETS);
  }

  /**
   * Writes a matrix's combined files (see {@link ResultsWriter#writeMatrix}).
   *
   * @param results the matrix's runs, in order
   * @param dir the matrix's folder
   * @return warnings for the terminal
   */
  public static List<String> writeMatrix(List<RunResult> results, Path dir) {
    return ResultsWriter.writeMatrix(results, dir, SHEETS);
  }

  /**
   * Writes the summary spreadsheet: a {@code summary} sheet with one row per cell, a {@code runs}
   * sheet with one row per result (lost messages in red), a {@code timeline} sheet with messages
   * and msgs/s per second of every result, and an {@code environment} sheet.
   *
   * @param results one row each
   * @param out where the workbook goes; not closed
   * @throws IOException if writing fails
   */
  public static void xlsx(List<RunResult> results, OutputStream out) throws IOException {
    SummaryWorkbook.write(results, SHEETS, out);
  }
}
