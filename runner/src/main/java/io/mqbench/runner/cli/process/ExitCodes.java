package io.mqbench.runner.cli.process;

/**
 * The CLI's exit codes that are not a run's verdict; a run ends with its {@link
 * io.mqbench.results.RunStatus}'s code (4 target not met, 5 receivers behind, 6 unsettled, 8
 * durability changed, ...).
 */
public final class ExitCodes {
  /** The run completed and every acknowledged message arrived. */
  public static final int OK = 0;

  /** The backend failed: unreachable, rejected, or an error mid-run. */
  public static final int FAILED = 1;

  /** Bad input: an unknown option or queue, a malformed value or scenario file. */
  public static final int USAGE = 2;

  /** The run completed but acknowledged messages were lost. */
  public static final int LOST_MESSAGES = 3;

  /**
   * {@code mqbench compare}: a figure of the candidate is worse than the baseline's beyond the
   * threshold, or a cell failed a verdict the baseline passed.
   */
  public static final int REGRESSION = 7;

  /**
   * {@code mqbench compare}: nothing regressed, but the comparison could not tell for some figure:
   * it is inconclusive (its interval holds 0 and reaches beyond the threshold on the worse side, so
   * the runs could not have detected a change of the threshold's size) or cannot be judged (a
   * single run on a side). Neither a pass (0) nor a regression (7).
   */
  public static final int INCONCLUSIVE = 8;

  /**
   * A fault was injected and the run never got back to its rate before it: {@link
   * io.mqbench.results.RunStatus#NOT_RECOVERED}.
   */
  public static final int NOT_RECOVERED = 9;

  /**
   * What the broker does with an acknowledged message, read back before and after the run,
   * differed: {@link io.mqbench.results.RunStatus#DURABILITY_CHANGED}.
   */
  public static final int DURABILITY_CHANGED = 10;

  /** The run was interrupted (Ctrl-C); partial results were written. 128 + SIGINT, as shells do. */
  public static final int INTERRUPTED = 130;

  /** The run was stopped by SIGTERM; partial results were written. 128 + SIGTERM. */
  public static final int TERMINATED = 143;

  private ExitCodes() {}
}
