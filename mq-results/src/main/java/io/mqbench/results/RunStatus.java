package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The verdict of one run, with the exit code the CLI ends with for it.
 *
 * <p>The constants are ordered from best to worst ({@link #worst}), and a run's status is the worst
 * that applies to it: verdicts on the numbers of a completed run, then a failure, then delivery in
 * doubt after it ({@link #UNSETTLED}), then proven loss, then an interrupt. Loss ranks above a
 * failure because a backend that loses acknowledged messages breaks the contract being measured,
 * while a broker that dies is an event any queue must survive; an interrupt ranks last so that
 * Ctrl-C always ends with 130, as shells expect.
 */
public enum RunStatus {
  /** The run completed and every acknowledged message arrived. */
  OK("ok", 0),
  /**
   * Rate mode: the target was met, but the harness stalled (started sends late with a window slot
   * free) for more than 1 % of the run, so the latencies are partly the harness's.
   */
  HARNESS_LIMITED("harness-limited", 0),
  /**
   * Any mode: the run completed and every acknowledged message arrived, but the host, not the
   * queue, set the pace: the run's processes waited for a CPU most of the time they could have run
   * while other work took a large share of the host ({@link HarnessUse#hostLimited()}). Its figures
   * are the host's, not the queue's; it is never anyone's best, and {@code compare} names it.
   * Ranked below the verdicts that exit non-zero, which keep their codes on a starved host too.
   */
  HOST_LIMITED("host-limited", 0),
  /**
   * Rate mode: the backend acknowledged less than 99 % of the target rate, or scheduled messages
   * went unsent; ranked above {@link #HARNESS_LIMITED} in the verdict, so that a missed target
   * never exits 0 even when the harness stalled too.
   */
  TARGET_NOT_MET("target not met", 4),
  /**
   * Receivers trailed the senders: their rate was below {@value RunVerdicts#RECEIVERS_BEHIND_SHARE}
   * of the senders' and they went on receiving well after the last send. By default ({@code
   * --max-backlog auto}) senders are held back instead, so this happens only with {@code
   * --max-backlog off} or a limit too large for the run; the result's {@link Limit} says whether
   * more receivers would help. A {@code --phases backlog-then-catch-up} run whose receivers did not
   * catch up with the backlog before the end of sending ends so too ({@link CatchUpResult}).
   */
  RECEIVERS_BEHIND("receivers behind", 5),
  /**
   * A fault ({@code --fault}) was injected and the run never got back to {@value
   * FaultResult#RECOVERED_SHARE} of its received rate before it and held it for {@value
   * FaultResult#HOLD_SECONDS} s before sending ended ({@link FaultResult#notRecovered()}): the
   * queue did not recover within the run, whatever was delivered.
   */
  NOT_RECOVERED("not recovered", 9),
  /**
   * What the broker does with an acknowledged message was read back before and after the run and
   * differed (a sync setting changed, another server answered): the figures mix two promises.
   */
  DURABILITY_CHANGED("durability changed", 10),
  /** The backend failed: unreachable, rejected, or an error mid-run. */
  FAILED("failed", 1),
  /**
   * The backend failed mid-run and acknowledged messages were neither received nor proven lost: the
   * queue could not be drained afterwards (see {@code mqbench drain}). Worse than a plain failure,
   * since whether the backend kept its promise is unknown.
   */
  UNSETTLED("unsettled", 6),
  /**
   * Acknowledged messages are proven lost: the queue was drained (receivers ran to their idle end,
   * or a settle drain completed) and they never arrived.
   */
  LOST_MESSAGES("lost messages", 3),
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
   * @param label a status's {@link #label()}, as in run.json
   * @return the status
   * @throws IllegalArgumentException if no status has that label
   */
  public static RunStatus ofLabel(String label) {
    for (RunStatus s : values()) {
      if (s.label.equals(label)) {
        return s;
      }
    }
    throw new IllegalArgumentException("no run status is labelled '" + label + "'");
  }

  /**
   * @param other another status
   * @return the worse of the two, in the order ok, harness-limited, host-limited, target not met,
   *     receivers behind, not recovered, durability changed, failed, unsettled, lost messages,
   *     interrupted
   */
  public RunStatus worst(RunStatus other) {
    return other.ordinal() > ordinal() ? other : this;
  }
}
