package io.mqbench.memory;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Received;
import io.mqbench.mq.Subscriptions;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An open memory queue and its senders and receivers; with several subscriptions, one queue per
 * subscription, and every send goes into each of them.
 */
final class MemoryMq implements PublishSubscribeMq {
  private final List<MemoryQueue> subscriptions;

  private final MqLimits limits;
  private final long receiveDelayNanos;
  private final double deliveryRate;

  /** When the shared delivery path is free again ({@code nanoTime}), with a delivery rate. */
  private final AtomicLong deliveryFreeAt = new AtomicLong(System.nanoTime());

  MemoryMq(MemoryQueue queue, MqLimits limits) {
    this(List.of(queue), limits, Duration.ZERO, 0);
  }

  /**
   * @param subscriptions a queue per subscription, each receiving every message sent
   * @param limits what senders accept
   * @param receiveDelay the least time one receive call takes (a receiver's own round trip)
   * @param deliveryRate the most messages per second handed out across all receivers; 0 for no
   *     limit (a delivery path that more receivers cannot widen)
   */
  MemoryMq(
      List<MemoryQueue> subscriptions,
      MqLimits limits,
      Duration receiveDelay,
      double deliveryRate) {
    this.limits = limits;
    this.subscriptions = List.copyOf(subscriptions);
    this.receiveDelayNanos = receiveDelay.toNanos();
    this.deliveryRate = deliveryRate;
  }

  @Override
  public MqSender createSender() {
    return limits.enforce("memory", new Sender());
  }

  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(subscription, subscriptions.size(), "this queue has");
    return new Receiver(subscriptions.get(subscription));
  }

  @Override
  public Map<String, String> versions() {
    return Map.of("broker", "memory (in-process)");
  }

  @Override
  public void close() {
    subscriptions.forEach(MemoryQueue::close);
  }

  private final class Sender implements MqSender {
    private boolean closed;

    @Override
    public void send(List<byte[]> batch) throws InterruptedException {
      if (closed) {
        throw new MqException("sender is closed");
      }
      for (MemoryQueue queue : subscriptions) {
        queue.send(batch); // receivers copy what they get: one batch may go into every queue
      }
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final class Receiver implements MqReceiver {
    private final MemoryQueue queue;
    private final ArrayDeque<MemoryQueue.Lease> leases = new ArrayDeque<>();
    private boolean closed;

    Receiver(MemoryQueue queue) {
      this.queue = queue;
    }

    @Override
    public List<Received> receive(int max, Duration wait) throws InterruptedException {
      if (closed) {
        throw new MqException("receiver is closed");
      }
      long start = System.nanoTime();
      List<Received> got = queue.receive(max, wait, leases);
      if (!got.isEmpty() && deliveryRate > 0) {
        // The delivery path hands out one message after another at its rate, whoever asks: a
        // receiver's messages are delivered once the ones reserved before them are.
        long cost = (long) (got.size() * 1e9 / deliveryRate);
        long now = System.nanoTime();
        long done = deliveryFreeAt.accumulateAndGet(now, (free, t) -> Math.max(free, t) + cost);
        sleepUntil(done);
      }
      if (receiveDelayNanos > 0) {
        sleepUntil(start + receiveDelayNanos);
      }
      return got;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
      long left;
      while ((left = nanos - System.nanoTime()) > 0) {
        LockSupport.parkNanos(left);
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
    }

    @Override
    public void ack(List<Received> messages) {
      if (closed) {
        throw new MqException("receiver is closed");
      }
      queue.ack(messages);
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        queue.release(leases);
      }
    }
  }
}
