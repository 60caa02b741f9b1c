package io.mqbench.artemis;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.jms.BytesMessage;
import javax.jms.CompletionListener;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Session;

/**
 * Sends persistent messages over a connection of its own.
 *
 * <p>{@link #send} stores a batch as {@link SendMode} says: in a local transaction committed once
 * per batch (returns when the commit returns: the broker has written, and with the default journal
 * settings synced, every message), or as blocking durable sends, one per message.
 *
 * <p>{@link #sendAsync} sends each message with a JMS 2.0 {@link CompletionListener} on a second,
 * non-transacted session: the broker confirms a durable message once it stored it, as a blocking
 * send would have returned, so the batch completes when its last message is confirmed (or fails
 * with the first that failed, or about twice {@code artemis.callTimeout} after it was sent if the
 * broker stops answering). Several batches are in flight this way, bounded by the engine's window.
 * Closing completes every batch still in flight, normally or exceptionally.
 */
final class ArtemisSender implements MqSender {
  private final ArtemisSettings settings;
  private final Connection connection;
  private final Session txSession;
  private final MessageProducer txProducer;
  private final Session asyncSession;
  private final MessageProducer asyncProducer;
  private final Set<Batch> inFlight = ConcurrentHashMap.newKeySet();
  private final Duration confirmationBound;
  private final ScheduledFuture<?> overdueSweep;
  // The transaction of a batch that failed, still to be rolled back; the sending thread's own.
  private boolean rollbackPending;
  // Atomic: the Mq may close this while its own thread does.
  private final AtomicBoolean closed = new AtomicBoolean();

  ArtemisSender(ArtemisMq mq) {
    this.settings = mq.settings();
    this.confirmationBound = settings.callTimeout().multipliedBy(2);
    Connection c = null;
    try {
      c = mq.connect("create a sender");
      Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
      Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Destination to =
          settings.routingType() == RoutingType.ANYCAST
              ? plain.createQueue(settings.queue())
              : plain.createTopic(settings.addressName());
      this.txSession = tx;
      this.txProducer = producer(tx, to);
      this.asyncSession = plain;
      this.asyncProducer = producer(plain, to);
      this.connection = c;
      long sweepMs = Math.max(10, confirmationBound.toMillis() / 10);
      this.overdueSweep =
          mq.timers()
              .scheduleWithFixedDelay(this::failOverdue, sweepMs, sweepMs, TimeUnit.MILLISECONDS);
    } catch (JMSException e) {
      Failures.closeQuietly(c);
      throw Failures.of("create a sender", e, settings);
    }
  }

  private static MessageProducer producer(Session s, Destination to) throws JMSException {
    MessageProducer p = s.createProducer(to);
    p.setDeliveryMode(DeliveryMode.PERSISTENT);
    // The envelope inside the body identifies each message; IDs and timestamps would only cost.
    p.setDisableMessageID(true);
    p.setDisableMessageTimestamp(true);
    return p;
  }

  @Override
  public void send(List<byte[]> batch) throws InterruptedException {
    checkOpen();
    if (batch.isEmpty()) {
      return;
    }
    try {
      if (settings.sendMode() == SendMode.TRANSACTED) {
        if (rollbackPending) {
          txSession.rollback();
          rollbackPending = false;
        }
        for (byte[] body : batch) {
          txProducer.send(message(txSession, body));
        }
        txSession.commit();
      } else {
        for (byte[] body : batch) {
          asyncProducer.send(message(asyncSession, body));
        }
      }
    } catch (JMSException | RuntimeException e) {
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new InterruptedException("interrupted while sending to Artemis");
      }
      if (settings.sendMode() == SendMode.TRANSACTED) {
        // Rolled back before the next batch rather than now: on a failover URL the rollback would
        // wait for the failover, and this failure must be reported within the call timeout.
        rollbackPending = true;
      }
      throw Failures.of(
          settings.sendMode() == SendMode.TRANSACTED ? "commit" : "send", e, settings);
    }
  }

  @Override
  public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    if (closed.get()) {
      return CompletableFuture.failedFuture(Failures.closed("sender to", settings));
    }
    if (batch.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    Batch b = new Batch(batch.size(), System.nanoTime() + confirmationBound.toNanos());
    inFlight.add(b);
    try {
      for (byte[] body : batch) {
        if (b.done.isDone()) {
          break; // a message failed already: the batch has failed
        }
        asyncProducer.send(message(asyncSession, body), b);
      }
    } catch (JMSException | RuntimeException e) {
      b.fail(
          closed.get() ? Failures.closed("sender to", settings) : Failures.of("send", e, settings));
    }
    return b.done;
  }

  /**
   * One batch sent with completion listeners: it completes when the broker confirmed its last
   * message, fails with the first message that failed, and is failed by {@link #failOverdue} once
   * past its deadline.
   */
  private final class Batch implements CompletionListener {
    final CompletableFuture<Void> done = new CompletableFuture<>();
    final AtomicInteger unconfirmed;
    final long deadlineNanos;

    Batch(int messages, long deadlineNanos) {
      this.unconfirmed = new AtomicInteger(messages);
      this.deadlineNanos = deadlineNanos;
    }

    @Override
    public void onCompletion(Message message) {
      if (unconfirmed.decrementAndGet() == 0) {
        inFlight.remove(this);
        done.complete(null);
      }
    }

    @Override
    public void onException(Message message, Exception exception) {
      fail(Failures.of("send", exception, settings));
    }

    void fail(MqException failure) {
      inFlight.remove(this);
      done.completeExceptionally(failure);
    }
  }

  /**
   * Fails the batches whose deadline passed: the broker stopped answering without the client
   * noticing. One periodic sweep per sender, rather than a timer per batch, which at tens of
   * thousands of batches a second would cost the client more than the sends.
   */
  private void failOverdue() {
    long now = System.nanoTime();
    for (Batch b : inFlight) {
      if (now - b.deadlineNanos > 0) {
        b.fail(
            new MqException(
                "Artemis at "
                    + settings.address()
                    + " did not confirm a batch within "
                    + confirmationBound.toMillis()
                    + " ms (twice "
                    + ArtemisSettings.CALL_TIMEOUT.name()
                    + ")"));
      }
    }
  }

  private static BytesMessage message(Session s, byte[] body) throws JMSException {
    BytesMessage m = s.createBytesMessage();
    m.writeBytes(body);
    return m;
  }

  private void checkOpen() {
    if (closed.get()) {
      throw Failures.closed("sender to", settings);
    }
  }

  /**
   * Closes the connection, which waits for the confirmations of messages in flight (JMS 2.0), then
   * fails whatever a dead broker left unconfirmed.
   */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    overdueSweep.cancel(false);
    Failures.closeQuietly(connection);
    for (Batch b : List.copyOf(inFlight)) {
      b.fail(
          new MqException(
              "sender to Artemis at "
                  + settings.address()
                  + " closed before the broker confirmed a batch"));
    }
  }
}
