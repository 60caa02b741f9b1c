package io.mqbench.runner.config;

import io.mqbench.config.ConfigException;
import io.mqbench.envelope.Envelope;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything one throughput run needs, validated on construction with errors that name the option.
 *
 * @param queue the backend's name
 * @param senders sender threads, at least 1
 * @param receivers receiver threads, at least 1
 * @param messagesPerSender messages each sender sends, unless {@code duration} is set
 * @param duration when set, senders send for this long instead of a message count
 * @param maxBatch the largest batch; each send carries 1 to {@code maxBatch} messages, and each
 *     receive asks for up to {@code maxBatch}
 * @param messageSizeBytes the exact size of every message, envelope included
 * @param receiverIdle after senders finished, receivers stop once nothing arrived for this long
 * @param receiveWait how long one receive call waits for a first message
 * @param connectTimeout how long opening the backend and creating senders and receivers may take
 * @param seed the seed of batch sizes and padding; random when empty (recorded either way)
 * @param outputDir the folder under which the run's results folder is made
 * @param backendProperties the backend's keys, such as {@code kafka.acks -> all}
 */
public record RunConfig(
    String queue,
    int senders,
    int receivers,
    long messagesPerSender,
    Optional<Duration> duration,
    int maxBatch,
    int messageSizeBytes,
    Duration receiverIdle,
    Duration receiveWait,
    Duration connectTimeout,
    Optional<Long> seed,
    Path outputDir,
    Map<String, String> backendProperties) {

  /** Validates every field. */
  public RunConfig {
    require(queue != null && !queue.isBlank(), "--queue must name a backend");
    require(senders >= 1, "--senders must be at least 1, was " + senders);
    require(receivers >= 1, "--receivers must be at least 1, was " + receivers);
    require(
        duration.isPresent() || messagesPerSender >= 1,
        "--messages must be at least 1, was " + messagesPerSender);
    duration.ifPresent(d -> require(!d.isZero(), "--duration must be longer than 0"));
    require(maxBatch >= 1, "--batch must be at least 1, was " + maxBatch);
    require(
        messageSizeBytes >= Envelope.SIZE,
        "--size must be at least "
            + Envelope.SIZE
            + " bytes (the envelope every message carries), was "
            + messageSizeBytes);
    require(!receiverIdle.isZero(), "--receiver-idle must be longer than 0");
    require(!connectTimeout.isZero(), "--connect-timeout must be longer than 0");
    backendProperties = Map.copyOf(new TreeMap<>(backendProperties));
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new ConfigException(message);
    }
  }

  /**
   * @return a short description for the terminal, such as {@code "4 senders x 100000 msgs, 4
   *     receivers, batch 1..10, 100 B"}
   */
  public String describe() {
    String amount =
        duration
            .map(d -> "for " + io.mqbench.config.Durations.format(d))
            .orElse("x " + messagesPerSender + " msgs");
    return String.format(
        "%d sender%s %s, %d receiver%s, batch 1..%d, %d B",
        senders,
        senders == 1 ? "" : "s",
        amount,
        receivers,
        receivers == 1 ? "" : "s",
        maxBatch,
        messageSizeBytes);
  }
}
