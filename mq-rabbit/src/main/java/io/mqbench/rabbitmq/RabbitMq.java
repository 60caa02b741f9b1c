package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.ClientVersion;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One queue on one RabbitMQ broker or cluster. {@link #open} checks the broker and declares the
 * queue; every sender and receiver then gets a connection of its own, as RabbitMQ's PerfTest does,
 * so that each has its own reader process on the broker and closing a receiver returns its
 * unacknowledged messages at once.
 *
 * <p>Opened with several subscriptions, it is RabbitMQ's native publish/subscribe: a durable fanout
 * exchange named after the queue, and one queue per subscription ({@link
 * RabbitMqSettings#subscriptionQueue}) of the configured type and arguments, bound to it. All are
 * declared at open, so that every subscription holds every message sent afterwards, whenever its
 * first receiver comes. Senders publish to the exchange with the same publisher confirms, which the
 * broker sends once every bound queue has the message; the receivers of a subscription consume its
 * queue, and an unacknowledged message goes back to that queue only.
 */
final class RabbitMq implements PublishSubscribeMq {
  private final RabbitMqSettings settings;

  /** The receivers' settings per subscription: the configured queue alone, or one per queue. */
  private final List<RabbitMqSettings> subscriptions;

  /** Where senders publish: the default exchange, or the subscriptions' fanout exchange. */
  private final String exchange;

  /** The routing key: the queue's name on the default exchange; a fanout exchange ignores it. */
  private final String routingKey;

  private final String brokerVersion;
  private final OpenClients open = new OpenClients("rabbitmq: this Mq is closed");
  private final AtomicInteger clients = new AtomicInteger();

  private final MqLimits limits;
  private final boolean createdQueue;

  private RabbitMq(
      RabbitMqSettings settings,
      List<RabbitMqSettings> subscriptions,
      String brokerVersion,
      MqLimits limits,
      boolean createdQueue) {
    this.subscriptions = List.copyOf(subscriptions);
    boolean fanout = subscriptions.size() > 1;
    this.exchange = fanout ? settings.queue() : "";
    this.routingKey = fanout ? "" : settings.queue();
    this.limits = limits;
    this.createdQueue = createdQueue;
    this.settings = settings;
    this.brokerVersion = brokerVersion;
  }

  /**
   * Connects once to fail fast on a bad address, credentials or vhost, and declares the queue.
   *
   * @param settings the parsed configuration
   * @param limits what senders accept, checked before each send
   * @return the open backend
   * @throws MqException with one line naming the address and the key to check
   */
  static RabbitMq open(RabbitMqSettings settings, MqLimits limits) {
    return open(settings, limits, 1);
  }

  /**
   * As {@link #open(RabbitMqSettings, MqLimits)}, for publish/subscribe.
   *
   * @param settings the parsed configuration
   * @param limits what senders accept, checked before each send
   * @param subscriptions 1 for the configured queue alone; more for a fanout exchange named after
   *     it and a queue per subscription, all declared and bound here
   * @return the open backend; it created its queue if it created the exchange
   * @throws MqException with one line naming the address and the key to check
   */
  static RabbitMq open(RabbitMqSettings settings, MqLimits limits, int subscriptions) {
    List<RabbitMqSettings> queues =
        Subscriptions.settings(
            subscriptions,
            settings,
            i -> settings.withQueue(RabbitMqSettings.subscriptionQueue(settings.queue(), i)));
    Connection c = connect(settings, "mqbench-declare");
    try {
      Object version = c.getServerProperties().get("version");
      boolean existed;
      if (subscriptions == 1) {
        existed = exists(c, settings, "queue", ch -> ch.queueDeclarePassive(settings.queue()));
        declare(c, settings);
      } else {
        existed =
            exists(c, settings, "exchange", ch -> ch.exchangeDeclarePassive(settings.queue()));
        declareFanout(c, settings, queues);
      }
      return new RabbitMq(
          settings, queues, version == null ? "unknown" : version.toString(), limits, !existed);
    } finally {
      closeQuietly(c);
    }
  }

  /** A passive declaration: it fails with 404 when the queue or exchange is missing. */
  @FunctionalInterface
  private interface Lookup {
    void on(Channel ch) throws IOException;
  }

  /**
   * Whether the queue or exchange is there: a passive declare, on a channel of its own (404 closes
   * it).
   */
  private static boolean exists(
      Connection c, RabbitMqSettings settings, String what, Lookup lookup) {
    Channel ch = null;
    try {
      ch = c.createChannel();
      lookup.on(ch);
      return true;
    } catch (IOException | ShutdownSignalException e) {
      if (Failures.closeCode(e) == AMQP.NOT_FOUND) {
        return false;
      }
      throw Failures.operation(
          "cannot look up " + what + " '" + settings.queue() + "'", e, settings);
    } finally {
      if (ch != null && ch.isOpen()) {
        try {
          ch.close();
        } catch (IOException | TimeoutException | ShutdownSignalException e) {
          // The answer is in; the channel goes with the connection.
        }
      }
    }
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(createdQueue);
  }

  /**
   * Deletes the queue whatever it holds and whoever consumes from it; opened with several
   * subscriptions, the fanout exchange and every subscription's queue.
   */
  @Override
  public boolean removeQueue() {
    checkOpen();
    Connection c = connect(settings, "mqbench-remove");
    String deleting = settings.queue();
    try (Channel ch = c.createChannel()) {
      if (isFanout()) {
        deleting = "exchange '" + exchange + "'";
        ch.exchangeDelete(exchange);
        for (RabbitMqSettings s : subscriptions) {
          deleting = "queue '" + s.queue() + "'";
          ch.queueDelete(s.queue());
        }
      } else {
        deleting = "queue '" + settings.queue() + "'";
        ch.queueDelete(settings.queue());
      }
      return true;
    } catch (IOException | TimeoutException | ShutdownSignalException e) {
      throw Failures.operation("cannot delete " + deleting, e, settings);
    } finally {
      closeQuietly(c);
    }
  }

  /**
   * Declares the durable fanout exchange named after the queue, and each subscription's queue as
   * {@link #declare} declares the one queue, bound to it.
   */
  private static void declareFanout(
      Connection c, RabbitMqSettings settings, List<RabbitMqSettings> queues) {
    try (Channel ch = c.createChannel()) {
      ch.exchangeDeclare(settings.queue(), BuiltinExchangeType.FANOUT, true, false, null);
    } catch (IOException | TimeoutException | ShutdownSignalException e) {
      String hint =
          Failures.closeCode(e) == AMQP.PRECONDITION_FAILED
              ? " (an exchange of another type or durability has its name: choose another"
                  + " rabbitmq.queue or delete it)"
              : "";
      throw Failures.operation(
          "cannot declare fanout exchange '" + settings.queue() + "'" + hint, e, settings);
    }
    for (RabbitMqSettings queue : queues) {
      declare(c, queue);
      try (Channel ch = c.createChannel()) {
        ch.queueBind(queue.queue(), settings.queue(), "");
      } catch (IOException | TimeoutException | ShutdownSignalException e) {
        throw Failures.operation(
            "cannot bind queue '" + queue.queue() + "' to exchange '" + settings.queue() + "'",
            e,
            settings);
      }
    }
  }

  private static void declare(Connection c, RabbitMqSettings settings) {
    try (Channel ch = c.createChannel()) {
      // Durable, shared and never auto-deleted: the queue outlives runs and restarts.
      ch.queueDeclare(settings.queue(), true, false, false, settings.declareArgs());
    } catch (IOException | TimeoutException | ShutdownSignalException e) {
      String hint =
          Failures.closeCode(e) == AMQP.PRECONDITION_FAILED
              ? " (it exists with other arguments: choose another rabbitmq.queue or delete it)"
              : "";
      throw Failures.operation(
          "cannot declare " + settings.queueType() + " queue '" + settings.queue() + "'" + hint,
          e,
          settings);
    }
  }

  /**
   * Opens a connection, failing within the connect timeout with a one-line message.
   *
   * @param settings the backend's settings
   * @param name the connection's name, shown in the broker's management UI
   * @return the connection
   */
  static Connection connect(RabbitMqSettings settings, String name) {
    try {
      return settings.factory().newConnection(settings.addresses(), name);
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw Failures.connecting(e, settings);
    }
  }

  static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      if (c.isOpen()) {
        c.close(5_000);
      }
    } catch (IOException | RuntimeException e) {
      // Closing is best effort; abort makes sure the socket is gone.
      c.abort(1_000);
    }
  }

  RabbitMqSettings settings() {
    return settings;
  }

  /**
   * @return the exchange senders publish to: {@code ""} (the default exchange) for one queue
   */
  String exchange() {
    return exchange;
  }

  /**
   * @return the routing key senders publish with: the queue's name on the default exchange
   */
  String routingKey() {
    return routingKey;
  }

  private boolean isFanout() {
    return subscriptions.size() > 1;
  }

  /** Opens a connection for a sender or receiver of this {@code Mq}. */
  Connection connectClient(String role) {
    checkOpen();
    return connect(settings, "mqbench-" + role + "-" + clients.incrementAndGet());
  }

  void checkOpen() {
    open.checkOpen();
  }

  void forget(AutoCloseable client) {
    open.remove(client);
  }

  @Override
  public MqSender createSender() {
    checkOpen();
    return limits.enforce("rabbitmq", open.add(new RabbitMqSender(this)));
  }

  /** A consumer of the subscription's queue. */
  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(
        subscription, subscriptions.size(), "queue '" + settings.queue() + "' was opened with");
    checkOpen();
    return open.add(new RabbitMqReceiver(this, subscriptions.get(subscription)));
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("amqp-client", ClientVersion.VERSION);
    v.put("broker", "RabbitMQ " + brokerVersion);
    v.put("queueType", settings.queueType().toString());
    if (isFanout()) {
      v.put(
          "subscriptions",
          "fanout exchange "
              + exchange
              + " to "
              + String.join(",", subscriptions.stream().map(RabbitMqSettings::queue).toList()));
    }
    return v;
  }

  @Override
  public void close() {
    open.closeAll(
        c -> {
          if (c instanceof RabbitMqReceiver r) {
            // Its thread may still be running: do not touch its acks, just end its leases.
            r.abandon();
          } else {
            c.close();
          }
        });
  }
}
