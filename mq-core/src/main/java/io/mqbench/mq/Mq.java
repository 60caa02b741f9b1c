package io.mqbench.mq;

import java.util.Map;
import java.util.Optional;

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
   * Creates a receiver of one subscription, for an {@code Mq} opened with several ({@link
   * MqProvider#open(io.mqbench.config.MqConfig, int)}): every subscription gets every message sent,
   * and the receivers of one subscription compete for its messages as {@link #createReceiver()}'s
   * do. A message leased and never acknowledged comes back in its own subscription only.
   *
   * @param subscription from 0 to the number of subscriptions opened, less one; subscription 0 of
   *     an {@code Mq} opened with one is what {@link #createReceiver()} reads
   * @return a new receiver; never {@code null}
   * @throws IllegalArgumentException if this {@code Mq} has no such subscription
   * @throws MqException if the backend cannot create one (connection lost, closed {@code Mq})
   */
  default MqReceiver createReceiver(int subscription) {
    if (subscription != 0) {
      throw new IllegalArgumentException(
          "subscription " + subscription + " was not opened: this queue has one subscription");
    }
    return createReceiver();
  }

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

  /**
   * Whether {@link MqProvider#open} created this {@code Mq}'s queue (topic, collection) on the
   * broker, because it was not there. The runner removes a queue that its runs created, once they
   * are over and settled, on a broker it did not start (unless told {@code --keep-queue}), and
   * never one that was there before: that one may be someone's.
   *
   * @return true if opening created the queue, false if it found it; empty where the backend cannot
   *     tell or has no broker (the default), and then the runner never removes it
   */
  default Optional<Boolean> createdQueue() {
    return Optional.empty();
  }

  /**
   * Removes this {@code Mq}'s queue (topic, collection) from the broker, with every message in it
   * and every subscription it was opened with, and returns once it is gone: a later {@link
   * MqProvider#open} creates it afresh. The runner calls it only for a queue that its runs created
   * ({@link #createdQueue()}), after the last of them.
   *
   * @return true if removed; false if this backend does not remove queues (the default)
   * @throws MqException if the broker refused or did not answer; the message names the queue
   */
  default boolean removeQueue() {
    return false;
  }

  /** Releases what this {@code Mq} holds. Idempotent; does not throw checked exceptions. */
  @Override
  void close();
}
