package io.mqbench.runner.cli;

import io.mqbench.runner.cli.terminal.MatrixSummary;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Every run of one {@code mqbench run}, in the order they run: one for a plain run, cells x repeat
 * for a scenario's matrix.
 *
 * @param runs the runs; for a matrix, in rounds: every cell once, then every cell again, ...
 * @param matrix whether they form a matrix (one folder with a subfolder per run and a summary)
 * @param cells how many distinct cells there are
 * @param repeat how many times each cell runs
 * @param out the folder under which the results folder is made
 * @param queue the backend's name, for the results folder's name
 * @param failFast whether the first failed run stops the rest
 * @param keepQueue whether a queue the runs created on a broker mqbench did not start stays after
 *     them
 * @param suite the suite's name when the runs are a suite's ({@code standard-1}): their results are
 *     kept under it, and its folder is named after it
 */
record RunPlans(
    List<RunPlan> runs,
    boolean matrix,
    int cells,
    int repeat,
    Path out,
    String queue,
    boolean failFast,
    boolean keepQueue,
    Optional<String> suite) {

  RunPlans {
    runs = List.copyOf(runs);
  }

  /**
   * @return the name of a matrix's folder: the suite's, or after what it compares ({@link
   *     MatrixSummary#folderName})
   */
  String folderName() {
    if (suite.isPresent()) {
      return suite.get();
    }
    return MatrixSummary.folderName(
        runs.stream().map(p -> p.provider().name()).toList(),
        runs.stream().map(RunPlan::cell).toList());
  }
}
