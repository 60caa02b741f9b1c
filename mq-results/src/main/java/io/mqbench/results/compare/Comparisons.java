package io.mqbench.results.compare;

import io.mqbench.config.ConfigException;
import io.mqbench.results.RunResult;
import io.mqbench.results.report.Reports;
import io.mqbench.results.report.RunFigures;
import java.io.IOException;
import java.nio.file.Files;
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
   * @return the comparison, each side named by its folder's name, with at least one cell
   * @throws ConfigException in one line, before anything is written: a folder that does not exist
   *     or holds no run; the same folder on both sides; a run.json of a format this version does
   *     not read (newer than {@link RunResult#FORMAT_VERSION}); or no cell in common (which points
   *     to {@code mqbench report} for a side-by-side view)
   */
  public static Comparison read(
      Path baseline, Path candidate, double thresholdPercent, List<Figure> figures) {
    refuseSameFolder(baseline, candidate);
    List<RunFigures> b = Reports.read(baseline);
    List<RunFigures> c = Reports.read(candidate);
    refuseUnknownFormat(b, baseline);
    refuseUnknownFormat(c, candidate);
    Comparison comparison =
        Comparison.of(name(baseline), b, name(candidate), c, thresholdPercent, figures);
    if (comparison.cells().isEmpty()) {
      throw new ConfigException(
          "no cell of "
              + candidate
              + " has the settings of a cell of "
              + baseline
              + " (baseline "
              + some(comparison.onlyInBaseline())
              + "; candidate "
              + some(comparison.onlyInCandidate())
              + "): nothing to compare; for a side-by-side view: mqbench report "
              + baseline
              + " "
              + candidate);
    }
    return comparison;
  }

  private static void refuseSameFolder(Path baseline, Path candidate) {
    boolean same;
    try {
      same =
          Files.exists(baseline) && Files.exists(candidate)
              ? Files.isSameFile(baseline, candidate)
              : baseline
                  .toAbsolutePath()
                  .normalize()
                  .equals(candidate.toAbsolutePath().normalize());
    } catch (IOException e) {
      same = false; // unreadable: reading the folder says why
    }
    if (same) {
      throw new ConfigException(
          "BASELINE and CANDIDATE are the same folder, "
              + baseline
              + ": runs compared with themselves tell nothing; give the folders of two series of"
              + " runs");
    }
  }

  /** Formats 1 to this version's are read as written; a later one may mean fields otherwise. */
  private static void refuseUnknownFormat(List<RunFigures> runs, Path folder) {
    for (RunFigures r : runs) {
      int format = r.result().formatVersion();
      if (format < 1 || format > RunResult.FORMAT_VERSION) {
        throw new ConfigException(
            "run "
                + r.runId()
                + " in "
                + folder
                + " is in run.json format "
                + format
                + "; this mqbench reads formats 1 to "
                + RunResult.FORMAT_VERSION
                + ": compare with the mqbench that wrote it, or a later one");
      }
    }
  }

  /** Up to three cells' labels, for one line. */
  private static String some(List<String> labels) {
    return labels.isEmpty()
        ? "has no cell"
        : String.join(", ", labels.subList(0, Math.min(3, labels.size())))
            + (labels.size() > 3 ? ", and " + (labels.size() - 3) + " more" : "");
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
