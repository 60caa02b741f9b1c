package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.config.Durations;
import io.mqbench.runner.config.RunConfig;

/**
 * A run's settings as given or defaulted, under the option names a scenario file uses; durations as
 * users type them ({@code 30s}).
 *
 * @param mode {@code throughput} or {@code rate}
 * @param senders sender threads
 * @param receivers receiver threads
 * @param messages messages per sender; absent when unlimited
 * @param duration how long senders sent; absent for a message count
 * @param rate rate mode: messages per second across senders
 * @param batch the largest (throughput) or exact (rate) batch
 * @param size message size in bytes
 * @param inFlight batches each sender kept in flight
 * @param phases {@code together} or {@code send-then-drain}
 * @param receiverIdle the receivers' idle stop
 * @param receiveWait the wait of one receive call
 * @param warmup the unmeasured warm-up before the run
 * @param seed the seed of batch sizes and padding
 * @param maxBacklog how far senders could run ahead of receivers ({@code auto}, {@code off} or a
 *     number of messages)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Settings(
    String mode,
    int senders,
    int receivers,
    Long messages,
    String duration,
    Double rate,
    int batch,
    int size,
    int inFlight,
    String phases,
    String receiverIdle,
    String receiveWait,
    String warmup,
    long seed,
    String maxBacklog) {

  /**
   * @param c the run's configuration
   * @param seed the seed used
   * @return its settings
   */
  public static Settings of(RunConfig c, long seed) {
    var r = c.run();
    return new Settings(
        r.mode().label(),
        r.senders(),
        r.receivers(),
        r.messagesPerSender() == Long.MAX_VALUE ? null : r.messagesPerSender(),
        r.duration().map(Durations::format).orElse(null),
        r.rate().orElse(null),
        r.maxBatch(),
        r.messageSizeBytes(),
        r.inFlight(),
        r.phases().label(),
        Durations.format(r.receiverIdle()),
        Durations.format(r.receiveWait()),
        Durations.format(c.warmup()),
        seed,
        r.maxBacklog().text());
  }
}
