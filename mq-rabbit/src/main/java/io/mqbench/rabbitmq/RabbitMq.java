package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.ClientVersion;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One queue on one RabbitMQ broker or cluster. {@link #open} checks the broker and declares the
 * queue; every sender and receiver then gets a connection of its own, as RabbitMQ's PerfTest does,
 * so that each has its own reader process on the broker and closing a receiver returns its
 * unacknowledged messages at once.
 */
final class RabbitMq implements Mq {
  private final RabbitMqSettings settings;
  private final String brokerVersion;
  private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
  private final AtomicInteger clients = new AtomicInteger();
  private volatile boolean closed;

  private final MqLimits limits;
  private final boolean createdQueue;

  private RabbitMq(
      RabbitMqSettings settings, String brokerVersion, MqLimits limits, boolean createdQueue) {
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
    Connection c = connect(settings, "mqbench-declare");
    try {
      Object version = c.getServerProperties().get("version");
      boolean existed = exists(c, settings);
      declare(c, settings);
      return new RabbitMq(
          settings, version == null ? "unknown" : version.toString(), limits, !existed);
    } finally {
      closeQuietly(c);
    }
  }

  /** Whether the queue is there: a passive declare, on a channel of its own (404 closes it). */
  private static boolean exists(Connection c, RabbitMqSettings settings) {
    Channel ch = null;
    try {
      ch = c.createChannel();
      ch.queueDeclarePassive(settings.queue());
      return true;
    } catch (IOException | ShutdownSignalException e) {
      if (Failures.closeCode(e) == AMQP.NOT_FOUND) {
        return false;
      }
      throw Failures.operation("cannot look up queue '" + settings.queue() + "'", e, settings);
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

  /** Deletes the queue whatever it holds and whoever consumes from it. */
  @Override
  public boolean removeQueue() {
    checkOpen();
    Connection c = connect(settings, "mqbench-remove");
    try (Channel ch = c.createChannel()) {
      ch.queueDelete(settings.queue());
      return true;
    } catch (IOException | TimeoutException | ShutdownSignalException e) {
      throw Failures.operation("cannot delete queue '" + settings.queue() + "'", e, settings);
    } finally {
      closeQuietly(c);
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
      return settings.factory().newConnection(name);
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

  /** Opens a connection for a sender or receiver of this {@code Mq}. */
  Connection connectClient(String role) {
    checkOpen();
    return connect(settings, "mqbench-" + role + "-" + clients.incrementAndGet());
  }

  void checkOpen() {
    if (closed) {
      throw new MqException("rabbitmq: this Mq is closed");
    }
  }

  void forget(AutoCloseable client) {
    open.remove(client);
  }

  @Override
  public MqSender createSender() {
    checkOpen();
    RabbitMqSender sender = new RabbitMqSender(this);
    open.add(sender);
    return limits.enforce("rabbitmq", sender);
  }

  @Override
  public MqReceiver createReceiver() {
    checkOpen();
    RabbitMqReceiver receiver = new RabbitMqReceiver(this);
    open.add(receiver);
    return receiver;
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("amqp-client", ClientVersion.VERSION);
    v.put("broker", "RabbitMQ " + brokerVersion);
    v.put("queueType", settings.queueType().toString());
    return v;
  }

  @Override
  public void close() {
    closed = true;
    for (AutoCloseable c : open) {
      try {
        if (c instanceof RabbitMqReceiver r) {
          // Its thread may still be running: do not touch its acks, just end its leases.
          r.abandon();
        } else {
          c.close();
        }
      } catch (Exception e) {
        // close() of senders and receivers does not throw; nothing to report here.
      }
    }
    open.clear();
  }
}
