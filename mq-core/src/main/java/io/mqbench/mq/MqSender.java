package io.mqbench.mq;

import java.util.List;
import java.util.concurrent.CompletableFuture;

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

  /**
   * Starts sending {@code batch} and returns a future that completes when {@link #send} would have
   * returned: normally once the backend's durability promise holds for every message of the batch,
   * exceptionally with what {@link #send} would have thrown ({@link MqException}, or {@link
   * InterruptedException} when the sending thread was interrupted).
   *
   * <p>This is how a harness keeps several batches in flight per sender, as real applications do
   * (Kafka producer callbacks, RabbitMQ publisher confirms, JMS 2.0 completion listeners). The
   * caller bounds how many batches it leaves incomplete; a backend may also block here while its
   * own buffers are full (back-pressure), but never longer than its send timeout.
   *
   * <p><b>Threads.</b> Called only by the sender's own thread, like {@link #send}. The future may
   * complete on any thread (a client's I/O thread): dependent actions must be short and must not
   * call back into this sender. Completion order is not promised.
   *
   * <p><b>Close.</b> {@link #close()} while batches are in flight completes each of them, normally
   * or exceptionally, before or during the close; none is left pending forever.
   *
   * <p>The default implementation calls {@link #send} and returns a completed future, so every
   * backend supports it; backends with native pipelining override it.
   *
   * @param batch the message bodies, as for {@link #send}; the caller must not modify the arrays
   *     until the future completes
   * @return a future completing as described; never {@code null}. It never throws itself: every
   *     failure is reported through the future
   */
  default CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    try {
      send(batch);
      return CompletableFuture.completedFuture(null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CompletableFuture.failedFuture(e);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Tells the sender, before its first send, how many batches its caller keeps in flight at most
   * (the run's {@code --in-flight}): 1 means each batch is sent only after the previous one was
   * acknowledged. A backend may choose its send path by it; for example, with one batch in flight a
   * round trip made on the sender's own thread hands nothing to a client's I/O thread and back. The
   * promise of {@link #send} and {@link #sendAsync} is the same on every path.
   *
   * <p>Not calling it is allowed: the backend then assumes any number in flight. The default
   * ignores it.
   *
   * @param batches the most batches in flight at once, at least 1
   */
  default void expectInFlight(int batches) {}

  /** Releases the sender. Idempotent. */
  @Override
  void close();
}
