package io.mqbench.runner.config;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.envelope.Envelope;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything one run needs, validated on construction with errors that name the option.
 *
 * @param queue the backend's name
 * @param mode closed-loop throughput or open-loop fixed rate
 * @param senders sender threads, at least 1
 * @param receivers receiver threads, at least 1
 * @param messagesPerSender the most messages each sender sends
 * @param duration when set, senders stop sending after this long (rate mode: no batch is scheduled
 *     after it)
 * @param rate rate mode: messages per second across all senders
 * @param maxBatch throughput mode: each send carries 1 to {@code maxBatch} messages; rate mode:
 *     each send carries exactly {@code maxBatch}; receives ask for up to {@code maxBatch}
 * @param messageSizeBytes the exact size of every message, envelope included
 * @param receiverIdle after senders finished, receivers stop once nothing arrived for this long
 * @param receiveWait how long one receive call waits for a first message
 * @param connectTimeout how long opening the backend and creating senders and receivers may take
 * @param warmup how long to run unmeasured, with the same settings, before the measured run
 * @param seed the seed of batch sizes and padding; random when empty (recorded either way)
 * @param outputDir the folder under which the run's results folder is made
 * @param backendProperties the backend's keys, such as {@code kafka.acks -> all}
 */
public record RunConfig(
    String queue,
    Mode mode,
    int senders,
    int receivers,
    long messagesPerSender,
    Optional<Duration> duration,
    Optional<Double> rate,
    int maxBatch,
    int messageSizeBytes,
    Duration receiverIdle,
    Duration receiveWait,
    Duration connectTimeout,
    Duration warmup,
    Optional<Long> seed,
    Path outputDir,
    Map<String, String> backendProperties) {

  /** Messages per sender in throughput mode when neither a count nor a duration is given. */
  public static final long DEFAULT_MESSAGES = 100_000;

  /** Largest batch in throughput mode unless given. */
  public static final int DEFAULT_THROUGHPUT_BATCH = 10;

  /** Batch in rate mode unless given: one message per scheduled send. */
  public static final int DEFAULT_RATE_BATCH = 1;

  /** How long a rate-mode run lasts unless given. */
  public static final Duration DEFAULT_RATE_DURATION = Duration.ofSeconds(30);

  /** Validates every field. */
  public RunConfig {
    require(queue != null && !queue.isBlank(), "--queue must name a backend");
    require(senders >= 1, "--senders must be at least 1, was " + senders);
    require(receivers >= 1, "--receivers must be at least 1, was " + receivers);
    require(messagesPerSender >= 1, "--messages must be at least 1, was " + messagesPerSender);
    duration.ifPresent(d -> require(!d.isZero(), "--duration must be longer than 0"));
    if (mode == Mode.RATE) {
      require(rate.isPresent(), "--mode rate needs --rate (messages per second)");
      double r = rate.get();
      require(
          r > 0 && Double.isFinite(r),
          "--rate must be more than 0 messages per second, was " + rate.get());
      require(duration.isPresent(), "--mode rate needs --duration");
    } else {
      require(rate.isEmpty(), "--rate applies only to --mode rate");
    }
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

  /**
   * @return the settings of the warm-up: the same, for {@link #warmup()} instead of a count
   */
  public RunConfig warmupRun() {
    return new RunConfig(
        queue,
        mode,
        senders,
        receivers,
        Long.MAX_VALUE,
        Optional.of(warmup),
        rate,
        maxBatch,
        messageSizeBytes,
        receiverIdle,
        receiveWait,
        connectTimeout,
        Duration.ZERO,
        seed,
        outputDir,
        backendProperties);
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new ConfigException(message);
    }
  }

  /**
   * @return a short description for the terminal
   */
  public String describe() {
    String sendersText = senders + " sender" + (senders == 1 ? "" : "s");
    String receiversText = receivers + " receiver" + (receivers == 1 ? "" : "s");
    if (mode == Mode.RATE) {
      return String.format(
          java.util.Locale.ROOT,
          "rate %,.0f msgs/s for %s over %s, %s, batch %d, %d B",
          rate.get(),
          Durations.format(duration.get()),
          sendersText,
          receiversText,
          maxBatch,
          messageSizeBytes);
    }
    String amount =
        duration.map(d -> "for " + Durations.format(d)).orElse("x " + messagesPerSender + " msgs");
    return String.format(
        "%s %s, %s, batch 1..%d, %d B",
        sendersText, amount, receiversText, maxBatch, messageSizeBytes);
  }
}
