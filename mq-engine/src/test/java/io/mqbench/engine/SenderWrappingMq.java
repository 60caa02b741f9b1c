package io.mqbench.engine;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A backend whose sends the test changes (to drop, fail, stall or pipeline them) while everything
 * else goes to a real memory queue: the harness is checked against misbehaviour a correct backend
 * never shows on demand.
 *
 * @param inner the real queue
 * @param override what a send does instead
 * @param closesInner whether closing this closes the real queue (false to reuse it across runs)
 * @param asyncOverride what an asynchronous send does instead; null for the contract's default
 */
record SenderWrappingMq(
    Mq inner, SendOverride override, boolean closesInner, AsyncOverride asyncOverride)
    implements Mq {

  SenderWrappingMq(Mq inner, SendOverride override) {
    this(inner, override, true, null);
  }

  SenderWrappingMq(Mq inner, SendOverride override, boolean closesInner) {
    this(inner, override, closesInner, null);
  }

  /**
   * A pipelining backend, as Kafka's and RabbitMQ's clients are: every asynchronous send is stored
   * {@code millis} later on the {@code later} thread, then completes.
   *
   * @param inner the real queue, closed with this one
   * @param later the thread that stores and completes batches
   * @param millis how long after its issue a batch completes
   * @param onIssue called on the sender's thread as each batch is issued
   * @param onStored called on the {@code later} thread once a batch is stored, before it completes
   */
  static SenderWrappingMq pipelined(
      Mq inner, ScheduledExecutorService later, long millis, Runnable onIssue, Runnable onStored) {
    return new SenderWrappingMq(
        inner,
        (batch, next) -> next.send(batch),
        true,
        (batch, next) -> {
          onIssue.run();
          CompletableFuture<Void> done = new CompletableFuture<>();
          later.schedule(
              () -> {
                try {
                  next.send(batch);
                  onStored.run();
                  done.complete(null);
                } catch (Exception e) {
                  done.completeExceptionally(e);
                }
              },
              millis,
              TimeUnit.MILLISECONDS);
          return done;
        });
  }

  /** What a send does instead; {@code next} sends to the real queue. */
  @FunctionalInterface
  interface SendOverride {
    void send(List<byte[]> batch, MqSender next) throws InterruptedException;
  }

  /** What an asynchronous send does instead; {@code next} sends to the real queue. */
  @FunctionalInterface
  interface AsyncOverride {
    CompletableFuture<Void> sendAsync(List<byte[]> batch, MqSender next);
  }

  @Override
  public MqSender createSender() {
    MqSender next = inner.createSender();
    return new MqSender() {
      @Override
      public void send(List<byte[]> batch) throws InterruptedException {
        override.send(batch, next);
      }

      @Override
      public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
        return asyncOverride == null
            ? MqSender.super.sendAsync(batch)
            : asyncOverride.sendAsync(batch, next);
      }

      @Override
      public void close() {
        next.close();
      }
    };
  }

  @Override
  public MqReceiver createReceiver() {
    return inner.createReceiver();
  }

  @Override
  public void close() {
    if (closesInner) {
      inner.close();
    }
  }
}
