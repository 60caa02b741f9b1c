package io.mqbench.memory;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

/** An open memory queue and its senders and receivers. */
final class MemoryMq implements Mq {
  private final MemoryQueue queue;

  private final MqLimits limits;

  MemoryMq(MemoryQueue queue, MqLimits limits) {
    this.limits = limits;
    this.queue = queue;
  }

  @Override
  public MqSender createSender() {
    return limits.enforce("memory", new Sender());
  }

  @Override
  public MqReceiver createReceiver() {
    return new Receiver();
  }

  @Override
  public Map<String, String> versions() {
    return Map.of("broker", "memory (in-process)");
  }

  @Override
  public void close() {
    queue.close();
  }

  private final class Sender implements MqSender {
    private boolean closed;

    @Override
    public void send(List<byte[]> batch) throws InterruptedException {
      if (closed) {
        throw new MqException("sender is closed");
      }
      queue.send(batch);
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private final class Receiver implements MqReceiver {
    private final ArrayDeque<MemoryQueue.Lease> leases = new ArrayDeque<>();
    private boolean closed;

    @Override
    public List<Received> receive(int max, Duration wait) throws InterruptedException {
      if (closed) {
        throw new MqException("receiver is closed");
      }
      return queue.receive(max, wait, leases);
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
