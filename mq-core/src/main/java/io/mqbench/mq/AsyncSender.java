package io.mqbench.mq;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A sender whose native client sends asynchronously: it implements {@link #sendAsync} only, and
 * {@link #send} waits for that batch, throwing its failure as {@link BatchesInFlight#await} does.
 */
public abstract class AsyncSender implements MqSender {

  /** For subclasses. */
  protected AsyncSender() {}

  /** Sends with {@link #sendAsync} and waits until the batch is acknowledged or failed. */
  @Override
  public final void send(List<byte[]> batch) throws InterruptedException {
    BatchesInFlight.await(sendAsync(batch));
  }

  @Override
  public abstract CompletableFuture<Void> sendAsync(List<byte[]> batch);
}
