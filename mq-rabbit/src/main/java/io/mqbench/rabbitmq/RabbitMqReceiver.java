package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A push consumer with manual acknowledgements and a prefetch ({@code basicQos}), feeding a bounded
 * buffer that {@link #receive} drains.
 *
 * <p>The broker never has more than the prefetch unacknowledged on the consumer, so a buffer of
 * that size never fills. A lease lasts until {@link #ack}, or until the receiver's channel closes
 * (close, crash, lost connection): the broker then requeues everything unacknowledged for the other
 * consumers. There is no lease timeout.
 *
 * <p>{@link #ack} may hold acknowledgements back while messages keep coming, and sends them (as few
 * {@code multiple} acks) once half the prefetch is held, when {@link #receive} found nothing for 10
 * ms, and on {@link #close}.
 *
 * <p>The consumer starts on the first {@link #receive}, whose {@code max} sizes the default
 * prefetch. After the connection is lost, the next {@code receive} opens a new one; messages
 * received on the old one cannot be acknowledged any more and come back.
 */
final class RabbitMqReceiver implements MqReceiver {
  /** How long held acknowledgements wait for more deliveries before they are sent anyway. */
  private static final long ACK_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final RabbitMq owner;
  private final RabbitMqSettings settings;
  private Session session;
  private volatile boolean closed;

  /**
   * @param owner the open backend
   * @param settings the owner's settings for the queue this receiver consumes: its subscription's
   */
  RabbitMqReceiver(RabbitMq owner, RabbitMqSettings settings) {
    this.owner = owner;
    this.settings = settings;
    // Connect now so that createReceiver fails, not the first receive, when the broker is gone.
    this.session = new Session(owner.connectClient("receiver"));
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    if (closed) {
      throw new MqException("rabbitmq: this receiver is closed");
    }
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    if (!session.usable()) {
      session.close();
      owner.checkOpen();
      session = new Session(owner.connectClient("receiver"));
    }
    session.startConsuming(max);
    Delivery first = session.buffer.poll();
    if (first == null) {
      // The connection's thread puts the deliveries of one read one after another, and waking this
      // thread for the first often preempts it on the same core: parking now would be woken again
      // for each of the others. Giving way once lets it put them first. At 20,000 msgs/s on a
      // quorum queue this thread's context switches fell from 123,000 to 22,000 in 15 s, and the
      // connection thread's preemptions from 105,000 to 3,000.
      Thread.yield();
      first = session.buffer.poll();
    }
    long waitNanos = wait.toNanos();
    if (first == null && !session.acked.isEmpty() && waitNanos > 0) {
      // Held acks linger a little: under load the next delivery comes well within it.
      long linger = Math.min(waitNanos, ACK_LINGER_NANOS);
      first = awaitDelivery(linger);
      waitNanos -= linger;
    }
    if (first == null) {
      // The queue ran dry: send the held acks, so that the broker's credit is whole again.
      flushAcks();
      if (waitNanos > 0) {
        first = awaitDelivery(waitNanos);
      }
    }
    if (first == null) {
      return List.of();
    }
    List<Delivery> got = new ArrayList<>(Math.min(max, session.buffer.size() + 1));
    got.add(first);
    session.buffer.drainTo(got, max - 1);
    List<Received> out = new ArrayList<>(got.size());
    for (Delivery d : got) {
      session.leased.add(d.tag());
      out.add(new Message(session, d.tag(), d.body()));
    }
    return out;
  }

  /**
   * Both timed waits go through here so that the JIT's profile of the wait's result has seen it
   * empty: the wait after the held acks went out returns empty only when the queue runs dry, and
   * that first time made the JIT throw the compiled receive away and compile it again.
   */
  private Delivery awaitDelivery(long nanos) throws InterruptedException {
    return session.buffer.poll(nanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void ack(List<Received> messages) {
    if (messages.isEmpty() || closed) {
      // After close the leases ended: the broker requeued the messages already.
      return;
    }
    for (Received r : messages) {
      if (!(r instanceof Message m)) {
        throw new IllegalArgumentException("not received from a rabbitmq receiver: " + r);
      }
      // A message from an earlier connection was requeued when it closed; acking it is moot.
      if (m.session() == session && session.leased.remove(m.tag())) {
        session.acked.add(m.tag());
      }
    }
    // Acks are coalesced: a quorum queue turns every ack frame into a Raft command, so fewer,
    // larger (multiple) acks leave the broker more time for messages. They are held only while
    // the buffer still has work for the caller; see flushAcks.
    if (session.acked.size() >= Math.max(1, session.prefetch / 2)) {
      flushAcks();
    }
  }

  /** Sends the held acknowledgements, with {@code multiple} where the tags allow. */
  private void flushAcks() {
    if (session.acked.isEmpty() || !session.usable()) {
      session.acked.clear();
      return;
    }
    long[] tags = new long[session.acked.size()];
    int i = 0;
    for (long tag : session.acked) {
      tags[i++] = tag;
    }
    session.acked.clear();
    long lowestStillLeased = session.leased.isEmpty() ? Long.MAX_VALUE : session.leased.first();
    try {
      for (AckPlan.Ack a : AckPlan.plan(tags, lowestStillLeased)) {
        session.channel.basicAck(a.tag(), a.multiple());
      }
    } catch (IOException | ShutdownSignalException e) {
      throw Failures.operation(
          "acknowledging failed (the messages will be redelivered)", e, settings);
    }
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        flushAcks();
      } catch (MqException e) {
        // the connection is gone: its messages come back, acknowledged or not
      }
      // Closing the connection requeues what is unacknowledged, at once.
      session.close();
      owner.forget(this);
    }
  }

  /** Closes the connection without sending held acks; for {@link RabbitMq#close()}. */
  void abandon() {
    closed = true;
    session.close();
  }

  private record Delivery(long tag, byte[] body) {}

  private record Message(Session session, long tag, byte[] body) implements Received {
    @Override
    public String toString() {
      return "rabbitmq message #" + tag;
    }
  }

  /** One connection, its channel and consumer, and the deliveries it holds. */
  private final class Session {
    private final Connection connection;
    private final Channel channel;
    // Delivery tags handed to the caller and not acknowledged yet (tags of this channel only).
    private final TreeSet<Long> leased = new TreeSet<>();
    // Tags the caller acknowledged that are not yet sent to the broker.
    private final TreeSet<Long> acked = new TreeSet<>();
    private int prefetch;
    private ArrayBlockingQueue<Delivery> buffer;
    private volatile boolean dead;

    Session(Connection connection) {
      this.connection = connection;
      try {
        this.channel = connection.createChannel();
      } catch (IOException | RuntimeException e) {
        RabbitMq.closeQuietly(connection);
        throw Failures.operation("cannot open a channel", e, settings);
      }
      channel.addShutdownListener(cause -> dead = true);
    }

    boolean usable() {
      return !dead && channel.isOpen();
    }

    void startConsuming(int receiveMax) {
      if (buffer != null) {
        return;
      }
      prefetch = settings.prefetchFor(receiveMax);
      ArrayBlockingQueue<Delivery> queue = new ArrayBlockingQueue<>(prefetch);
      Map<String, Object> args =
          settings.queueType() == QueueType.STREAM
              ? Map.of("x-stream-offset", settings.streamOffsetArg())
              : Map.of();
      try {
        channel.basicQos(prefetch);
        channel.basicConsume(
            settings.queue(),
            false,
            args,
            new DefaultConsumer(channel) {
              @Override
              public void handleDelivery(
                  String consumerTag, Envelope envelope, AMQP.BasicProperties props, byte[] body)
                  throws IOException {
                try {
                  // Never blocks: the broker stops at the prefetch, which is the capacity.
                  queue.put(new Delivery(envelope.getDeliveryTag(), body));
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  throw new IOException("interrupted while buffering a delivery", e);
                }
              }

              @Override
              public void handleCancel(String consumerTag) {
                // The queue was deleted: reconnect (and fail to declare-consume) on next receive.
                dead = true;
              }
            });
      } catch (IOException | ShutdownSignalException e) {
        dead = true;
        throw Failures.operation(
            "cannot consume from queue '" + settings.queue() + "'", e, settings);
      }
      buffer = queue;
    }

    void close() {
      dead = true;
      RabbitMq.closeQuietly(connection);
    }
  }
}
