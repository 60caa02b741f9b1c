package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.mqbench.engine.DeliveryGap;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.ReceiverStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A time the run went without an acknowledged send (senders running and not held back) or without a
 * delivery (receivers running), for at least the outage threshold: {@value #SECONDS} s, or in rate
 * mode ten scheduled intervals if that is longer. Recorded from what the coordinator saw at its
 * polls, whether or not the backend's client threw: a client that reconnects by itself (Kafka's,
 * Artemis's, the RabbitMQ stream client's) hides an outage from the errors, not from the counts.
 * The wait for the first acknowledgement or delivery (connecting, a consumer group's join) and
 * receivers' idle wait after the last send are not outages. Times are seconds from the run's start.
 *
 * @param what {@link #NO_SEND} or {@link #NO_DELIVERY}
 * @param fromSeconds the last acknowledgement or delivery before it
 * @param toSeconds the first after it, or the end of sending (or of the run) if none came
 * @param seconds its length
 */
public record Outage(String what, double fromSeconds, double toSeconds, double seconds) {
  /** No acknowledged send: the senders' side of an outage. */
  public static final String NO_SEND = "no acknowledged send";

  /** No delivery: the receivers' side. */
  public static final String NO_DELIVERY = "no delivery";

  /** The shortest outage, in seconds, outside rate mode at low rates. */
  public static final double SECONDS = 1.0;

  /** In rate mode, the shortest outage in scheduled intervals. */
  static final double INTERVALS = 10;

  /**
   * @param run the run's settings
   * @return the shortest silence that is an outage for this run, in seconds
   */
  public static double threshold(RunSettings run) {
    if (run.rateMode() && run.rate().isPresent() && run.rate().get() > 0) {
      return Math.max(SECONDS, INTERVALS * run.maxBatch() / run.rate().get());
    }
    return SECONDS;
  }

  /**
   * @param outcome what the run produced
   * @param run its settings
   * @return its outages, in order of their start
   */
  public static List<Outage> of(RunOutcome outcome, RunSettings run) {
    double threshold = threshold(run);
    List<Outage> outages = new ArrayList<>();
    for (DeliveryGap g : outcome.sendGaps()) {
      add(outages, NO_SEND, g, threshold);
    }
    // Deliveries: from the first one on (the wait for it is a consumer's join), and before the
    // receivers' idle wait at the end (a gap open at the end is kept only when the senders were
    // still sending at its start: the broker never came back).
    long firstDelivery =
        outcome.measurements().receivers().stream()
            .mapToLong(ReceiverStats::firstReceiveNanos)
            .filter(t -> t > 0)
            .min()
            .orElse(Long.MAX_VALUE);
    for (DeliveryGap g : outcome.deliveryGaps()) {
      if (g.startNanos() >= firstDelivery) {
        add(outages, NO_DELIVERY, g, threshold);
      }
    }
    outages.sort(Comparator.comparingDouble(Outage::fromSeconds));
    return outages;
  }

  /**
   * @param outcome what the run produced
   * @param run its settings
   * @return whether the run went through trouble after which a silence proves nothing until the
   *     backend's leases have passed: client errors or reconnects, an injected fault, or an outage
   */
  public static boolean during(RunOutcome outcome, RunSettings run) {
    return !outcome.measurements().clientErrors().none()
        || outcome.faults().stream().anyMatch(f -> f.injected())
        || !of(outcome, run).isEmpty();
  }

  private static void add(List<Outage> to, String what, DeliveryGap g, double threshold) {
    double seconds = g.nanos() / 1e9;
    if (seconds >= threshold) {
      to.add(new Outage(what, g.startNanos() / 1e9, g.endNanos() / 1e9, seconds));
    }
  }

  /**
   * @return the outage in words: {@code no delivery from 10.02 s to 16.60 s (6.58 s)}
   */
  @JsonIgnore
  public String describe() {
    return String.format(
        Locale.ROOT, "%s from %.2f s to %.2f s (%.2f s)", what, fromSeconds, toSeconds, seconds);
  }
}
