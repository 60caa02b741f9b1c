package io.mqbench.engine;

import io.mqbench.config.Durations;
import java.util.Locale;

/** A run's settings, described in one line for the terminal. */
final class RunDescription {
  private RunDescription() {}

  /** The run, in one line for the terminal. */
  static String of(RunSettings s) {
    int senders = s.senders();
    int receivers = s.receivers();
    String sendersText = senders + " sender" + (senders == 1 ? "" : "s");
    String receiversText =
        receivers
            + " receiver"
            + (receivers == 1 ? "" : "s")
            + (s.subscriptions() > 1 ? " for each of " + s.subscriptions() + " subscriptions" : "")
            + (s.queues() > 1 ? ", over " + s.queues() + " queues" : "");
    int w = s.effectiveInFlight();
    String window =
        w == s.inFlight()
            ? ", in flight " + s.inFlight()
            : ", in flight " + w + " (" + s.inFlight() + " capped at 32 MiB)";
    String drain = phases(s);
    if (s.mode() == Mode.RATE) {
      return String.format(
          Locale.ROOT,
          "rate %,.0f msgs/s for %s over %s, %s, batch %d, %s%s%s",
          s.rate().get(),
          Durations.format(s.duration().get()),
          sendersText,
          receiversText,
          s.maxBatch(),
          sizeText(s),
          window,
          drain);
    }
    if (senders == 0) {
      return String.format(
          Locale.ROOT, "receive only: %s drain the queue, batch %d", receiversText, s.maxBatch());
    }
    String amount =
        s.duration()
            .map(d -> "for " + Durations.format(d))
            .orElse("x " + s.messagesPerSender() + " msgs");
    return String.format(
        Locale.ROOT,
        "%s %s, %s, batch %s%d, %s%s%s",
        sendersText,
        amount,
        receiversText,
        s.fixedBatches() ? "" : "1..",
        s.maxBatch(),
        sizeText(s),
        window,
        drain);
  }

  /** The phases and the backlog limit, where they differ from the defaults. */
  private static String phases(RunSettings s) {
    String drain =
        switch (s.phases()) {
          case SEND_THEN_DRAIN -> ", send then drain";
          case BACKLOG_THEN_CATCH_UP ->
              ", receivers start after a backlog of " + Durations.format(s.backlog().orElseThrow());
          case TOGETHER -> "";
        };
    BacklogLimit maxBacklog = s.maxBacklog();
    if (s.paced() && maxBacklog.kind() != BacklogLimit.Kind.AUTO) {
      drain += ", max backlog " + maxBacklog.text();
    } else if (s.mode() == Mode.THROUGHPUT
        && !maxBacklog.enabled()
        && s.phases() == Phases.TOGETHER) {
      drain += ", max backlog off";
    }
    return drain;
  }

  /** The sizes for the terminal: {@code 100 B}, or the mix with its mean, and the padding. */
  private static String sizeText(RunSettings s) {
    if (s.payloadFile().isPresent()) {
      PayloadFile f = s.payloadFile().get();
      return String.format(
          Locale.ROOT,
          "payloads from %s (%,d records of %,d to %,d B after the envelope)",
          f.path(),
          f.records(),
          f.minBytes(),
          f.maxBytes());
    }
    var sizes = s.messageSizes();
    String text =
        sizes.single()
            ? sizes.max() + " B"
            : String.format(Locale.ROOT, "sizes %s (mean %,.0f B)", sizes.text(), sizes.mean());
    return s.compressibility() > 0
        ? text
            + String.format(
                Locale.ROOT, ", padding %.0f %% compressible", 100 * s.compressibility())
        : text;
  }
}
