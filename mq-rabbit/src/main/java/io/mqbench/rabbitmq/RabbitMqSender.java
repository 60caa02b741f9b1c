package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.MessageProperties;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes persistent messages to the default exchange with the queue's name as routing key (with
 * several subscriptions, to their fanout exchange, which copies each to every subscription's
 * queue), and returns from {@link #send} only when the broker confirmed every message of the batch.
 * For a quorum queue a confirm means a majority of its members wrote the message to their log and
 * fsynced it.
 *
 * <p>Messages are published {@code mandatory}: if the queue vanished, the broker returns them (and
 * then confirms them), which would otherwise look like success.
 *
 * <p>{@link #sendAsync} publishes the batch at once and tracks its publish sequence numbers: the
 * batch completes when the broker confirmed all of them (acks with {@code multiple} included), and
 * fails when one was nacked, when a message of it or after it was returned as unroutable, when the
 * channel shut down, or when {@code rabbitmq.confirmTimeout} passed without every confirm. This is
 * PerfTest's confirm window, with the window kept by the caller.
 *
 * <p>After a failure (lost connection, broker restart) the next {@link #send} opens a new
 * connection, so a harness that retries carries on once the broker is back.
 */
final class RabbitMqSender implements MqSender {
  private final RabbitMq owner;
  private final RabbitMqSettings settings;
  private final AMQP.BasicProperties properties;
  private final String exchange;
  private final String routingKey;
  private ConfirmLink link;
  private volatile boolean closed;
  // Fails asynchronous batches whose confirms are overdue; started by the first sendAsync.
  private ScheduledThreadPoolExecutor overdueCheck;

  RabbitMqSender(RabbitMq owner) {
    this.owner = owner;
    this.settings = owner.settings();
    this.exchange = owner.exchange();
    this.routingKey = owner.routingKey();
    this.properties =
        settings.persistent()
            ? MessageProperties.MINIMAL_PERSISTENT_BASIC
            : MessageProperties.MINIMAL_BASIC;
    this.link = newLink();
  }

  @Override
  public void send(List<byte[]> batch) throws InterruptedException {
    if (closed) {
      throw new MqException("rabbitmq: this sender is closed");
    }
    if (batch.isEmpty()) {
      return;
    }
    if (!link.usable()) {
      link.close();
      owner.checkOpen();
      link = newLink();
    }
    long deadline = System.nanoTime() + settings.confirmTimeout().toNanos();
    try {
      if (settings.confirms() == Confirms.WINDOW) {
        link.sendWindowed(batch, deadline);
      } else {
        link.sendThenWait(batch, deadline);
      }
    } catch (IOException | ShutdownSignalException e) {
      throw Failures.operation(
          "sending to queue '" + settings.queue() + "' failed (the batch's fate is unknown)",
          e,
          settings);
    } catch (TimeoutException e) {
      throw new MqException(
          "rabbitmq: the broker at "
              + settings.address()
              + " did not confirm a batch of "
              + batch.size()
              + " within "
              + settings.describeConfirmTimeout()
              + " (rabbitmq.confirmTimeout)",
          e);
    }
  }

  @Override
  public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    if (closed) {
      return CompletableFuture.failedFuture(new MqException("rabbitmq: this sender is closed"));
    }
    if (batch.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    try {
      if (!link.usable()) {
        link.close();
        owner.checkOpen();
        link = newLink();
      }
      startOverdueCheck();
      return link.publishAsync(batch);
    } catch (IOException | ShutdownSignalException e) {
      return CompletableFuture.failedFuture(
          Failures.operation(
              "sending to queue '" + settings.queue() + "' failed (the batch's fate is unknown)",
              e,
              settings));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private void startOverdueCheck() {
    if (overdueCheck != null) {
      return;
    }
    overdueCheck =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "mqbench-rabbitmq-confirm-timeout");
              t.setDaemon(true);
              return t;
            });
    long every = Math.max(10, settings.confirmTimeout().toMillis() / 20);
    overdueCheck.scheduleWithFixedDelay(
        () -> link.failOverdue(System.nanoTime()), every, every, TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      link.close();
      // Whatever the broker had not confirmed by now will never be confirmed on this channel.
      link.failAllPending(
          new MqException(
              "rabbitmq: the sender was closed before the broker"
                  + " confirmed the batch (its fate is unknown)"));
      if (overdueCheck != null) {
        overdueCheck.shutdownNow();
      }
      owner.forget(this);
    }
  }

  private ConfirmLink newLink() {
    return new ConfirmLink(
        owner.connectClient("sender"), settings, exchange, routingKey, properties);
  }
}
