package io.mqbench.rabbitmq;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;

/**
 * A competing receiver of the process's one {@link StreamReader}: it leases messages from the
 * reader, acknowledges exactly those it is given, and gives back what it holds when it closes.
 */
final class StreamReceiver implements MqReceiver {
  /**
   * Its leases in the order they began (so in the order they end); an entry acknowledged or taken
   * back since stays until it reaches the front. Guarded by the reader's lock.
   */
  final ArrayDeque<StreamReader.Entry> leased = new ArrayDeque<>();

  private final RabbitStreamMq mq;
  private final StreamReader reader;
  private boolean closed;

  StreamReceiver(RabbitStreamMq mq, StreamReader reader) {
    this.mq = mq;
    this.reader = reader;
    reader.register(this);
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    if (closed) {
      throw new MqException(StreamSettings.NAME + ": the receiver is closed");
    }
    return reader.take(this, max, wait);
  }

  @Override
  public void ack(List<Received> messages) {
    if (messages.isEmpty()) {
      return;
    }
    reader.ack(messages);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    reader.release(this);
    mq.forget(this);
  }
}
