package io.mqbench.mq;

import java.util.Map;

/**
 * A connection to one queue on one backend, opened by {@link MqProvider#open} for the length of a
 * benchmark run, and the factory of its senders and receivers.
 *
 * <p><b>Thread-safety.</b> An {@code Mq} is shared by all threads of a run: {@link #createSender()}
 * and {@link #createReceiver()} may be called concurrently. The senders and receivers it returns
 * are not shared: each belongs to the one thread that uses it.
 *
 * <p><b>Lifecycle.</b> Closing the {@code Mq} releases connections and threads it owns. Senders and
 * receivers should be closed first; those still open when the {@code Mq} closes fail on their next
 * call with {@link MqException}. Closing twice is harmless.
 */
public interface Mq extends AutoCloseable {

  /**
   * Creates a sender for the calling thread.
   *
   * @return a new sender; never {@code null}
   * @throws MqException if the backend cannot create one (connection lost, closed {@code Mq})
   */
  MqSender createSender();

  /**
   * Creates a receiver for the calling thread. Each receiver is a competing consumer: a message
   * leased to one receiver is not handed to another while the lease holds.
   *
   * @return a new receiver; never {@code null}
   * @throws MqException if the backend cannot create one (connection lost, closed {@code Mq})
   */
  MqReceiver createReceiver();

  /**
   * Versions worth recording beside results, such as the client library's and the broker's ({@code
   * "kafka-clients" -> "4.4.0"}, {@code "broker" -> "4.3.1"}). Called once per run, after {@link
   * MqProvider#open}; may contact the broker.
   *
   * @return name to version, possibly empty; never {@code null}
   */
  default Map<String, String> versions() {
    return Map.of();
  }

  /**
   * The requests this {@code Mq} and every sender and receiver it created made to the service so
   * far, for backends whose service bills per request (Amazon SQS): the runner reads it once, after
   * the run's senders and receivers have ended, and reports it with an estimated cost (see {@link
   * MqProvider#requestPrice}). Calls of {@link MqProvider#open} count too (looking up the queue).
   *
   * <p>Thread-safe and cheap; counts only grow. Backends that do not count keep the default.
   *
   * @return the counts so far; {@link RequestCounts#NONE} by default
   */
  default RequestCounts requests() {
    return RequestCounts.NONE;
  }

  /** Releases what this {@code Mq} holds. Idempotent; does not throw checked exceptions. */
  @Override
  void close();
}
