package io.mqbench.nats;

import io.mqbench.mq.AsyncSender;
import io.mqbench.mq.BatchesInFlight;
import io.mqbench.mq.MqException;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamOptions;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Publishes each message of a batch asynchronously to the stream's subject on the sender's own
 * connection; the batch completes once the stream acknowledged every message (a publish
 * acknowledgement: stored by a majority of the stream's replicas).
 */
final class NatsSender extends AsyncSender {
  private final NatsSettings settings;
  private final Connection connection;
  private final JetStream jetStream;
  private final BatchesInFlight inFlight;
  private volatile boolean closed;

  NatsSender(NatsSettings settings, Connection connection) {
    this.settings = settings;
    this.connection = connection;
    this.inFlight =
        new BatchesInFlight(
            e -> NatsMq.failure(settings, "publish to '" + settings.subject() + "' failed", e));
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
      return CompletableFuture.failedFuture(
          NatsMq.failure(settings, "publish to '" + settings.subject() + "' failed", e));
    }
    return inFlight.track(acks);
  }

  /**
   * Waits up to the request timeout for the batches in flight, then closes the connection; a batch
   * still unacknowledged fails.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    inFlight.closeThen(
        settings.requestTimeout(),
        () -> NatsMq.close(connection),
        "nats: the sender closed before the batch was acknowledged");
  }
}
