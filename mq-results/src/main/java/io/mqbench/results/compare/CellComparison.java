package io.mqbench.results.compare;

import io.mqbench.results.RunStatus;
import io.mqbench.results.report.RunFigures;
import java.util.List;
import java.util.Map;

/**
 * One cell found on both sides, compared figure by figure.
 *
 * @param label the cell as one line: what varies between the cells compared
 * @param key the settings the cell was matched on
 * @param baselineRuns the baseline's repetitions
 * @param candidateRuns the candidate's
 * @param baselineStatus the worst status of the baseline's repetitions
 * @param candidateStatus the worst of the candidate's
 * @param figures each figure either side has, in {@link Figure#ALL}'s order
 */
public record CellComparison(
    String label,
    Map<String, String> key,
    List<RunFigures> baselineRuns,
    List<RunFigures> candidateRuns,
    RunStatus baselineStatus,
    RunStatus candidateStatus,
    List<FigureComparison> figures) {

  /**
   * @return true when the candidate failed its verdict (lost messages, target not met, failed...)
   *     where the baseline passed: a regression whatever its figures say
   */
  public boolean statusRegressed() {
    return baselineStatus.exitCode() == 0 && candidateStatus.exitCode() != 0;
  }

  /**
   * @return true when a figure regressed beyond the threshold or the status did
   */
  public boolean regressed() {
    return statusRegressed() || figures.stream().anyMatch(FigureComparison::regression);
  }

  /**
   * @return true when a side has a single run: no figure can be judged
   */
  public boolean single() {
    return baselineRuns.size() < 2 || candidateRuns.size() < 2;
  }

  /**
   * @return which side ran on a host busy with other work ({@link RunStatus#HOST_LIMITED}): "the
   *     baseline", "the candidate" or "both sides"; empty when neither did
   */
  public String hostLimitedSide() {
    boolean b = baselineStatus == RunStatus.HOST_LIMITED;
    boolean c = candidateStatus == RunStatus.HOST_LIMITED;
    return b && c ? "both sides" : b ? "the baseline" : c ? "the candidate" : "";
  }
}
