package io.mqbench.rabbitmq;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.util.Map;

/**
 * An {@link Mq} that deletes its test queue when closed, so that a shared broker ({@code
 * RABBITMQ_URI}) does not collect one queue per test. The backend itself never deletes queues.
 */
final class QueueDeletingMq implements Mq {
  private final Mq delegate;
  private final String uri;
  private final String queue;
  private boolean deleted;

  QueueDeletingMq(Mq delegate, String uri, String queue) {
    this.delegate = delegate;
    this.uri = uri;
    this.queue = queue;
  }

  @Override
  public MqSender createSender() {
    return delegate.createSender();
  }

  @Override
  public MqReceiver createReceiver() {
    return delegate.createReceiver();
  }

  @Override
  public Map<String, String> versions() {
    return delegate.versions();
  }

  @Override
  public void close() {
    delegate.close();
    if (!deleted) {
      deleted = true;
      deleteQueue(uri, queue);
    }
  }

  /** Deletes a queue, best effort. */
  static void deleteQueue(String uri, String queue) {
    try {
      ConnectionFactory f = new ConnectionFactory();
      f.setUri(uri);
      f.setAutomaticRecoveryEnabled(false);
      try (Connection c = f.newConnection("mqbench-it-cleanup");
          Channel ch = c.createChannel()) {
        ch.queueDelete(queue);
      }
    } catch (Exception e) {
      System.err.println("[rabbit-it] could not delete queue " + queue + ": " + e);
    }
  }
}
