package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Which side set the pace of a run whose receiving side was the limit (senders held back by the
 * backlog limit for more than {@value #HELD_SHARE} of the sending time, or receivers that trailed
 * them), told apart by a short probe with twice the receivers: if they moved at least {@value
 * #RECEIVERS_HELP} times as much end to end, more receivers help; if not, the queue's delivery path
 * (the broker's or server's receive side, or its per-consumer settings) is the limit, and the
 * advice to add receivers would be wrong.
 *
 * @param side who set the pace
 * @param receivers receiver threads of the run
 * @param endToEndPerSecond what the run moved end to end per second
 * @param probeReceivers receiver threads of the probe; 0 if no probe ran
 * @param probeEndToEndPerSecond what the probe moved end to end per second; 0 if no probe ran
 * @param advice one line for the terminal saying which side it was and what would help
 */
public record Limit(
    Side side,
    int receivers,
    double endToEndPerSecond,
    int probeReceivers,
    double probeEndToEndPerSecond,
    String advice) {

  /** Above this share of the sending time held back, the receiving side set the pace. */
  public static final double HELD_SHARE = 0.10;

  /**
   * A probe with twice the receivers must move at least this many times as much to show that more
   * receivers help: above the run-to-run noise of a shared machine (10-20 % here), below the gain
   * of receivers that were the whole limit (about 2x).
   */
  public static final double RECEIVERS_HELP = 1.25;

  /** Who set the pace. */
  public enum Side {
    /** More receivers moved more: the receivers (their count, batch or prefetch) were the limit. */
    RECEIVERS("receivers"),
    /** More receivers did not move more: the queue's delivery path is the limit. */
    DELIVERY("delivery path"),
    /** The receiving side, but no probe said which part of it. */
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
   * @param totals a run's totals
   * @param behind whether the run's receivers trailed its senders (status receivers behind)
   * @return whether the receiving side set the pace, so that a probe can say which part of it
   */
  public static boolean receivingSideSetThePace(Totals totals, boolean behind) {
    return behind || totals.sendersHeldShare() > HELD_SHARE;
  }

  /**
   * @param receivers receiver threads of the run
   * @param endToEnd what the run moved end to end per second
   * @param probeReceivers receiver threads of the probe
   * @param probeEndToEnd what the probe moved end to end per second
   * @return the limit the probe shows
   */
  public static Limit probed(
      int receivers, double endToEnd, int probeReceivers, double probeEndToEnd) {
    double ratio = endToEnd > 0 ? probeEndToEnd / endToEnd : 0;
    boolean help = ratio >= RECEIVERS_HELP;
    String advice =
        help
            ? String.format(
                Locale.ROOT,
                "the receivers were the limit: with %d receivers instead of %d the queue moved"
                    + " %,.0f msgs/s end to end instead of %,.0f (%.2fx); add --receivers (or"
                    + " raise the backend's receive batch or prefetch)",
                probeReceivers,
                receivers,
                probeEndToEnd,
                endToEnd,
                ratio)
            : String.format(
                Locale.ROOT,
                "the queue's delivery path was the limit, not the receivers: with %d receivers"
                    + " instead of %d it moved %,.0f msgs/s end to end instead of %,.0f (%.2fx);"
                    + " more receivers do not help",
                probeReceivers,
                receivers,
                probeEndToEnd,
                endToEnd,
                ratio);
    return new Limit(
        help ? Side.RECEIVERS : Side.DELIVERY,
        receivers,
        endToEnd,
        probeReceivers,
        probeEndToEnd,
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
