package io.mqbench.results;

import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * How a fixed-rate run kept its schedule.
 *
 * @param targetMsgsPerSecond the rate asked for
 * @param achievedMsgsPerSecond messages acknowledged per second, from the start to the last
 *     acknowledgement
 * @param scheduled messages the schedule called for before the end of the duration
 * @param unsent scheduled messages not sent by the time senders were stopped (the backend was too
 *     slow to catch up)
 * @param harnessLimited true when the harness itself could not keep the schedule: the numbers are
 *     then not the backend's
 * @param targetMet true when the achieved rate is at least {@value #TARGET_SHARE} of the target and
 *     nothing scheduled went unsent
 * @param assessment one line explaining {@code harnessLimited} and {@code targetMet}
 */
public record RateAchieved(
    double targetMsgsPerSecond,
    double achievedMsgsPerSecond,
    long scheduled,
    long unsent,
    boolean harnessLimited,
    boolean targetMet,
    String assessment) {

  /** The share of the target rate a run must achieve to have met it. */
  public static final double TARGET_SHARE = 0.99;

  /** Harness lag below this is wake-up jitter of a parked thread, not a stall. */
  static final long STALL_MICROS = 1_000;

  /**
   * The share of the run the harness may spend stalled before its numbers are not the backend's.
   */
  static final double STALL_SHARE_LIMIT = 0.01;

  /**
   * Judges whether the harness kept the schedule. Harness lag is the part of each send's lateness
   * not explained by the previous send still running: a parked thread woken late, a GC pause, CPU
   * starvation. A harness stall of H delays the next send by H and the overdue sends after it by
   * nothing of their own, so stalls are added up as time: if sends started more than 1 ms late for
   * harness reasons for more than 1 % of the run (averaged over senders), the harness, not the
   * backend, fell behind. A backend stall is not counted: the send after it starts as soon as it
   * returns.
   *
   * @param target the target rate, msgs/s
   * @param achieved the achieved rate, msgs/s
   * @param scheduled messages scheduled
   * @param sent messages sent
   * @param senders sender threads
   * @param runMicros the run's duration, in microseconds
   * @param harnessLagMicros the merged harness-lag histogram of all senders
   * @param harness what the harness used; null where not measured. A sender or receiver thread busy
   *     near a whole core ({@link HarnessUse#threadsSaturated()}) could not have gone faster,
   *     however punctual its sends were, so the run is harness-limited too. Sender threads that
   *     waited for a CPU at least as long as they stalled were starved of cores by other threads,
   *     not slowed by their own work: the advice then names those (the JVM still compiling, a
   *     broker on the same machine) rather than fewer senders
   * @return the report
   */
  public static RateAchieved assess(
      double target,
      double achieved,
      long scheduled,
      long sent,
      int senders,
      double runMicros,
      Histogram harnessLagMicros,
      HarnessUse harness) {
    double stalledMicros = stalledMicros(harnessLagMicros);
    double share = stalledMicros / (senders * runMicros);
    boolean saturated = harness != null && harness.threadsSaturated();
    boolean limited = share > STALL_SHARE_LIMIT || saturated;
    double maxMs = harnessLagMicros.getTotalCount() == 0 ? 0 : harnessLagMicros.getMaxValue() / 1e3;
    long unsent = Math.max(0, scheduled - sent);
    boolean met = achieved >= TARGET_SHARE * target && unsent == 0;
    Double waitedSeconds = harness == null ? null : harness.senderCpuWaitSeconds();
    // Waiting for a core covers the stalls: the thread was ready to send but not running.
    boolean starved = waitedSeconds != null && waitedSeconds * 1e6 >= stalledMicros;
    String harnessText = harnessText(share, maxMs, harness, waitedSeconds, senders * runMicros);
    String shortfall =
        String.format(
            Locale.ROOT,
            "%,.0f of %,.0f msgs/s (%.1f %%)%s",
            achieved,
            target,
            100 * achieved / target,
            unsent > 0
                ? String.format(Locale.ROOT, ", %,d scheduled messages never sent", unsent)
                : "");
    String assessment =
        assessment(met, limited, share <= STALL_SHARE_LIMIT, starved, shortfall, harnessText);
    return new RateAchieved(target, achieved, scheduled, unsent, limited, met, assessment);
  }

  /** Microseconds of sends started over {@link #STALL_MICROS} late, summed. */
  private static double stalledMicros(Histogram harnessLagMicros) {
    double stalledMicros = 0;
    for (HistogramIterationValue v : harnessLagMicros.recordedValues()) {
      if (v.getValueIteratedTo() > STALL_MICROS) {
        stalledMicros += (double) v.getValueIteratedTo() * v.getCountAtValueIteratedTo();
      }
    }
    return stalledMicros;
  }

  /**
   * How the harness kept the schedule: its stalls, its busiest threads, its wait for a CPU over the
   * sender threads' time ({@code senderMicros}).
   */
  private static String harnessText(
      double share, double maxMs, HarnessUse harness, Double waitedSeconds, double senderMicros) {
    return String.format(
            Locale.ROOT,
            "the harness stalled (started sends over 1 ms late with a window slot free) for %.2f %%"
                + " of the run, longest %.3f ms (limit %.0f %%)",
            share * 100,
            maxMs,
            STALL_SHARE_LIMIT * 100)
        + (harness == null
            ? ""
            : String.format(
                Locale.ROOT,
                "; %s (limit %.0f %%)",
                harness.busiestThreads(),
                HarnessUse.BUSY_SHARE_LIMIT * 100))
        + (waitedSeconds == null
            ? ""
            : String.format(
                Locale.ROOT,
                "; the sender threads waited %.2f s for a CPU (%.1f %% of the sending time)",
                waitedSeconds,
                100 * waitedSeconds * 1e6 / senderMicros));
  }

  private static final String STARVED =
      "the senders waited for a CPU longer than they stalled: they were late for want of a core,"
          + " held by other threads (this JVM's compiler and collector, the backend client's"
          + " threads, a broker on this machine), not for the harness's own work";

  private static final String STARVED_ADVICE =
      "run the broker on other cores or another host, or use a bigger machine (a longer"
          + " --warmup removes only the JVM's compiling)";

  /**
   * The assessment in one line, from whether the target was met, whether the harness set the pace
   * (by stalling, or only by a thread busy near a whole core) and whether its senders were starved
   * of cores.
   */
  private static String assessment(
      boolean met,
      boolean limited,
      boolean onlyBusy,
      boolean starved,
      String shortfall,
      String harnessText) {
    if (!met && limited) {
      // A missed target is never a pass, whoever stalled: the harness's stalls are named as a
      // possible cause, not as an excuse that turns the run into an exit 0.
      return "TARGET MISSED: the backend acknowledged "
          + shortfall
          + "; "
          + harnessText
          + (starved
              ? "; " + STARVED + ", so part of the shortfall may be theirs: " + STARVED_ADVICE
              : ", so part of the shortfall may be the harness's: use fewer senders or a bigger"
                  + " machine");
    } else if (!met) {
      // The harness kept up, so the backend did not: say so rather than call the schedule kept.
      return "TARGET MISSED, backend-limited: the backend acknowledged "
          + shortfall
          + " while the harness kept up ("
          + harnessText
          + ")";
    } else if (limited && onlyBusy) {
      return "HARNESS-LIMITED: a sender or receiver thread was busy near a whole core ("
          + harnessText
          + "); it could not have gone faster, so these numbers may be the harness's: spread"
          + " the load over more senders or receivers, or use a bigger machine";
    } else if (limited) {
      return "HARNESS-LIMITED: "
          + harnessText
          + (starved
              ? "; "
                  + STARVED
                  + ", so these numbers are partly the machine's, not the backend's alone: "
                  + STARVED_ADVICE
              : "; these numbers are the harness's, not the backend's: use fewer senders or a"
                  + " bigger machine");
    }
    return "schedule kept: " + harnessText;
  }
}
