package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.engine.CatchUp;
import io.mqbench.engine.RunSettings;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a {@code --phases backlog-then-catch-up} run measured about catching up: in {@code run.json}
 * as {@code catchUp}, absent for other phases. Senders send at the rate for the whole duration;
 * receivers start after the backlog. The run has <b>caught up</b> at the first instant (read every
 * 20 ms) before the end of sending at which the backlog, acknowledged minus received messages
 * (duplicates counting as received), is at most {@code caughtUpThreshold}: one second of sending at
 * the rate. If that instant never comes, the run <b>did not catch up</b>, and {@code backlogAtEnd}
 * says what was left at the end of sending (the receivers then drain it, unmeasured here, for the
 * delivery accounting).
 *
 * <p>Three windows, each measured by the difference of the cells' cumulative reports taken at its
 * ends (exact counts and histograms, in one process or across workers): {@code backlog} (senders
 * alone), {@code catchUp} (receivers' start to caught up, or to the end of sending) and {@code
 * after} (settled to the end of sending: the same rate with no backlog, the baseline). Settled is
 * the first instant after catching up at which as many messages had been received as had been sent
 * when the run caught up, so the up to one second of backlog left at catching up is not in the
 * baseline; the short time between the two is in neither window. A latency belongs to the window in
 * which it was recorded: a batch's when its acknowledgement came, a message's end-to-end latency
 * when it was received, so the catch-up window's end-to-end figures include the backlog's wait.
 *
 * @param backlogSeconds the backlog asked for ({@code --backlog})
 * @param receiversStartSeconds when receivers started, from the run's start
 * @param caughtUpThreshold the backlog, in messages, at or under which the run has caught up
 * @param backlogAtStart messages acknowledged before receivers started: the backlog they found
 * @param caughtUp whether the backlog was gone before the end of sending
 * @param catchUpSeconds from the receivers' start to the instant the backlog was gone; null when it
 *     did not catch up
 * @param settledSeconds when the after window starts, from the run's start; null if the run never
 *     settled before the end of sending
 * @param sendingEndSeconds the end of sending, from the run's start: the end of {@code --duration},
 *     or earlier if every sender finished first
 * @param backlogAtEnd acknowledged minus received messages at the end of sending
 * @param backlog the window of senders alone
 * @param catchUp the window of catching up
 * @param after the window from settling to the end of sending; null when the run did not catch up
 *     or settle before the end
 */
public record CatchUpResult(
    double backlogSeconds,
    double receiversStartSeconds,
    long caughtUpThreshold,
    long backlogAtStart,
    boolean caughtUp,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double catchUpSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double settledSeconds,
    double sendingEndSeconds,
    long backlogAtEnd,
    Window backlog,
    Window catchUp,
    @JsonInclude(JsonInclude.Include.NON_NULL) Window after) {

  /**
   * What happened in one window.
   *
   * @param startSeconds its start, from the run's start
   * @param endSeconds its end
   * @param sent messages acknowledged to senders in it
   * @param received messages received in it, duplicates included
   * @param sentPerSecond {@code sent} over the window's length: the publish rate
   * @param receivedPerSecond {@code received} over the window's length: in the catch-up window, the
   *     drain rate
   * @param latencies {@link LatencyKind#SEND}, {@link LatencyKind#RESPONSE} and {@link
   *     LatencyKind#END_TO_END} of the batches acknowledged and the messages received in it
   */
  public record Window(
      double startSeconds,
      double endSeconds,
      long sent,
      long received,
      double sentPerSecond,
      double receivedPerSecond,
      Map<LatencyKind, Latency> latencies) {

    static Window of(CatchUp.Window w) {
      double seconds = w.seconds();
      Map<LatencyKind, Latency> latencies = new LinkedHashMap<>();
      latencies.put(LatencyKind.SEND, Latency.of(w.serviceMicros().decode()));
      latencies.put(LatencyKind.RESPONSE, Latency.of(w.responseMicros().decode()));
      latencies.put(LatencyKind.END_TO_END, Latency.of(w.endToEndMicros().decode()));
      return new Window(
          w.startNanos() / 1e9,
          w.endNanos() / 1e9,
          w.sent(),
          w.received(),
          seconds > 0 ? w.sent() / seconds : 0,
          seconds > 0 ? w.received() / seconds : 0,
          latencies);
    }

    /**
     * @param latency a latency's kind
     * @return it, or null if the window has none of that kind
     */
    public Latency latency(LatencyKind latency) {
      return latencies == null ? null : latencies.get(latency);
    }
  }

  /**
   * @param c what the coordinator measured
   * @param run the run's settings
   * @return it for results
   */
  public static CatchUpResult of(CatchUp c, RunSettings run) {
    return new CatchUpResult(
        run.backlog().orElseThrow().toNanos() / 1e9,
        c.receiversStartNanos() / 1e9,
        c.caughtUpMessages(),
        c.backlogAtStart(),
        c.caughtUp(),
        c.catchUpNanos().map(n -> n / 1e9).orElse(null),
        c.settledNanos().map(n -> n / 1e9).orElse(null),
        c.sendingEndNanos() / 1e9,
        c.backlogAtEnd(),
        Window.of(c.backlog()),
        Window.of(c.catchUp()),
        c.after().map(Window::of).orElse(null));
  }

  /**
   * @return the instant the backlog was gone, from the run's start; null when it was not
   */
  @JsonIgnore
  public Double caughtUpAtSeconds() {
    return catchUpSeconds == null ? null : receiversStartSeconds + catchUpSeconds;
  }

  /**
   * @return the verdict in one line: {@code caught up in 4.52 s (a backlog of 50,000 msgs)}, or
   *     {@code did not catch up: 61,234 msgs left at the end of sending (50,000 at the start)}
   */
  @JsonIgnore
  public String verdict() {
    return caughtUp
        ? String.format(
            Locale.ROOT,
            "caught up in %.2f s (a backlog of %,d msgs, %.1f s of sending, drained at %,.0f"
                + " msgs/s)",
            catchUpSeconds,
            backlogAtStart,
            receiversStartSeconds,
            catchUp.receivedPerSecond())
        : String.format(
            Locale.ROOT,
            "DID NOT CATCH UP in %.2f s: %,d msgs left at the end of sending (%,d when receivers"
                + " started, received %,.0f msgs/s)",
            sendingEndSeconds - receiversStartSeconds,
            backlogAtEnd,
            backlogAtStart,
            catchUp.receivedPerSecond());
  }
}
