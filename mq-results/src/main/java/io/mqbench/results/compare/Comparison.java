package io.mqbench.results.compare;

import io.mqbench.results.RunStatus;
import io.mqbench.results.report.RunFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A candidate's runs against a baseline's, cell by cell: {@code mqbench compare}'s model. Cells are
 * matched on their settings ({@link CellKey}); each figure's difference gets its 95 % interval by
 * Welch's t over the repetitions and a verdict; a cell on one side only is listed, never dropped;
 * and what differs in where the runs came from is listed ({@link Provenance}).
 *
 * <p>A <b>regression</b> is a figure whose verdict is worse and whose whole interval lies more than
 * the threshold (in percent of the baseline's mean) on the worse side: at 95 % confidence the
 * candidate is worse by more than the threshold. A cell whose candidate failed its verdict (lost
 * messages, target not met, ...) where the baseline passed is one too.
 *
 * <p>A figure is <b>inconclusive</b> when its interval holds 0 and also reaches beyond the
 * threshold on the worse side: the runs agree with no change and with a regression beyond the
 * threshold alike. Its {@link FigureComparison#smallestDetectablePercent()} (the interval's
 * half-width) says how large a change these runs could have told from noise.
 *
 * @param baseline the baseline's name (its folder)
 * @param baselineRunCount how many runs the baseline holds
 * @param candidate the candidate's name
 * @param candidateRunCount how many runs the candidate holds
 * @param thresholdPercent the threshold, in percent of the baseline's mean
 * @param figures the figures compared
 * @param cells the cells found on both sides, in the baseline's order
 * @param onlyInBaseline cells of the baseline the candidate lacks, as labels
 * @param onlyInCandidate cells of the candidate the baseline lacks
 * @param provenance what differs in where the runs came from
 */
public record Comparison(
    String baseline,
    int baselineRunCount,
    String candidate,
    int candidateRunCount,
    double thresholdPercent,
    List<Figure> figures,
    List<CellComparison> cells,
    List<String> onlyInBaseline,
    List<String> onlyInCandidate,
    Provenance provenance) {

  /**
   * @param baseline the baseline's name
   * @param baselineRuns its runs
   * @param candidate the candidate's name
   * @param candidateRuns its runs
   * @param thresholdPercent how far worse a figure's whole interval must be for a regression, in
   *     percent of the baseline's mean, at least 0
   * @param figures the figures to compare
   * @return the comparison
   */
  public static Comparison of(
      String baseline,
      List<RunFigures> baselineRuns,
      String candidate,
      List<RunFigures> candidateRuns,
      double thresholdPercent,
      List<Figure> figures) {
    if (!(thresholdPercent >= 0)) {
      throw new IllegalArgumentException(
          "the threshold must be 0 % or more, was " + thresholdPercent);
    }
    List<RunFigures> all = new ArrayList<>(baselineRuns);
    all.addAll(candidateRuns);
    List<String> names = CellKey.names(all);
    Map<Map<String, String>, List<RunFigures>> b = group(baselineRuns, names);
    Map<Map<String, String>, List<RunFigures>> c = group(candidateRuns, names);
    List<Map<String, String>> keys = new ArrayList<>(b.keySet());
    c.keySet().stream().filter(k -> !b.containsKey(k)).forEach(keys::add);
    List<String> labels = CellKey.labels(keys);
    List<CellComparison> cells = new ArrayList<>();
    List<String> onlyB = new ArrayList<>();
    List<String> onlyC = new ArrayList<>();
    List<List<List<RunFigures>>> pairs = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      Map<String, String> key = keys.get(i);
      List<RunFigures> br = b.get(key);
      List<RunFigures> cr = c.get(key);
      if (br == null) {
        onlyC.add(labels.get(i));
      } else if (cr == null) {
        onlyB.add(labels.get(i));
      } else {
        pairs.add(List.of(br, cr));
        cells.add(cell(labels.get(i), key, br, cr, thresholdPercent, figures));
      }
    }
    return new Comparison(
        baseline,
        baselineRuns.size(),
        candidate,
        candidateRuns.size(),
        thresholdPercent,
        List.copyOf(figures),
        List.copyOf(cells),
        List.copyOf(onlyB),
        List.copyOf(onlyC),
        Provenance.of(pairs, baselineRuns, candidateRuns));
  }

  private static Map<Map<String, String>, List<RunFigures>> group(
      List<RunFigures> runs, List<String> names) {
    Map<Map<String, String>, List<RunFigures>> groups = new LinkedHashMap<>();
    runs.forEach(r -> groups.computeIfAbsent(CellKey.of(r, names), k -> new ArrayList<>()).add(r));
    return groups;
  }

  private static CellComparison cell(
      String label,
      Map<String, String> key,
      List<RunFigures> baselineRuns,
      List<RunFigures> candidateRuns,
      double thresholdPercent,
      List<Figure> figures) {
    List<FigureComparison> compared =
        figures.stream()
            .map(f -> FigureComparison.of(f, baselineRuns, candidateRuns, thresholdPercent))
            .filter(Objects::nonNull)
            .toList();
    return new CellComparison(
        label,
        key,
        List.copyOf(baselineRuns),
        List.copyOf(candidateRuns),
        worst(baselineRuns),
        worst(candidateRuns),
        compared);
  }

  private static RunStatus worst(List<RunFigures> runs) {
    RunStatus s = RunStatus.OK;
    for (RunFigures r : runs) {
      s = s.worst(r.status());
    }
    return s;
  }

  /**
   * @return true when any cell regressed: a figure beyond the threshold, or its status
   */
  public boolean regressed() {
    return cells.stream().anyMatch(CellComparison::regressed);
  }

  /**
   * @return how many figures regressed beyond the threshold, over every cell
   */
  public long regressions() {
    return cells.stream()
        .flatMap(c -> c.figures().stream())
        .filter(FigureComparison::regression)
        .count();
  }

  /**
   * @return the cells with a figure that is {@link Verdict#INCONCLUSIVE}
   */
  public List<CellComparison> inconclusiveCells() {
    return cells.stream()
        .filter(c -> c.figures().stream().anyMatch(f -> f.verdict() == Verdict.INCONCLUSIVE))
        .toList();
  }

  /**
   * @return the inconclusive figures of every cell
   */
  public List<FigureComparison> inconclusiveFigures() {
    return cells.stream()
        .flatMap(c -> c.figures().stream())
        .filter(f -> f.verdict() == Verdict.INCONCLUSIVE)
        .toList();
  }

  /**
   * @return true when nothing regressed but some figure could not be told: {@link
   *     Verdict#INCONCLUSIVE} or {@link Verdict#CANNOT_JUDGE}, or a side of a cell was
   *     host-limited. Such a comparison is no pass.
   */
  public boolean couldNotTell() {
    return !regressed()
        && (!hostLimitedCells().isEmpty()
            || cells.stream()
                .flatMap(c -> c.figures().stream())
                .anyMatch(
                    f ->
                        f.verdict() == Verdict.INCONCLUSIVE
                            || f.verdict() == Verdict.CANNOT_JUDGE));
  }

  /**
   * @return the cells a side of which ran on a host busy with other work: their figures are the
   *     host's, so the comparison cannot pass on them
   */
  public List<CellComparison> hostLimitedCells() {
    return cells.stream().filter(c -> !c.hostLimitedSide().isEmpty()).toList();
  }

  /**
   * @return true when some cell has a single run on a side: its figures cannot be judged
   */
  public boolean anySingle() {
    return cells.stream().anyMatch(CellComparison::single);
  }
}
