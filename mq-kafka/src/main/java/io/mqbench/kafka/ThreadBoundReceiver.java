package io.mqbench.kafka;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the two Kafka receivers share about closing. A Kafka consumer belongs to the thread that
 * uses it, so the {@code Mq}, closing from another thread, only asks ({@link #closeFromMq}, which
 * wakes the consumer out of a poll) and the receiver's own thread closes it on its next call;
 * {@link #close} runs once and tells the {@code Mq}, which forgets the receiver.
 */
abstract class ThreadBoundReceiver implements MqReceiver {
  private final String topic;
  private final Consumer<? super ThreadBoundReceiver> onClose;
  private boolean closed;
  private volatile boolean mqClosed;
  private volatile Runnable wakeup = () -> {};

  /**
   * @param topic the topic read, for the message of a call after closing
   * @param onClose called once when this receiver closes
   */
  ThreadBoundReceiver(String topic, Consumer<? super ThreadBoundReceiver> onClose) {
    this.topic = topic;
    this.onClose = onClose;
  }

  /**
   * Receives on an open receiver, as {@link #receive}.
   *
   * @param max at least 1
   */
  abstract List<Received> poll(int max, Duration wait) throws InterruptedException;

  /** Gives back or commits what this receiver holds and leaves the group; called once. */
  abstract void leave();

  /**
   * Closes if the {@code Mq} asked to.
   *
   * @throws MqException if closed
   */
  final void checkOpen() {
    if (mqClosed && !closed) {
      close();
    }
    if (closed) {
      throw new MqException("receiver of topic " + topic + " is closed");
    }
  }

  /**
   * @param wakeup wakes the consumer just created out of a poll, from any thread
   */
  final void wakeWith(Runnable wakeup) {
    this.wakeup = wakeup;
  }

  final boolean isClosed() {
    return closed;
  }

  /** Called by the {@code Mq} when it closes, possibly from another thread. */
  final void closeFromMq() {
    mqClosed = true;
    wakeup.run();
  }

  @Override
  public final List<Received> receive(int max, Duration wait) throws InterruptedException {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    checkOpen();
    return poll(max, wait);
  }

  @Override
  public final void close() {
    if (closed) {
      return;
    }
    closed = true;
    onClose.accept(this);
    leave();
  }
}
