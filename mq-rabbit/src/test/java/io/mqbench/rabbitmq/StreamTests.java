package io.mqbench.rabbitmq;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Opens the {@code rabbitmq-stream} backend on the tests' broker. */
final class StreamTests {
  private StreamTests() {}

  /**
   * @return the raw configuration of a stream on the tests' broker: 3 s leases, short timeouts
   */
  static Map<String, String> config(RabbitBroker broker, String stream) {
    return config(brokerKeys(broker), stream);
  }

  /**
   * @return the keys that point the backend at the tests' broker
   */
  static Map<String, String> brokerKeys(RabbitBroker broker) {
    return Map.of(
        "rabbitmq-stream.uri",
        broker.streamUri(),
        "rabbitmq-stream.amqpPort",
        String.valueOf(broker.port()));
  }

  /**
   * @param brokerKeys the keys that point at the broker
   * @return the raw configuration of a stream there: 3 s leases, short timeouts
   */
  static Map<String, String> config(Map<String, String> brokerKeys, String stream) {
    Map<String, String> raw = new HashMap<>(brokerKeys);
    raw.put("rabbitmq-stream.stream", stream);
    raw.put("rabbitmq-stream.leaseTimeout", "3s");
    raw.put("rabbitmq-stream.confirmTimeout", "10s");
    return raw;
  }

  /**
   * @param more keys added to or replacing {@link #config}'s
   * @return the backend open on {@code stream}, deleting the stream when closed
   */
  static Mq open(RabbitBroker broker, String stream, Map<String, String> more) {
    return open(brokerKeys(broker), broker.uri(), stream, more);
  }

  /**
   * @param brokerKeys the keys that point at the broker
   * @param amqpUri the same broker's AMQP URI, to delete the stream with
   * @param more keys added to or replacing {@link #config}'s
   * @return the backend open on {@code stream}, deleting the stream when closed
   */
  static Mq open(
      Map<String, String> brokerKeys, String amqpUri, String stream, Map<String, String> more) {
    Map<String, String> raw = config(brokerKeys, stream);
    raw.putAll(more);
    RabbitStreamProvider provider = new RabbitStreamProvider();
    return new Deleting(provider.open(provider.configure(raw)), amqpUri, stream);
  }

  /**
   * @param subscriptions how many subscriptions to open
   * @return the backend open on {@code stream} with them, deleting the stream when closed
   */
  static Mq openSubscriptions(RabbitBroker broker, String stream, int subscriptions) {
    return openSubscriptions(brokerKeys(broker), broker.uri(), stream, subscriptions);
  }

  /**
   * @param brokerKeys the keys that point at the broker
   * @param amqpUri the same broker's AMQP URI, to delete the stream with
   * @param subscriptions how many subscriptions to open
   * @return the backend open on {@code stream} with them, deleting the stream when closed
   */
  static Mq openSubscriptions(
      Map<String, String> brokerKeys, String amqpUri, String stream, int subscriptions) {
    RabbitStreamProvider provider = new RabbitStreamProvider();
    return new Deleting(
        provider.open(provider.configure(config(brokerKeys, stream)), subscriptions),
        amqpUri,
        stream);
  }

  /**
   * @return the backend open on {@code stream}, which stays when it closes
   */
  static Mq openKept(RabbitBroker broker, String stream) {
    RabbitStreamProvider provider = new RabbitStreamProvider();
    return provider.open(provider.configure(config(broker, stream)));
  }

  /**
   * An {@link Mq} that deletes its stream (a queue to AMQP) when closed, so that a shared broker
   * does not collect one stream per test. Everything else is passed on.
   */
  private static final class Deleting implements Mq {
    private final Mq delegate;
    private final String uri;
    private final String stream;
    private boolean deleted;

    Deleting(Mq delegate, String uri, String stream) {
      this.delegate = delegate;
      this.uri = uri;
      this.stream = stream;
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
    public Optional<Boolean> createdQueue() {
      return delegate.createdQueue();
    }

    @Override
    public boolean removeQueue() {
      return delegate.removeQueue();
    }

    @Override
    public void close() {
      delegate.close();
      if (!deleted) {
        deleted = true;
        QueueDeletingMq.deleteQueue(uri, stream);
      }
    }
  }
}
