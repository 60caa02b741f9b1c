package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.engine.DeliveryGap;
import io.mqbench.engine.FaultRecord;
import java.util.List;
import java.util.Locale;

/**
 * What one fault did to a run ({@code --fault}): in {@code run.json}'s {@code faults}, one per
 * fault in the order they were due. Times are seconds from the run's start.
 *
 * <p><b>Recovery</b> is read off the received count the coordinator keeps every tenth of a second
 * of a run with faults: the received rate before the fault is its {@code before} window's; the run
 * has recovered at the first tenth of a second, at least half a second after the injection, at
 * which the rate over the second before it (or since the injection, if that is shorter) is at least
 * {@value #RECOVERED_SHARE} of that rate. {@code recoverySeconds} is from the injection to then: at
 * least 0.5 s, so a fault the receivers did not feel reads 0.5 s. {@code lowestReceivedPerSecond}
 * is the lowest of those rates from the injection to the recovery (the dip). The <b>longest gap</b>
 * is the longest time, seen at the coordinator's polls (every 20 ms), during which receivers ran
 * and nothing arrived, among the gaps that overlap the fault or its after window.
 *
 * @param kind what the fault was ({@code restart-broker})
 * @param target what it hit
 * @param scheduledSeconds when it was due
 * @param injected false when the run ended before it was due
 * @param startSeconds when its action started
 * @param endSeconds when its action returned: the broker serving again, the pause undone
 * @param detail what the action said happened
 * @param error why the action failed; null when it did not
 * @param receivedPerSecondBefore the received rate in the window before the fault
 * @param lowestReceivedPerSecond the lowest received rate, over half a second to a second, from the
 *     injection to the recovery (or the end)
 * @param recoverySeconds from the injection until the received rate was back to {@value
 *     #RECOVERED_SHARE} of {@code receivedPerSecondBefore}; null when it never was
 * @param longestGapSeconds the longest time without a delivery that overlaps the fault or its after
 *     window; 0 when there was none of at least 100 ms
 * @param before the window before it: from the previous fault's end, or the run's start
 * @param during the window of its action
 * @param after the window after it, to the next fault or the end of the run
 */
public record FaultResult(
    String kind,
    String target,
    double scheduledSeconds,
    boolean injected,
    double startSeconds,
    double endSeconds,
    String detail,
    @JsonInclude(JsonInclude.Include.NON_NULL) String error,
    double receivedPerSecondBefore,
    double lowestReceivedPerSecond,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double recoverySeconds,
    double longestGapSeconds,
    CatchUpResult.Window before,
    CatchUpResult.Window during,
    CatchUpResult.Window after) {

  /** The share of the pre-fault received rate at which the run has recovered. */
  public static final double RECOVERED_SHARE = 0.9;

  /** The shortest window a rate after a fault is judged over, in tenths of a second. */
  private static final int SHORTEST_TENTHS = 5;

  /** The longest, in tenths of a second: a second. */
  private static final int LONGEST_TENTHS = 10;

  /**
   * @param f what the coordinator recorded
   * @param receivedEveryTenth messages received so far at every tenth of a second of the run
   * @param gaps the run's times without a delivery
   * @return the fault's figures
   */
  public static FaultResult of(
      FaultRecord f, List<Long> receivedEveryTenth, List<DeliveryGap> gaps) {
    CatchUpResult.Window before = CatchUpResult.Window.of(f.before());
    double start = f.startNanos() / 1e9;
    double baseline = before.receivedPerSecond();
    Double recovery = null;
    double lowest = Double.NaN;
    if (f.injected()) {
      int first = (int) Math.ceil(start * 10 - 1e-9); // the first mark at or after the injection
      for (int end = first + SHORTEST_TENTHS; end < receivedEveryTenth.size(); end++) {
        int from = Math.max(first, end - LONGEST_TENTHS);
        double rate =
            (receivedEveryTenth.get(end) - receivedEveryTenth.get(from)) / ((end - from) / 10.0);
        lowest = Double.isNaN(lowest) ? rate : Math.min(lowest, rate);
        if (rate >= RECOVERED_SHARE * baseline) {
          recovery = end / 10.0 - start;
          break;
        }
      }
    }
    long from = f.startNanos();
    long to = Math.max(f.after().endNanos(), f.endNanos());
    long longest =
        gaps.stream()
            .filter(g -> g.endNanos() > from && g.startNanos() < to)
            .mapToLong(DeliveryGap::nanos)
            .max()
            .orElse(0);
    return new FaultResult(
        f.kind(),
        f.target(),
        f.scheduledNanos() / 1e9,
        f.injected(),
        start,
        f.endNanos() / 1e9,
        f.detail(),
        f.error().orElse(null),
        baseline,
        Double.isNaN(lowest) ? 0 : lowest,
        recovery,
        longest / 1e9,
        before,
        CatchUpResult.Window.of(f.during()),
        CatchUpResult.Window.of(f.after()));
  }

  /**
   * @return the fault in one line for the terminal: what, when, how long, and what it did
   */
  @JsonIgnore
  public String summary() {
    if (!injected) {
      return String.format(
          Locale.ROOT, "%s on %s at %.1f s: %s", kind, target, scheduledSeconds, detail);
    }
    String recovered =
        recoverySeconds == null
            ? String.format(
                Locale.ROOT,
                "NOT back to %.0f %% of %,.0f msgs/s by the end",
                100 * RECOVERED_SHARE,
                receivedPerSecondBefore)
            : String.format(
                Locale.ROOT,
                "back to %.0f %% of %,.0f msgs/s received after %.1f s",
                100 * RECOVERED_SHARE,
                receivedPerSecondBefore,
                recoverySeconds);
    return String.format(
        Locale.ROOT,
        "%s on %s at %.2f s for %.2f s (%s): lowest %,.0f msgs/s, %s; longest gap %.2f s%s",
        kind,
        target,
        startSeconds,
        endSeconds - startSeconds,
        error == null ? detail : "FAILED: " + error,
        lowestReceivedPerSecond,
        recovered,
        longestGapSeconds,
        e2eP99Text());
  }

  private String e2eP99Text() {
    Latency b = before.latency(RunResult.END_TO_END);
    Latency d = during.latency(RunResult.END_TO_END);
    Latency a = after.latency(RunResult.END_TO_END);
    if (b == null || d == null || a == null) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "; end-to-end p99 ms before / during / after: %s / %s / %s",
        p99(b),
        p99(d),
        p99(a));
  }

  private static String p99(Latency l) {
    Double v = l.p99Ms();
    return v == null ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }
}
