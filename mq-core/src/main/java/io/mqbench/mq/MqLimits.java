package io.mqbench.mq;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What a backend declares it can carry under one configuration, and how long its calls may take:
 * {@link MqProvider#limits} returns it. The runner refuses a run that exceeds a limit before it
 * connects; senders refuse an oversized message before sending it; the failure kit checks both
 * promises against the real broker.
 *
 * @param maxMessageBytes the largest message body {@link MqSender#send} accepts, in bytes
 * @param maxBatchMessages the most messages one {@link MqSender#send} call accepts
 * @param maxBatchBytes the most bytes (bodies summed) one {@link MqSender#send} call accepts
 * @param sendTimeout the longest a {@link MqSender#send} may take before it fails when the broker
 *     stops answering; never zero
 * @param receiveGranularity the step to which {@link MqReceiver#receive}'s wait may be rounded up
 *     (SQS long polling counts whole seconds); zero when the wait is honoured as given
 * @param source the configuration keys and values the limits follow from, for messages ({@code
 *     "kafka.maxMessageBytes=2097152"}); empty when they are the backend's own
 */
public record MqLimits(
    long maxMessageBytes,
    int maxBatchMessages,
    long maxBatchBytes,
    Duration sendTimeout,
    Duration receiveGranularity,
    String source) {

  /** No size limit, and a send timeout of an hour: what a backend that declares nothing gets. */
  public static final MqLimits UNLIMITED =
      new MqLimits(
          Long.MAX_VALUE,
          Integer.MAX_VALUE,
          Long.MAX_VALUE,
          Duration.ofHours(1),
          Duration.ZERO,
          "");

  /**
   * @throws IllegalArgumentException if a size is below 1 or the timeout is not positive
   */
  public MqLimits {
    if (maxMessageBytes < 1 || maxBatchMessages < 1 || maxBatchBytes < 1) {
      throw new IllegalArgumentException("limits must be at least 1");
    }
    if (sendTimeout.isZero() || sendTimeout.isNegative() || receiveGranularity.isNegative()) {
      throw new IllegalArgumentException("the send timeout must be positive");
    }
  }

  /**
   * @param bytes the largest message body
   * @param source the keys it follows from, such as {@code "kafka.maxMessageBytes=2097152"}
   * @return a copy with that message limit
   */
  public MqLimits withMaxMessageBytes(long bytes, String source) {
    return new MqLimits(
        bytes, maxBatchMessages, maxBatchBytes, sendTimeout, receiveGranularity, join(source));
  }

  /**
   * @param config a backend's configuration
   * @param key the key that gives the largest message body, in bytes
   * @return a copy with that message limit, from {@code "<key>=<value>"}
   */
  public MqLimits withMaxMessageBytes(MqConfig config, ConfigKey<Integer> key) {
    int max = config.get(key);
    return withMaxMessageBytes(max, key.name() + "=" + max);
  }

  /**
   * @param messages the most messages per send
   * @param bytes the most bytes per send
   * @param source the keys they follow from, or the backend's name when they are fixed
   * @return a copy with those batch limits
   */
  public MqLimits withMaxBatch(int messages, long bytes, String source) {
    return new MqLimits(
        maxMessageBytes, messages, bytes, sendTimeout, receiveGranularity, join(source));
  }

  /**
   * @param timeout the longest a send may take when the broker stops answering
   * @return a copy with that timeout
   */
  public MqLimits withSendTimeout(Duration timeout) {
    return new MqLimits(
        maxMessageBytes, maxBatchMessages, maxBatchBytes, timeout, receiveGranularity, source);
  }

  /**
   * @param granularity the step to which receive waits are rounded up
   * @return a copy with that granularity
   */
  public MqLimits withReceiveGranularity(Duration granularity) {
    return new MqLimits(
        maxMessageBytes, maxBatchMessages, maxBatchBytes, sendTimeout, granularity, source);
  }

  private String join(String more) {
    return source.isEmpty() ? more : source + ", " + more;
  }

  /**
   * Why a run sending batches of up to {@code batchMessages} messages of {@code messageBytes} bytes
   * each cannot be carried, if it cannot.
   *
   * @param backend the backend's name, for the message
   * @param messageBytes the size of every message
   * @param batchMessages the most messages per send
   * @return one line naming the limit exceeded and where it comes from, or empty when the run fits
   */
  public Optional<String> refusal(String backend, long messageBytes, int batchMessages) {
    // Checked before every send: the text is built only for a refusal.
    if (messageBytes > maxMessageBytes) {
      return Optional.of(
          "a message of "
              + messageBytes
              + " bytes is larger than the largest "
              + backend
              + " carries with this configuration, "
              + maxMessageBytes
              + " bytes"
              + from());
    }
    if (batchMessages > maxBatchMessages) {
      return Optional.of(
          "a batch of "
              + batchMessages
              + " messages is more than "
              + backend
              + " accepts per send, "
              + maxBatchMessages
              + from());
    }
    if (maxBatchBytes != Long.MAX_VALUE && messageBytes * batchMessages > maxBatchBytes) {
      return Optional.of(
          "a batch of "
              + batchMessages
              + " messages of "
              + messageBytes
              + " bytes is more than "
              + backend
              + " accepts per send, "
              + maxBatchBytes
              + " bytes"
              + from());
    }
    return Optional.empty();
  }

  private String from() {
    return source.isEmpty() ? "" : " (" + source + ")";
  }

  /**
   * Checks one batch before it is sent.
   *
   * @param backend the backend's name, for the message
   * @param batch the bodies about to be sent
   * @throws MqException naming the limit when the batch exceeds one; nothing was sent
   */
  public void check(String backend, List<byte[]> batch) {
    long largest = 0;
    long total = 0;
    for (byte[] b : batch) {
      largest = Math.max(largest, b.length);
      total += b.length;
    }
    Optional<String> refused = refusal(backend, largest, batch.size());
    if (refused.isEmpty() && total > maxBatchBytes) {
      refused =
          Optional.of(
              "a batch of "
                  + total
                  + " bytes is more than "
                  + backend
                  + " accepts per send, "
                  + maxBatchBytes
                  + " bytes");
    }
    if (refused.isPresent()) {
      throw new MqException(refused.get() + "; nothing was sent");
    }
  }

  /**
   * Wraps a sender so that every batch is {@linkplain #check checked} before it reaches the
   * backend; for backends whose client would otherwise send first and fail late, or fail with a
   * message that does not name the limit.
   *
   * @param backend the backend's name, for messages
   * @param sender the backend's sender
   * @return a sender refusing oversized batches and otherwise delegating every call
   */
  public MqSender enforce(String backend, MqSender sender) {
    return new LimitedSender(backend, this, sender);
  }
}
