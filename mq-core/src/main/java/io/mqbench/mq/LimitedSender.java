package io.mqbench.mq;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A sender that checks every batch against declared limits before its backend sees it. */
final class LimitedSender implements MqSender {
  private final String backend;
  private final MqLimits limits;
  private final MqSender delegate;

  LimitedSender(String backend, MqLimits limits, MqSender delegate) {
    this.backend = backend;
    this.limits = limits;
    this.delegate = delegate;
  }

  @Override
  public void send(List<byte[]> batch) throws InterruptedException {
    limits.check(backend, batch);
    delegate.send(batch);
  }

  @Override
  public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    try {
      limits.check(backend, batch);
    } catch (MqException e) {
      return CompletableFuture.failedFuture(e);
    }
    return delegate.sendAsync(batch);
  }

  @Override
  public void expectInFlight(int batches) {
    delegate.expectInFlight(batches);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
