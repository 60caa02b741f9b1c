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
 * RABBITMQ_URI}) does not collect one queue per test. The backend itself deletes queues only when
 * the runner asks ({@link Mq#removeQueue}).
 */
final class QueueDeletingMq implements Mq {
  private final Mq delegate;
  private final Runnable delete;
  private boolean deleted;

  QueueDeletingMq(Mq delegate, String uri, String queue) {
    this(delegate, () -> deleteQueue(uri, queue));
  }

  private QueueDeletingMq(Mq delegate, Runnable delete) {
    this.delegate = delegate;
    this.delete = delete;
  }

  /**
   * @param pubSub an {@code Mq} opened on {@code queue} with several subscriptions
   * @param uri the broker
   * @param queue the configured queue: the fanout exchange's name
   * @param subscriptions how many it was opened with
   * @return it, deleting its exchange and every subscription's queue when closed
   */
  static QueueDeletingMq withSubscriptions(Mq pubSub, String uri, String queue, int subscriptions) {
    return new QueueDeletingMq(
        pubSub,
        () -> {
          deleteExchange(uri, queue);
          for (int i = 0; i < subscriptions; i++) {
            deleteQueue(uri, RabbitMqSettings.subscriptionQueue(queue, i));
          }
        });
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
  public MqReceiver createReceiver(int subscription) {
    return delegate.createReceiver(subscription);
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
      delete.run();
    }
  }

  /** Deletes an exchange, best effort. */
  static void deleteExchange(String uri, String exchange) {
    try {
      ConnectionFactory f = new ConnectionFactory();
      f.setUri(uri);
      f.setAutomaticRecoveryEnabled(false);
      try (Connection c = f.newConnection("mqbench-it-cleanup");
          Channel ch = c.createChannel()) {
        ch.exchangeDelete(exchange);
      }
    } catch (Exception e) {
      System.err.println("[rabbit-it] could not delete exchange " + exchange + ": " + e);
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
