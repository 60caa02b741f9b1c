package io.mqbench.mq;

import java.util.List;

/**
 * Sends batches of messages to the queue. One sender belongs to one thread.
 *
 * <p>A sender is created by {@link Mq#createSender()} and must be closed by the thread that uses
 * it.
 */
public interface MqSender extends AutoCloseable {

  /**
   * Sends every message of {@code batch} and returns only when the backend's durability promise
   * holds for all of them: Kafka acknowledged them under the configured {@code acks}, RabbitMQ
   * confirmed them, Artemis committed the transaction, MongoDB met the write concern, SQS accepted
   * every entry. What that promise is, each backend's README section says.
   *
   * <p>The backend may keep references to the arrays until it returns; the caller must not modify
   * them meanwhile. Bodies are opaque bytes: the backend must deliver them byte-identical. An empty
   * batch returns at once and sends nothing.
   *
   * <p>Ordering is not promised, neither within a batch nor across batches.
   *
   * @param batch the message bodies, each at least one byte; not {@code null}
   * @throws MqException if any message may not be stored (timeout, negative acknowledgement,
   *     partial failure, lost connection). Some messages of the batch may still be delivered: the
   *     delivery guarantee is at least once, so a caller that retries may create duplicates, never
   *     loss.
   * @throws InterruptedException if the thread was interrupted while waiting for the broker; the
   *     batch's fate is then unknown, as for {@link MqException}
   */
  void send(List<byte[]> batch) throws InterruptedException;

  /** Releases the sender. Idempotent. */
  @Override
  void close();
}
