package io.mqbench.nats;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamOptions;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes each message of a batch asynchronously to the stream's subject on the sender's own
 * connection; the batch completes once the stream acknowledged every message (a publish
 * acknowledgement: stored by a majority of the stream's replicas).
 */
final class NatsSender implements MqSender {
  private final NatsSettings settings;
  private final Connection connection;
  private final JetStream jetStream;
  private final Set<CompletableFuture<Void>> inFlight = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  NatsSender(NatsSettings settings, Connection connection) {
    this.settings = settings;
    this.connection = connection;
    try {
      this.jetStream =
          connection.jetStream(
              JetStreamOptions.builder().requestTimeout(settings.requestTimeout()).build());
    } catch (IOException e) {
      NatsMq.close(connection);
      throw NatsMq.failure(settings, "cannot open JetStream", e);
    }
  }

  @Override
  public void send(List<byte[]> batch) throws InterruptedException {
    try {
      sendAsync(batch).get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof MqException mq ? mq : new MqException(String.valueOf(cause), cause);
    }
  }

  @Override
  public synchronized CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    if (closed) {
      return CompletableFuture.failedFuture(new MqException("nats: the sender is closed"));
    }
    if (batch.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<?>[] acks = new CompletableFuture<?>[batch.size()];
    try {
      for (int i = 0; i < acks.length; i++) {
        acks[i] = jetStream.publishAsync(settings.subject(), batch.get(i));
      }
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(failure(e));
    }
    CompletableFuture<Void> result = new CompletableFuture<>();
    inFlight.add(result);
    CompletableFuture.allOf(acks)
        .whenComplete(
            (v, e) -> {
              inFlight.remove(result);
              if (e == null) {
                result.complete(null);
              } else {
                result.completeExceptionally(failure(e));
              }
            });
    return result;
  }

  private MqException failure(Throwable e) {
    Throwable t = e;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return NatsMq.failure(settings, "publish to '" + settings.subject() + "' failed", t);
  }

  /**
   * Waits up to the request timeout for the batches in flight, then closes the connection; a batch
   * still unacknowledged fails.
   */
  @Override
  public void close() {
    CompletableFuture<?>[] pending;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      pending = inFlight.toArray(CompletableFuture<?>[]::new);
    }
    try {
      CompletableFuture.allOf(pending)
          .get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | CancellationException e) {
      // the failed batches have failed already; those still pending fail below
    }
    NatsMq.close(connection);
    for (CompletableFuture<?> f : pending) {
      f.completeExceptionally(
          new MqException("nats: the sender closed before the batch was acknowledged"));
    }
  }
}
