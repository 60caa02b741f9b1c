package io.mqbench.nats;

import io.mqbench.mq.TrackingSender;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Publishes each message of a batch asynchronously to the stream's subject on the sender's own
 * connection; the batch completes once the stream acknowledged every message (a publish
 * acknowledgement: stored by a majority of the stream's replicas).
 */
final class NatsSender extends TrackingSender {
  private final NatsSettings settings;
  private final Connection connection;
  private final JetStream jetStream;

  NatsSender(NatsSettings settings, Connection connection) {
    super(
        "nats",
        e -> NatsMq.failure(settings, "publish to '" + settings.subject() + "' failed", e),
        "nats: the sender closed before the batch was acknowledged");
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
  protected CompletableFuture<Void> sendBatch(List<byte[]> batch) {
    CompletableFuture<?>[] acks = new CompletableFuture<?>[batch.size()];
    try {
      for (int i = 0; i < acks.length; i++) {
        acks[i] = jetStream.publishAsync(settings.subject(), batch.get(i));
      }
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(
          NatsMq.failure(settings, "publish to '" + settings.subject() + "' failed", e));
    }
    return track(acks);
  }

  /** Closing waits up to the request timeout for the batches in flight. */
  @Override
  protected Duration drainTimeout() {
    return settings.requestTimeout();
  }

  @Override
  protected void disconnect() {
    NatsMq.close(connection);
  }
}
