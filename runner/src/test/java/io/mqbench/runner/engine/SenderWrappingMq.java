package io.mqbench.runner.engine;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.util.List;

/**
 * A backend whose sends the test changes (to drop, fail or stall them) while everything else goes
 * to a real memory queue: the harness is checked against misbehaviour a correct backend never shows
 * on demand.
 */
record SenderWrappingMq(Mq inner, SendOverride override) implements Mq {

  /** What a send does instead; {@code next} sends to the real queue. */
  @FunctionalInterface
  interface SendOverride {
    void send(List<byte[]> batch, MqSender next) throws InterruptedException;
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
    inner.close();
  }
}
