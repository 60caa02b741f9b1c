package io.mqbench.mq;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * An {@link AsyncSender} whose batches are {@link BatchesInFlight}: it refuses batches once closed
 * and completes empty ones at once, and {@link #close} lets the batches in flight complete for a
 * while, closes the connection, then fails those still pending. A backend says how a non-empty
 * batch is sent ({@link #sendBatch}, whose replies it hands to {@link #track}) and how its
 * connection closes.
 *
 * <p>Thread-safe: {@link #sendBatch} and {@link #closing} run under this object's lock.
 */
public abstract class TrackingSender extends AsyncSender {
  private final String backend;
  private final String unanswered;
  private final BatchesInFlight inFlight;
  private boolean closed;

  /**
   * @param backend the backend's name, the start of its messages: {@code "nats"}
   * @param failure how a reply's failure reads as the backend's error
   * @param unanswered the failure of a batch still pending when the sender closed
   */
  protected TrackingSender(
      String backend, Function<Throwable, MqException> failure, String unanswered) {
    this.backend = backend;
    this.unanswered = unanswered;
    this.inFlight = new BatchesInFlight(failure);
  }

  /**
   * Sends a batch that is not empty, on an open sender.
   *
   * @param batch one message or more
   * @return the batch's future, from {@link #track}, or a failed future
   */
  protected abstract CompletableFuture<Void> sendBatch(List<byte[]> batch);

  /**
   * @return how long {@link #close} lets the batches in flight complete
   */
  protected abstract Duration drainTimeout();

  /** Closes the client's connection, once the batches in flight completed or the wait ended. */
  protected abstract void disconnect();

  /** Runs once, under this object's lock, when {@link #close} begins; does nothing by default. */
  protected void closing() {}

  /**
   * @param replies one future per message of the batch (and any that must complete with them)
   * @return the batch's future, as {@link BatchesInFlight#track}
   */
  protected final CompletableFuture<Void> track(CompletableFuture<?>... replies) {
    return inFlight.track(replies);
  }

  @Override
  public final synchronized CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    if (closed) {
      return CompletableFuture.failedFuture(new MqException(backend + ": the sender is closed"));
    }
    if (batch.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    return sendBatch(batch);
  }

  /**
   * Waits up to {@link #drainTimeout} for the batches in flight, then {@linkplain #disconnect
   * disconnects}; a batch still pending fails. Idempotent.
   */
  @Override
  public final void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      closing();
    }
    inFlight.closeThen(drainTimeout(), this::disconnect, unanswered);
  }
}
