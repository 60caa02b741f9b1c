package io.mqbench.runner.results;

import com.fasterxml.jackson.annotation.JsonValue;

/** The verdict of one run, with the exit code the CLI ends with for it. */
public enum RunStatus {
  /** The run completed and every acknowledged message arrived. */
  OK("ok", 0),
  /** Rate mode: the harness, not the backend, could not keep the schedule. */
  HARNESS_LIMITED("harness-limited", 0),
  /**
   * Rate mode: the backend acknowledged less than 99 % of the target rate (the harness kept up).
   */
  TARGET_NOT_MET("target not met", 4),
  /**
   * Receivers were the limit: their rate trailed the senders' by more than {@value
   * RunResults#RECEIVERS_BEHIND_SHARE} while both ran, so what the queue can deliver was not
   * measured.
   */
  RECEIVERS_BEHIND("receivers behind", 5),
  /** The run completed but acknowledged messages never arrived. */
  LOST_MESSAGES("lost messages", 3),
  /** The backend failed: unreachable, rejected, or an error mid-run. */
  FAILED("failed", 1),
  /** The run was stopped early (Ctrl-C); results are partial. 128 + SIGINT, as shells do. */
  INTERRUPTED("interrupted", 130);

  private final String label;
  private final int exitCode;

  RunStatus(String label, int exitCode) {
    this.label = label;
    this.exitCode = exitCode;
  }

  /**
   * @return the name in results and on the terminal
   */
  @JsonValue
  public String label() {
    return label;
  }

  /**
   * @return the exit code of a run that ends with this status
   */
  public int exitCode() {
    return exitCode;
  }

  /**
   * @param other another status
   * @return the worse of the two, in the order ok, harness-limited, target not met, receivers
   *     behind, lost messages, failed, interrupted
   */
  public RunStatus worst(RunStatus other) {
    return other.ordinal() > ordinal() ? other : this;
  }
}
