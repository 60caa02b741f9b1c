package io.mqbench.runner.cli;

/** The CLI's exit codes. */
public final class ExitCodes {
  /** The run completed and every acknowledged message arrived. */
  public static final int OK = 0;

  /** The backend failed: unreachable, rejected, or an error mid-run. */
  public static final int FAILED = 1;

  /** Bad input: an unknown option or queue, a malformed value or scenario file. */
  public static final int USAGE = 2;

  /** The run completed but acknowledged messages were lost. */
  public static final int LOST_MESSAGES = 3;

  /** The run was interrupted (Ctrl-C); partial results were written. 128 + SIGINT, as shells do. */
  public static final int INTERRUPTED = 130;

  private ExitCodes() {}
}
