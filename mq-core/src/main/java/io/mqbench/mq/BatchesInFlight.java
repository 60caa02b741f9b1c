package io.mqbench.mq;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A sender's batches in flight, for a backend whose client answers each message of a batch with a
 * future or a callback of its own: {@link #track} makes one future of a batch's replies, {@link
 * #open} gives a batch's future for the backend to complete from its callbacks, and either fails
 * with the backend's one-line {@link MqException}; {@link #closeThen} lets them complete for a
 * while before the connection closes, and fails those still pending, so that closing a sender
 * completes every batch still in flight, as {@link MqSender#close()} requires.
 *
 * <p>Batches are opened by the sender's own thread (one sender belongs to one thread) and complete
 * on the client's threads. The batches are kept in the order they were opened, and those done are
 * dropped from the front as new ones open: replies come mostly in order, so keeping them costs no
 * shared set and no hashing per batch.
 */
public final class BatchesInFlight {
  /** How many batches are kept before those done behind a pending one are swept out. */
  private static final int FIRST_SWEEP = 4096;

  private final Function<Throwable, MqException> failure;
  private final ArrayDeque<CompletableFuture<Void>> opened = new ArrayDeque<>();
  private int sweepAt = FIRST_SWEEP;

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
    CompletableFuture<Void> batch = open();
    CompletableFuture<?> all = replies.length == 1 ? replies[0] : CompletableFuture.allOf(replies);
    all.whenComplete(
        (v, e) -> {
          if (e == null) {
            batch.complete(null);
          } else {
            fail(batch, e);
          }
        });
    return batch;
  }

  /**
   * Opens a batch that the backend completes itself: {@code complete(null)} once every message of
   * it was acknowledged, or {@link #fail} on the first refusal.
   *
   * @return the batch's future, pending
   */
  public synchronized CompletableFuture<Void> open() {
    CompletableFuture<Void> first;
    while ((first = opened.peekFirst()) != null && first.isDone()) {
      opened.pollFirst();
    }
    if (opened.size() >= sweepAt) {
      // A batch pending for long holds those done behind it: sweep them, and sweep again only
      // after as many more have opened, so that the sweeps cost O(1) per batch.
      opened.removeIf(CompletableFuture::isDone);
      sweepAt = Math.max(FIRST_SWEEP, 2 * opened.size());
    }
    CompletableFuture<Void> batch = new CompletableFuture<>();
    opened.addLast(batch);
    return batch;
  }

  /**
   * Fails a batch with {@code why} as the backend's error; nothing if it completed already.
   *
   * @param batch a batch's future, from {@link #open}
   * @param why the reply's failure, possibly wrapped in completion exceptions
   */
  public void fail(CompletableFuture<Void> batch, Throwable why) {
    batch.completeExceptionally(failure.apply(unwrap(why)));
  }

  /**
   * @return how many batches are kept: those pending, and some done not swept out yet
   */
  synchronized int kept() {
    return opened.size();
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
    CompletableFuture<?>[] left;
    synchronized (this) {
      opened.removeIf(CompletableFuture::isDone);
      left = opened.toArray(CompletableFuture<?>[]::new);
    }
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
