package io.mqbench.mq;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A sender's batches in flight, for a backend whose client answers each message of a batch with a
 * future of its own: {@link #track} makes one future of a batch's replies, whose failure is the
 * backend's one-line {@link MqException}; {@link #closeThen} lets them complete for a while before
 * the connection closes, and fails those still pending, so that closing a sender completes every
 * batch still in flight, as {@link MqSender#close()} requires.
 *
 * <p>Thread-safe: replies complete on the client's threads.
 */
public final class BatchesInFlight {
  private final Function<Throwable, MqException> failure;
  private final Set<CompletableFuture<Void>> pending = ConcurrentHashMap.newKeySet();

  /**
   * @param failure how a reply's failure (unwrapped from completion wrappers) reads as the
   *     backend's error
   */
  public BatchesInFlight(Function<Throwable, MqException> failure) {
    this.failure = failure;
  }

  /**
   * @param replies one future per message of the batch (and any that must complete with them)
   * @return a future that completes when every reply has, or fails with the first failure as the
   *     backend's error
   */
  public CompletableFuture<Void> track(CompletableFuture<?>... replies) {
    CompletableFuture<Void> batch = new CompletableFuture<>();
    pending.add(batch);
    CompletableFuture.allOf(replies)
        .whenComplete(
            (v, e) -> {
              pending.remove(batch);
              if (e == null) {
                batch.complete(null);
              } else {
                batch.completeExceptionally(failure.apply(unwrap(e)));
              }
            });
    return batch;
  }

  /**
   * Waits up to {@code atMost} for the batches in flight, runs {@code closeConnection}, then fails
   * every batch still pending with {@code why}.
   *
   * @param atMost how long to let the replies come
   * @param closeConnection closes the client's connection
   * @param why the failure of a batch that got no reply in time
   */
  public void closeThen(Duration atMost, Runnable closeConnection, String why) {
    CompletableFuture<?>[] left = pending.toArray(CompletableFuture<?>[]::new);
    try {
      CompletableFuture.allOf(left).get(atMost.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | CancellationException e) {
      // the failed batches have failed already; those still pending fail below
    }
    closeConnection.run();
    for (CompletableFuture<?> f : left) {
      f.completeExceptionally(new MqException(why));
    }
  }

  /**
   * Waits for a batch, as a synchronous {@link MqSender#send} over {@link MqSender#sendAsync}.
   *
   * @param batch a batch's future, from {@link #track}
   * @throws MqException the batch's failure
   * @throws InterruptedException if interrupted while waiting
   */
  public static void await(CompletableFuture<Void> batch) throws InterruptedException {
    try {
      batch.get();
    } catch (ExecutionException e) {
      Throwable cause = unwrap(e);
      throw cause instanceof MqException mq ? mq : new MqException(String.valueOf(cause), cause);
    }
  }

  private static Throwable unwrap(Throwable e) {
    Throwable t = e;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
