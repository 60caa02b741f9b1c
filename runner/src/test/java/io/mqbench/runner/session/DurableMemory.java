package io.mqbench.runner.session;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test backend: a real memory queue that outlives every connection to it, as a durable queue
 * outlives a client, with misbehaviour the test switches on: receivers that fail once a number of
 * messages were sent (a broker dying mid-run, its messages kept), a backend that cannot be reached
 * again, and sends acknowledged but dropped (loss the harness must prove).
 */
public final class DurableMemory implements MqProvider {
  private final MemoryMqProvider memory = new MemoryMqProvider();
  // Unbounded: a send-only run must not fill it and fail (memory.fullTimeout) before it is stopped.
  private final Mq queue =
      memory.open(memory.configure(Map.of("memory.maxDepth", "" + Integer.MAX_VALUE)));
  private final AtomicLong stored = new AtomicLong();
  private final AtomicLong dropped = new AtomicLong();
  private volatile long failReceiversAtSent = Long.MAX_VALUE;
  private volatile boolean receiversFailed;
  private volatile boolean reachableAgain = true;
  private volatile int dropEvery;
  private final AtomicInteger refusals = new AtomicInteger();

  /** Receivers fail, taking nothing, once this many messages were stored; once only. */
  public DurableMemory failReceiversOnceSent(long messages) {
    failReceiversAtSent = messages;
    return this;
  }

  /** Once the receivers failed, the backend cannot be reached any more. */
  public DurableMemory unreachableAfterTheRun() {
    reachableAgain = false;
    return this;
  }

  /** Once the receivers failed, the next {@code attempts} connections are refused. */
  public DurableMemory refuseConnectionsAfterTheRun(int attempts) {
    refusals.set(attempts);
    return this;
  }

  /** Acknowledges every {@code n}th batch without storing it. */
  public DurableMemory dropEveryNthBatch(int n) {
    dropEvery = n;
    return this;
  }

  /** The backend is reachable again. */
  public void recover() {
    reachableAgain = true;
  }

  /** Messages acknowledged but dropped. */
  public long dropped() {
    return dropped.get();
  }

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String description() {
    return "memory queue that outlives connections, for tests";
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return memory.configKeys();
  }

  /** Dropping sends is this backend's unsafe setting. */
  @Override
  public List<String> warnings(MqConfig config) {
    return dropEvery > 0
        ? List.of(
            "memory.drop=" + dropEvery + ": every so many batches are dropped; loss is expected")
        : List.of();
  }

  @Override
  public String target(MqConfig config) {
    return "durable-memory";
  }

  @Override
  public Mq open(MqConfig config) {
    // Once the receivers failed, the broker is as good as gone: connections made before (the run's
    // own, a check of its queue) worked, the next ones are refused as told.
    if (receiversFailed && (!reachableAgain || refusals.getAndDecrement() > 0)) {
      throw new MqException("durable-memory: connection refused");
    }
    return new Mq() {
      @Override
      public MqSender createSender() {
        MqSender next = queue.createSender();
        AtomicLong batches = new AtomicLong();
        return new MqSender() {
          @Override
          public void send(List<byte[]> batch) throws InterruptedException {
            if (dropEvery > 0 && batches.incrementAndGet() % dropEvery == 0) {
              dropped.addAndGet(batch.size());
              return;
            }
            next.send(batch);
            stored.addAndGet(batch.size());
          }

          @Override
          public void close() {
            next.close();
          }
        };
      }

      @Override
      public MqReceiver createReceiver() {
        MqReceiver next = queue.createReceiver();
        return new MqReceiver() {
          @Override
          public List<Received> receive(int max, Duration wait) throws InterruptedException {
            if (!receiversFailed && failReceiversAtSent != Long.MAX_VALUE) {
              long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
              while (stored.get() < failReceiversAtSent && System.nanoTime() < until) {
                Thread.sleep(5);
              }
              receiversFailed = true;
              throw new MqException("durable-memory: broker gone");
            }
            return next.receive(max, wait);
          }

          @Override
          public void ack(List<Received> messages) {
            next.ack(messages);
          }

          @Override
          public void close() {
            next.close();
          }
        };
      }

      @Override
      public void close() {
        // The queue outlives the connection, as a durable queue does.
      }
    };
  }
}
