package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonValue;
import io.mqbench.engine.Tick;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Which side set the pace of a run whose receiving side was the limit (senders held back by the
 * backlog limit for more than {@value #HELD_SHARE} of the sending time, or receivers that trailed
 * them), told apart by a short probe with twice the receivers: if they moved at least {@value
 * #RECEIVERS_HELP} times as much end to end, more receivers help; if not, the queue's delivery path
 * (the broker's or server's receive side, or its per-consumer settings) is the limit, and the
 * advice to add receivers would be wrong.
 *
 * <p>One ratio of two short runs on a shared machine flips on noise. So the run's and the probe's
 * sending time are each cut into slices of whole seconds ({@link #slices}), and the probe's slices
 * are set against the run's: the spread of the ratio runs from the probe's slowest slice over the
 * run's fastest to the probe's fastest over the run's slowest. Only a spread wholly on one side of
 * {@value #RECEIVERS_HELP} gives advice; a spread across it, or fewer than {@value #MIN_SLICES}
 * slices on either side, is inconclusive, and says so with the spread.
 *
 * @param side who set the pace; {@link Side#RECEIVING} when no probe ran or it was inconclusive
 * @param receivers receiver threads of the run
 * @param endToEndPerSecond what the run moved end to end per second
 * @param probeReceivers receiver threads of the probe; 0 if no probe ran
 * @param probeEndToEndPerSecond what the probe moved end to end per second; 0 if no probe ran
 * @param probeRatioLow the probe's slowest slice over the run's fastest; 0 if no probe ran or
 *     either had too few slices (and in results written before slices)
 * @param probeRatioHigh the probe's fastest slice over the run's slowest; 0 likewise
 * @param advice one line for the terminal saying which side it was and what would help
 */
public record Limit(
    Side side,
    int receivers,
    double endToEndPerSecond,
    int probeReceivers,
    double probeEndToEndPerSecond,
    double probeRatioLow,
    double probeRatioHigh,
    String advice) {

  /** Above this share of the sending time held back, the receiving side set the pace. */
  public static final double HELD_SHARE = 0.10;

  /**
   * A probe with twice the receivers must move at least this many times as much to show that more
   * receivers help: above the run-to-run noise of a shared machine, below the gain of receivers
   * that were the whole limit (about 2x).
   */
  public static final double RECEIVERS_HELP = 1.25;

  /** Fewer slices than this on either side cannot show a spread: the probe is inconclusive. */
  public static final int MIN_SLICES = 2;

  /** A long run's sending time is cut into at most this many slices of about equal length. */
  public static final int MAX_SLICES = 5;

  private static final String INCONCLUSIVE =
      "the receiving side set the pace, but the probe was inconclusive: ";

  /** Who set the pace. */
  public enum Side {
    /** More receivers moved more: the receivers (their count, batch or prefetch) were the limit. */
    RECEIVERS("receivers"),
    /** More receivers did not move more: the queue's delivery path is the limit. */
    DELIVERY("delivery path"),
    /**
     * The receiving side, but no probe said which part of it (none ran, or it was inconclusive).
     */
    RECEIVING("receiving side");

    private final String label;

    Side(String label) {
      this.label = label;
    }

    /**
     * @return the name in results and on the terminal
     */
    @JsonValue
    public String label() {
      return label;
    }
  }

  /**
   * What a run or a probe moved end to end.
   *
   * @param receivers its receiver threads
   * @param endToEndPerSecond what it moved end to end per second, over its whole sending time
   * @param slicePerSecond what it received per second in each slice of its sending time ({@link
   *     #slices})
   */
  public record Measured(int receivers, double endToEndPerSecond, List<Double> slicePerSecond) {
    /** Copies the slices. */
    public Measured {
      slicePerSecond = List.copyOf(slicePerSecond);
    }
  }

  /**
   * @param totals a run's totals
   * @param behind whether the run's receivers trailed its senders (status receivers behind)
   * @return whether the receiving side set the pace, so that a probe can say which part of it
   */
  public static boolean receivingSideSetThePace(Totals totals, boolean behind) {
    return behind || totals.sendersHeldShare() > HELD_SHARE;
  }

  /**
   * Cuts a run's sending time into slices: its whole seconds from the one after the first delivery
   * (which holds the receivers' joining) to the last one spent mostly sending, grouped into at most
   * {@value #MAX_SLICES} slices of about equal length.
   *
   * @param timeline the run's ticks
   * @param sendingSeconds from the run's start until every sender had finished
   * @return messages received per second in each slice, in order; empty if there is none
   */
  public static List<Double> slices(List<Tick> timeline, double sendingSeconds) {
    List<Tick> steady = new ArrayList<>();
    boolean delivered = false;
    for (Tick t : timeline) {
      if (!delivered) {
        delivered = t.receivedInSecond() > 0;
        continue;
      }
      if (t.seconds() == 1 && t.second() - 1 < sendingSeconds - 0.5) {
        steady.add(t);
      }
    }
    int n = Math.min(MAX_SLICES, steady.size());
    List<Double> slices = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Tick> slice = steady.subList(i * steady.size() / n, (i + 1) * steady.size() / n);
      long received = slice.stream().mapToLong(Tick::receivedInSecond).sum();
      slices.add((double) received / slice.size());
    }
    return slices;
  }

  /**
   * @param run what the run moved
   * @param probe what the probe with more receivers moved
   * @return the limit the probe shows, or an inconclusive one when its spread crosses {@value
   *     #RECEIVERS_HELP}
   */
  public static Limit probed(Measured run, Measured probe) {
    double endToEnd = run.endToEndPerSecond();
    double ratio = endToEnd > 0 ? probe.endToEndPerSecond() / endToEnd : 0;
    List<Double> r = run.slicePerSecond();
    List<Double> p = probe.slicePerSecond();
    if (r.size() < MIN_SLICES || p.size() < MIN_SLICES) {
      return of(Side.RECEIVING, run, probe, 0, 0, tooFewSlices(run, probe, ratio));
    }
    double runSlowest = Collections.min(r);
    if (runSlowest <= 0) {
      return of(
          Side.RECEIVING,
          run,
          probe,
          0,
          0,
          INCONCLUSIVE + "the run received nothing in one of its slices, so no ratio holds");
    }
    double low = Collections.min(p) / Collections.max(r);
    double high = Collections.max(p) / runSlowest;
    String spread = String.format(Locale.ROOT, "%.2fx to %.2fx", low, high);
    if (low >= RECEIVERS_HELP) {
      return of(
          Side.RECEIVERS,
          run,
          probe,
          low,
          high,
          advice(RECEIVERS_ADVICE, run, probe, ratio, spread));
    }
    if (high < RECEIVERS_HELP) {
      return of(
          Side.DELIVERY, run, probe, low, high, advice(DELIVERY_ADVICE, run, probe, ratio, spread));
    }
    String advice =
        String.format(
            Locale.ROOT,
            INCONCLUSIVE
                + "with %d receivers instead of %d the queue moved %s the run's end-to-end"
                + " rate second by second (%.2fx overall), on both sides of %.2fx: whether more"
                + " receivers help is within this machine's noise; a longer --limit-probe or a"
                + " run with --receivers %d can tell",
            probe.receivers(),
            run.receivers(),
            spread,
            ratio,
            RECEIVERS_HELP,
            probe.receivers());
    return of(Side.RECEIVING, run, probe, low, high, advice);
  }

  /** The advice when either side gave too few slices to tell a gain from noise. */
  private static String tooFewSlices(Measured run, Measured probe, double ratio) {
    List<Double> r = run.slicePerSecond();
    List<Double> p = probe.slicePerSecond();
    return String.format(
        Locale.ROOT,
        INCONCLUSIVE
            + "the probe gave %d slice%s and the run %d (at least %d each are needed"
            + " to tell a gain from noise; %.2fx overall with %d receivers instead of %d);"
            + " %s can tell",
        p.size(),
        p.size() == 1 ? "" : "s",
        r.size(),
        MIN_SLICES,
        ratio,
        probe.receivers(),
        run.receivers(),
        p.size() < MIN_SLICES ? "a longer --limit-probe" : "a longer run (--duration)");
  }

  private static final String RECEIVERS_ADVICE =
      "the receivers were the limit: with %d receivers instead of %d the queue moved %,.0f"
          + " msgs/s end to end instead of %,.0f (%.2fx; %s second by second); add --receivers"
          + " (or raise the backend's receive batch or prefetch)";

  private static final String DELIVERY_ADVICE =
      "the queue's delivery path was the limit, not the receivers: with %d receivers instead of"
          + " %d it moved %,.0f msgs/s end to end instead of %,.0f (%.2fx; %s second by second);"
          + " more receivers do not help";

  /** An advice text filled with the probe beside the run. */
  private static String advice(
      String text, Measured run, Measured probe, double ratio, String spread) {
    return String.format(
        Locale.ROOT,
        text,
        probe.receivers(),
        run.receivers(),
        probe.endToEndPerSecond(),
        run.endToEndPerSecond(),
        ratio,
        spread);
  }

  private static Limit of(
      Side side, Measured run, Measured probe, double low, double high, String advice) {
    return new Limit(
        side,
        run.receivers(),
        run.endToEndPerSecond(),
        probe.receivers(),
        probe.endToEndPerSecond(),
        low,
        high,
        advice);
  }

  /**
   * @param receivers receiver threads of the run
   * @param endToEnd what the run moved end to end per second
   * @param why why no probe ran, such as "--limit-probe 0s"
   * @return the limit without a probe: the receiving side, with no claim about which part of it
   */
  public static Limit unprobed(int receivers, double endToEnd, String why) {
    return new Limit(
        Side.RECEIVING,
        receivers,
        endToEnd,
        0,
        0,
        0,
        0,
        String.format(
            Locale.ROOT,
            "the receiving side set the pace (%,.0f msgs/s end to end with %d receiver%s); whether"
                + " more receivers help is unknown (no probe: %s); try --receivers %d",
            endToEnd,
            receivers,
            receivers == 1 ? "" : "s",
            why,
            2 * receivers));
  }
}
