package io.mqbench.artemis;

import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQInterruptedException;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSConstants;
import org.apache.activemq.artemis.core.client.impl.ClientConsumerInternal;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;

/**
 * Receives with Artemis' individual acknowledge mode over a connection of its own: {@link #ack}
 * acknowledges exactly the messages given (JMS {@code CLIENT_ACKNOWLEDGE} would acknowledge
 * everything the session consumed so far).
 *
 * <p>In that mode the client's session holds acknowledgements in a transaction on the broker, and
 * JMS' {@code Message.acknowledge()} commits it after every message: one journal commit per
 * message. {@link #ack} acknowledges through the client's core API instead and commits once {@code
 * artemis.ackCommitMessages} acknowledgements are held, before {@link #receive} waits for messages,
 * at the first call {@value #COMMIT_DELAY_MS} ms after the oldest, and on {@link #close}. The
 * contract allows this ({@code ack} "may complete asynchronously"): the broker keeps an
 * acknowledged message delivered to this receiver until the commit, and if the receiver dies before
 * it, the message is redelivered, a duplicate, never a loss. Messages received and not acknowledged
 * return to the queue when the receiver closes or its connection dies; the broker then delivers
 * them to another consumer.
 *
 * <p>An acknowledgement of the oldest messages this receiver holds (what {@link #receive} returned
 * and nothing acknowledged yet, in the order received: the usual case, a receiver acknowledging
 * each batch it took) is kept as one cumulative acknowledgement of the last of them, sent just
 * before the commit: the broker acknowledges every message it delivered to this consumer up to that
 * one, which are exactly those (and those of earlier such acknowledgements). Any other set is
 * acknowledged message by message, one packet each, after the cumulative one kept is sent. That
 * spares the client and the broker a packet per message; the runner's CPU at 20,000 msgs/s stayed
 * about the same (the client's writes of the messages sent dominate it).
 *
 * <p>The broker pushes up to {@code artemis.consumerWindowSize} bytes ahead into the consumer's
 * buffer; {@link #receive} takes what that buffer holds, waiting for the first message at most the
 * given time, and never asks the broker for a delivery.
 */
final class ArtemisReceiver implements MqReceiver {
  /** The longest an acknowledgement waits for its commit while the receiver keeps calling. */
  static final long COMMIT_DELAY_MS = 10;

  private final ArtemisSettings settings;
  private final Connection connection;
  private final ClientSession core;
  private final ClientConsumerInternal consumer;
  private volatile JMSException connectionFailure;
  private int uncommittedAcks;
  private long oldestUncommittedAckNanos;
  private volatile boolean closed;

  /** Messages {@link #receive} returned: the next one's position in delivery order. */
  private long delivered;

  /** Messages returned and not acknowledged yet. */
  private long held;

  /**
   * The position of the oldest message held, when every message before it is acknowledged and every
   * one from it on is not; -1 once a message was acknowledged out of that order, until none is
   * held.
   */
  private long oldestHeld;

  /** The last message of the acknowledgements of all held messages not yet sent, or null. */
  private ArtemisReceived cumulative;

  /** One received message, kept to acknowledge it. */
  private final class ArtemisReceived implements Received {
    final ClientMessage message;
    final byte[] body;
    final long position;
    boolean acknowledged;

    ArtemisReceived(ClientMessage message, byte[] body, long position) {
      this.message = message;
      this.body = body;
      this.position = position;
    }

    @Override
    public byte[] body() {
      return body;
    }

    ArtemisReceiver receiver() {
      return ArtemisReceiver.this;
    }
  }

  /**
   * @param mq the run's connection factory
   * @param settings the queue to read: the configured one, or one subscription's
   */
  ArtemisReceiver(ArtemisMq mq, ArtemisSettings settings) {
    this.settings = settings;
    Connection c = null;
    try {
      c = mq.connect("create a receiver");
      // A dead connection makes receive() return nothing; this turns that into a failure.
      c.setExceptionListener(e -> connectionFailure = e);
      Session s = c.createSession(false, ActiveMQJMSConstants.INDIVIDUAL_ACKNOWLEDGE);
      this.core = ((ActiveMQSession) s).getCoreSession();
      // The client's core consumer rather than JMS': JMS' receiveNoWait() asks the broker for a
      // delivery (a round trip) whenever the client's buffer is empty; the core consumer tells
      // whether its buffer holds a message, so a receive takes what is buffered and waits only
      // for the first message.
      // (getBufferSize is on the client's internal interface, which its consumers implement.)
      this.consumer =
          (ClientConsumerInternal) core.createConsumer(SimpleString.of(settings.consumeFrom()));
      this.connection = c;
    } catch (JMSException | ActiveMQException e) {
      Failures.closeQuietly(c);
      throw Failures.of("create a receiver", e, settings);
    }
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    check();
    List<Received> out = new ArrayList<>(Math.min(max, 1024));
    try {
      commitAcksIfDue();
      ClientMessage first;
      if (consumer.getBufferSize() > 0) {
        first = consumer.receiveImmediate(); // buffered: taken without asking the broker
      } else {
        // Nothing buffered: what is acknowledged is committed before waiting, not after.
        commitAcks();
        long ms = wait.toMillis();
        // receive(0) would wait forever; below a millisecond, do not wait at all.
        first = ms <= 0 ? consumer.receiveImmediate() : consumer.receive(ms);
      }
      if (first == null) {
        check();
        return out;
      }
      out.add(received(first));
      while (out.size() < max && consumer.getBufferSize() > 0) {
        ClientMessage m = consumer.receiveImmediate();
        if (m == null) {
          break;
        }
        out.add(received(m));
      }
      return out;
    } catch (ActiveMQInterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedException("interrupted while receiving from Artemis");
    } catch (ActiveMQException | RuntimeException e) {
      if (closed) {
        throw Failures.closed("receiver of", settings);
      }
      throw Failures.of("receive", e, settings);
    }
  }

  /** The body a JMS {@code BytesMessage} carries: the core message's body, as it is. */
  private ArtemisReceived received(ClientMessage m) {
    byte[] body = new byte[m.getBodySize()];
    m.getBodyBuffer().readBytes(body);
    held++;
    return new ArtemisReceived(m, body, delivered++);
  }

  private void check() {
    if (closed) {
      throw Failures.closed("receiver of", settings);
    }
    JMSException failure = connectionFailure;
    if (failure != null) {
      throw Failures.of("receive", failure, settings);
    }
  }

  @Override
  public void ack(List<Received> messages) {
    check();
    if (messages.isEmpty()) {
      return;
    }
    try {
      ArtemisReceived last = oldestHeld(messages);
      if (last != null) {
        // The oldest messages delivered to this consumer and not acknowledged: one cumulative
        // ack, sent with the commit.
        cumulative = last;
        held -= messages.size();
        oldestHeld = last.position + 1;
      } else {
        sendCumulative();
        for (Received r : messages) {
          ArtemisReceived a = (ArtemisReceived) r;
          a.message.individualAcknowledge();
          if (!a.acknowledged && a.receiver() == this) {
            a.acknowledged = true;
            held--;
            oldestHeld = -1;
          }
        }
      }
      if (held == 0) {
        oldestHeld = delivered; // what comes next is in order again
      }
      if (uncommittedAcks == 0) {
        oldestUncommittedAckNanos = System.nanoTime();
      }
      uncommittedAcks += messages.size();
      if (uncommittedAcks >= settings.ackCommitMessages()) {
        commitAcks();
      } else {
        commitAcksIfDue();
      }
    } catch (ActiveMQException | RuntimeException e) {
      throw Failures.of("acknowledge", e, settings);
    }
  }

  /**
   * Marks {@code messages} acknowledged if they are the oldest messages this receiver holds, in the
   * order received: each its own, none acknowledged before, none twice, every one among the first
   * {@code messages.size()} held.
   *
   * @return the last delivered of them if they are, else null (and nothing is marked)
   */
  private ArtemisReceived oldestHeld(List<Received> messages) {
    if (oldestHeld < 0 || messages.size() > held) {
      return null;
    }
    long end = oldestHeld + messages.size();
    ArtemisReceived last = null;
    int marked = 0;
    for (Received r : messages) {
      if (!(r instanceof ArtemisReceived a)
          || a.receiver() != this
          || a.acknowledged
          || a.position < oldestHeld
          || a.position >= end) {
        for (int i = 0; i < marked; i++) {
          ((ArtemisReceived) messages.get(i)).acknowledged = false;
        }
        return null;
      }
      a.acknowledged = true; // a message listed twice is found marked the second time
      marked++;
      if (last == null || a.position > last.position) {
        last = a;
      }
    }
    return last;
  }

  private void commitAcksIfDue() throws ActiveMQException {
    if (uncommittedAcks > 0
        && System.nanoTime() - oldestUncommittedAckNanos >= COMMIT_DELAY_MS * 1_000_000) {
      commitAcks();
    }
  }

  private void sendCumulative() throws ActiveMQException {
    if (cumulative != null) {
      cumulative.message.acknowledge();
      cumulative = null;
    }
  }

  /** What {@code Message.acknowledge()} does after each message in this mode, once for all. */
  private void commitAcks() throws ActiveMQException {
    if (uncommittedAcks > 0) {
      sendCumulative();
      core.commit(core.isBlockOnAcknowledge());
      uncommittedAcks = 0;
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    try {
      commitAcks();
    } catch (ActiveMQException | RuntimeException e) {
      // The broker rolls the acknowledgements back: those messages come back, which is allowed.
    }
    closed = true;
    Failures.closeQuietly(connection);
  }
}
