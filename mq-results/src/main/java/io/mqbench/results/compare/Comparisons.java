package io.mqbench.results.compare;

import io.mqbench.results.report.Reports;
import io.mqbench.results.report.RunFigures;
import java.nio.file.Path;
import java.util.List;

/** Reads two results folders into a {@link Comparison}, and writes its {@code report.html}. */
public final class Comparisons {
  private Comparisons() {}

  /**
   * @param baseline a results folder: one run, a matrix or a sweep
   * @param candidate another
   * @param thresholdPercent the regression threshold, in percent of the baseline's mean
   * @param figures the figures to compare
   * @return the comparison, each side named by its folder's name
   * @throws io.mqbench.config.ConfigException if a folder does not exist or holds no run (one line
   *     naming it)
   */
  public static Comparison read(
      Path baseline, Path candidate, double thresholdPercent, List<Figure> figures) {
    List<RunFigures> b = Reports.read(baseline);
    List<RunFigures> c = Reports.read(candidate);
    return Comparison.of(name(baseline), b, name(candidate), c, thresholdPercent, figures);
  }

  /**
   * Writes {@code report.html}: the comparison first, then the report of both folders' runs (cells,
   * runs, charts, environments).
   *
   * @param comparison the comparison of the two folders
   * @param baseline the baseline's folder
   * @param candidate the candidate's folder
   * @param out the page's file
   * @return the file written
   */
  public static Path write(Comparison comparison, Path baseline, Path candidate, Path out) {
    return Reports.write(List.of(baseline, candidate), out, ComparisonHtml.preface(comparison));
  }

  private static String name(Path folder) {
    return String.valueOf(folder.toAbsolutePath().normalize().getFileName());
  }
}
