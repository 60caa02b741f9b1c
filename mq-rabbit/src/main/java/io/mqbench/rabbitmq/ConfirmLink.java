package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConfirmListener;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** One connection and its confirm-mode channel, with what the broker told us about them. */
final class ConfirmLink implements ConfirmListener {
  private final RabbitMqSettings settings;
  private final String exchange;
  private final String routingKey;
  private final AMQP.BasicProperties properties;
  private final Connection connection;
  private final Channel channel;
  private final AtomicInteger nacks = new AtomicInteger();
  private final AtomicInteger returns = new AtomicInteger();
  private final AtomicReference<String> returnReason = new AtomicReference<>();
  private final AtomicReference<ShutdownSignalException> shutdown = new AtomicReference<>();
  // Window mode: publish sequence numbers not yet confirmed, and the room left in the window.
  private final ConcurrentNavigableMap<Long, Boolean> unconfirmed = new ConcurrentSkipListMap<>();
  private final Semaphore window;
  // Asynchronous sends: sequence numbers not yet confirmed, and the batches they belong to.
  private final ConcurrentNavigableMap<Long, Boolean> asyncUnconfirmed =
      new ConcurrentSkipListMap<>();
  private final ConcurrentNavigableMap<Long, AsyncBatch> asyncBatches =
      new ConcurrentSkipListMap<>();
  private final long confirmTimeoutNanos;

  ConfirmLink(
      Connection connection,
      RabbitMqSettings settings,
      String exchange,
      String routingKey,
      AMQP.BasicProperties properties) {
    this.settings = settings;
    this.exchange = exchange;
    this.routingKey = routingKey;
    this.properties = properties;
    this.window = new Semaphore(settings.confirmWindow());
    this.confirmTimeoutNanos = settings.confirmTimeout().toNanos();
    this.connection = connection;
    try {
      this.channel = connection.createChannel();
      channel.confirmSelect();
    } catch (IOException | RuntimeException e) {
      RabbitMq.closeQuietly(connection);
      throw Failures.operation("cannot open a confirm-mode channel", e, settings);
    }
    channel.addReturnListener(
        r -> {
          returns.incrementAndGet();
          returnReason.set(r.getReplyText());
        });
    channel.addConfirmListener(this);
    channel.addShutdownListener(
        cause -> {
          shutdown.set(cause);
          // Wakes a sender waiting for confirms that will never come.
          window.release(settings.confirmWindow() + unconfirmed.size() + 1);
          failAllPending(
              Failures.operation(
                  "sending to queue '"
                      + settings.queue()
                      + "' failed (the batch's fate is unknown)",
                  cause,
                  settings));
        });
  }

  boolean usable() {
    return shutdown.get() == null && channel.isOpen();
  }

  /** Publishes the whole batch, then waits for the channel's outstanding confirms. */
  void sendThenWait(List<byte[]> batch, long deadline)
      throws IOException, TimeoutException, InterruptedException {
    int returnsBefore = returns.get();
    for (byte[] body : batch) {
      channel.basicPublish(exchange, routingKey, true, properties, body);
    }
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    boolean allAcked = channel.waitForConfirms(Math.max(1, left));
    if (!allAcked) {
      throw nacked(batch.size());
    }
    checkReturns(returnsBefore);
  }

  /**
   * Publishes while fewer than the window are unconfirmed, then waits until the window is empty
   * again, which means every message of this batch was confirmed.
   */
  void sendWindowed(List<byte[]> batch, long deadline)
      throws IOException, TimeoutException, InterruptedException {
    int returnsBefore = returns.get();
    int nacksBefore = nacks.get();
    for (byte[] body : batch) {
      if (!window.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw new TimeoutException("window full");
      }
      checkShutdown();
      unconfirmed.put(channel.getNextPublishSeqNo(), Boolean.TRUE);
      channel.basicPublish(exchange, routingKey, true, properties, body);
    }
    int all = settings.confirmWindow();
    if (!window.tryAcquire(all, deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
      throw new TimeoutException("confirms missing");
    }
    window.release(all);
    checkShutdown();
    if (nacks.get() != nacksBefore) {
      throw nacked(batch.size());
    }
    checkReturns(returnsBefore);
  }

  /** Publishes every message of the batch and returns the future its confirms complete. */
  CompletableFuture<Void> publishAsync(List<byte[]> batch) throws IOException {
    checkShutdown();
    long first = channel.getNextPublishSeqNo();
    long last = first + batch.size() - 1;
    AsyncBatch b =
        new AsyncBatch(first, last, returns.get(), System.nanoTime() + confirmTimeoutNanos);
    // A batch of one is settled by its own confirm: only the messages of larger batches are
    // tracked one by one (a skip-list entry per message cost the sender and the connection's
    // thread a put and a remove each).
    if (first != last) {
      // An int count, not a long range with <=: the JIT guards a long loop's limit and compiled
      // this path twice over when the guard first failed.
      for (int i = 0; i < batch.size(); i++) {
        asyncUnconfirmed.put(first + i, Boolean.TRUE);
      }
    }
    asyncBatches.put(first, b);
    for (byte[] body : batch) {
      channel.basicPublish(exchange, routingKey, true, properties, body);
    }
    return b.done;
  }

  /** Settles confirms of asynchronous batches and completes the batches they finish. */
  private void settleAsync(long tag, boolean multiple, boolean nack) {
    if (asyncBatches.isEmpty()) {
      return;
    }
    Map<Long, AsyncBatch> touched = multiple ? asyncBatches.headMap(tag, true) : floor(tag);
    if (multiple) {
      asyncUnconfirmed.headMap(tag, true).clear();
    } else {
      asyncUnconfirmed.remove(tag);
    }
    for (AsyncBatch b : touched.values()) {
      if (nack) {
        b.nacked = true;
      }
      // A batch was touched only if a confirm covered its first message; one of a single
      // message is then settled.
      if (b.first == b.last || asyncUnconfirmed.subMap(b.first, true, b.last, true).isEmpty()) {
        asyncBatches.remove(b.first);
        if (b.nacked) {
          b.done.completeExceptionally(nacked(1 + (int) (b.last - b.first)));
        } else if (returns.get() != b.returnsBefore) {
          b.done.completeExceptionally(returned(returns.get() - b.returnsBefore));
        } else {
          b.done.complete(null);
        }
      }
    }
  }

  private Map<Long, AsyncBatch> floor(long tag) {
    Map.Entry<Long, AsyncBatch> e = asyncBatches.floorEntry(tag);
    return e == null || e.getValue().last < tag ? Map.of() : Map.of(e.getKey(), e.getValue());
  }

  /** Fails the batches whose confirm timeout passed; the oldest batch expires first. */
  void failOverdue(long now) {
    for (AsyncBatch b : asyncBatches.values()) {
      if (now - b.deadlineNanos < 0) {
        return;
      }
      if (asyncBatches.remove(b.first, b)) {
        b.done.completeExceptionally(
            new MqException(
                "rabbitmq: the broker at "
                    + settings.address()
                    + " did not confirm a batch of "
                    + (1 + b.last - b.first)
                    + " within "
                    + settings.describeConfirmTimeout()
                    + " (rabbitmq.confirmTimeout)"));
      }
    }
  }

  void failAllPending(MqException why) {
    for (AsyncBatch b : asyncBatches.values()) {
      if (asyncBatches.remove(b.first, b)) {
        b.done.completeExceptionally(why);
      }
    }
  }

  private void checkShutdown() {
    ShutdownSignalException cause = shutdown.get();
    if (cause != null) {
      throw cause;
    }
  }

  private MqException nacked(int size) {
    return new MqException(
        "rabbitmq: the broker at "
            + settings.address()
            + " rejected (nacked) messages of a batch of "
            + size
            + " to queue '"
            + settings.queue()
            + "'");
  }

  private void checkReturns(int before) {
    if (returns.get() != before) {
      throw returned(returns.get() - before);
    }
  }

  private MqException returned(int count) {
    return new MqException(
        "rabbitmq: the broker returned "
            + count
            + " message(s) as unroutable ("
            + returnReason.get()
            + "): does queue '"
            + settings.queue()
            + "' still exist?");
  }

  @Override
  public void handleAck(long deliveryTag, boolean multiple) {
    window.release(settle(deliveryTag, multiple));
    settleAsync(deliveryTag, multiple, false);
  }

  @Override
  public void handleNack(long deliveryTag, boolean multiple) {
    nacks.incrementAndGet();
    window.release(settle(deliveryTag, multiple));
    settleAsync(deliveryTag, multiple, true);
  }

  private int settle(long tag, boolean multiple) {
    if (!multiple) {
      return unconfirmed.remove(tag) != null ? 1 : 0;
    }
    int n = 0;
    ConcurrentNavigableMap<Long, Boolean> head = unconfirmed.headMap(tag, true);
    for (Long t : head.keySet()) {
      if (head.remove(t) != null) {
        n++;
      }
    }
    return n;
  }

  void close() {
    RabbitMq.closeQuietly(connection);
  }

  /** An asynchronous batch: its publish sequence numbers and how it ends. */
  private static final class AsyncBatch {
    final long first;
    final long last;
    final int returnsBefore;
    final long deadlineNanos;
    final CompletableFuture<Void> done = new CompletableFuture<>();
    volatile boolean nacked;

    AsyncBatch(long first, long last, int returnsBefore, long deadlineNanos) {
      this.first = first;
      this.last = last;
      this.returnsBefore = returnsBefore;
      this.deadlineNanos = deadlineNanos;
    }
  }
}
