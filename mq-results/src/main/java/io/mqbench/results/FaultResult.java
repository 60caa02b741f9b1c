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
 * of a run with faults, against the received rate of the fault's {@code before} window. The rate at
 * a tenth is the rate over the second before it (or since the injection, if that is shorter, at
 * least half a second). Recovery is looked for only once the rate first fell below {@value
 * #RECOVERED_SHARE} of the rate before (the <b>dip</b>), and for a pause or a partition not before
 * the fault's end: a consumer's buffer that serves the first half second of an outage is not a
 * recovery. The run has recovered at the first tenth from which the rate stays at or above {@value
 * #RECOVERED_SHARE} of the rate before for {@value #HOLD_SECONDS} s (cut short by the end of
 * sending, but at least a second): a burst of backlog followed by silence is not one either. {@code
 * recoverySeconds} is from the injection to then; 0 when the rate never dipped (the receivers did
 * not feel it). {@code lowestReceivedPerSecond} is the lowest rate from the injection to the
 * recovery (or the end).
 *
 * <p>The <b>unavailability</b> of the fault is the longest time, seen at the coordinator's polls
 * (every 20 ms), without a delivery while receivers ran ({@code longestGapSeconds}) and without an
 * acknowledged send while senders ran and were not held back ({@code longestSendGapSeconds}), among
 * the gaps that overlap the fault or its after window.
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
 *     #RECOVERED_SHARE} of {@code receivedPerSecondBefore} and held there; null when it never was
 * @param longestGapSeconds the longest time without a delivery that overlaps the fault or its after
 *     window; 0 when there was none of at least 100 ms
 * @param before the window before it: from the previous fault's end, or the run's start
 * @param during the window of its action
 * @param after the window after it, to the next fault or the end of the run
 * @param dipSeconds when the received rate first fell below {@value #RECOVERED_SHARE} of the rate
 *     before, from the run's start; null when it never did
 * @param longestSendGapSeconds the longest time without an acknowledged send that overlaps the
 *     fault or its after window; 0 when there was none of at least 100 ms
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
    CatchUpResult.Window after,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double dipSeconds,
    double longestSendGapSeconds) {

  /** The share of the pre-fault received rate at which the run has recovered. */
  public static final double RECOVERED_SHARE = 0.9;

  /** How long the rate must stay back before the run counts as recovered. */
  public static final double HOLD_SECONDS = 3.0;

  /** The shortest window a rate after a fault is judged over, in tenths of a second. */
  private static final int SHORTEST_TENTHS = 5;

  /** The longest, in tenths of a second: a second. */
  private static final int LONGEST_TENTHS = 10;

  /** Faults whose recovery is looked for only after their end: the outage lasts as long. */
  private static final List<String> LASTING = List.of("pause-broker", "partition-broker");

  /**
   * @param f what the coordinator recorded
   * @param receivedEveryTenth messages received so far at every tenth of a second of the run
   * @param deliveryGaps the run's times without a delivery
   * @param sendGaps the run's times without an acknowledged send
   * @param sendingEndSeconds when sending ended, from the run's start; the end of the record if
   *     unknown
   * @return the fault's figures
   */
  public static FaultResult of(
      FaultRecord f,
      List<Long> receivedEveryTenth,
      List<DeliveryGap> deliveryGaps,
      List<DeliveryGap> sendGaps,
      double sendingEndSeconds) {
    CatchUpResult.Window before = CatchUpResult.Window.of(f.before());
    double start = f.startNanos() / 1e9;
    double baseline = before.receivedPerSecond();
    Recovery r =
        f.injected()
            ? Recovery.find(
                receivedEveryTenth,
                start,
                LASTING.contains(f.kind()) ? f.endNanos() / 1e9 : start,
                Math.min(sendingEndSeconds, (receivedEveryTenth.size() - 1) / 10.0),
                baseline)
            : Recovery.NONE;
    long from = f.startNanos();
    long to = Math.max(f.after().endNanos(), f.endNanos());
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
        r.lowest(),
        r.recoverySeconds(),
        longest(deliveryGaps, from, to),
        before,
        CatchUpResult.Window.of(f.during()),
        CatchUpResult.Window.of(f.after()),
        r.dipSeconds(),
        longest(sendGaps, from, to));
  }

  private static double longest(List<DeliveryGap> gaps, long from, long to) {
    return gaps.stream()
            .filter(g -> g.endNanos() > from && g.startNanos() < to)
            .mapToLong(DeliveryGap::nanos)
            .max()
            .orElse(0)
        / 1e9;
  }

  /**
   * @return true when a fault on the broker was injected, its action worked, and the run never got
   *     back to {@value #RECOVERED_SHARE} of its rate before and held it. A killed sender or
   *     receiver lowers the rate by design: the queue is not what failed to recover
   */
  @JsonIgnore
  public boolean notRecovered() {
    return injected && error == null && recoverySeconds == null && kind.endsWith("-broker");
  }

  /** The dip, the recovery and the lowest rate between, from the received counts. */
  private record Recovery(Double dipSeconds, Double recoverySeconds, double lowest) {
    static final Recovery NONE = new Recovery(null, null, 0);

    /**
     * @param everyTenth received so far at every tenth of a second
     * @param start the injection, in seconds
     * @param notBefore the earliest recovery (the fault's end for a lasting fault)
     * @param end the end of sending: the rate after it is a drain, not a recovery
     * @param baseline the rate before the fault
     */
    static Recovery find(
        List<Long> everyTenth, double start, double notBefore, double end, double baseline) {
      int first = (int) Math.ceil(start * 10 - 1e-9); // the first mark at or after the injection
      int last = (int) Math.floor(end * 10 + 1e-9);
      double threshold = RECOVERED_SHARE * baseline;
      Integer dip = null;
      double lowest = Double.NaN;
      for (int e = first + SHORTEST_TENTHS; e <= last && e < everyTenth.size(); e++) {
        double rate = rate(everyTenth, Math.max(first, e - LONGEST_TENTHS), e);
        lowest = Double.isNaN(lowest) ? rate : Math.min(lowest, rate);
        if (dip == null && rate < threshold) {
          dip = e;
        }
        if (dip == null) {
          continue;
        }
        int from = Math.max(dip, (int) Math.ceil(notBefore * 10 - 1e-9));
        int t = e - LONGEST_TENTHS; // the candidate whose first whole second ends at e
        if (t >= from && holds(everyTenth, t, last, threshold)) {
          return new Recovery(dip / 10.0, t / 10.0 - start, lowest);
        }
      }
      if (dip == null) {
        // The receivers never felt it: recovered at once.
        return new Recovery(null, 0.0, Double.isNaN(lowest) ? 0 : lowest);
      }
      return new Recovery(dip / 10.0, null, Double.isNaN(lowest) ? 0 : lowest);
    }

    /**
     * Whether every second-long rate from {@code t} on stays at or above the threshold for the hold
     * (cut short by the end of sending, but at least one whole second).
     */
    private static boolean holds(List<Long> everyTenth, int t, int last, double threshold) {
      int holdEnd = Math.min(t + (int) Math.round(HOLD_SECONDS * 10), last);
      if (holdEnd - t < LONGEST_TENTHS || holdEnd >= everyTenth.size()) {
        return false;
      }
      for (int e = t + LONGEST_TENTHS; e <= holdEnd; e++) {
        if (rate(everyTenth, e - LONGEST_TENTHS, e) < threshold) {
          return false;
        }
      }
      return true;
    }

    private static double rate(List<Long> everyTenth, int from, int to) {
      return (everyTenth.get(to) - everyTenth.get(from)) / ((to - from) / 10.0);
    }
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
    String recovered;
    if (recoverySeconds == null) {
      recovered =
          String.format(
              Locale.ROOT,
              "NOT back to %.0f %% of %,.0f msgs/s (held %.0f s) by the end",
              100 * RECOVERED_SHARE,
              receivedPerSecondBefore,
              HOLD_SECONDS);
    } else if (dipSeconds == null) {
      recovered =
          String.format(
              Locale.ROOT,
              "the received rate never fell below %.0f %% of %,.0f msgs/s",
              100 * RECOVERED_SHARE,
              receivedPerSecondBefore);
    } else {
      recovered =
          String.format(
              Locale.ROOT,
              "back to %.0f %% of %,.0f msgs/s received, and held %.0f s, after %.1f s",
              100 * RECOVERED_SHARE,
              receivedPerSecondBefore,
              HOLD_SECONDS,
              recoverySeconds);
    }
    return String.format(
        Locale.ROOT,
        "%s on %s at %.2f s for %.2f s (%s): lowest %,.0f msgs/s, %s; unavailable: no delivery for"
            + " %.2f s, no acknowledged send for %.2f s%s",
        kind,
        target,
        startSeconds,
        endSeconds - startSeconds,
        error == null ? detail : "FAILED: " + error,
        lowestReceivedPerSecond,
        recovered,
        longestGapSeconds,
        longestSendGapSeconds,
        e2eP99Text());
  }

  private String e2eP99Text() {
    Latency b = before.latency(LatencyKind.END_TO_END);
    Latency d = during.latency(LatencyKind.END_TO_END);
    Latency a = after.latency(LatencyKind.END_TO_END);
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
