package io.mqbench.artemis;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import org.apache.activemq.artemis.api.core.ActiveMQInterruptedException;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSConstants;

/**
 * Receives with Artemis' individual acknowledge mode over a connection of its own: {@link #ack}
 * acknowledges exactly the messages given (JMS {@code CLIENT_ACKNOWLEDGE} would acknowledge
 * everything the session consumed so far). Messages received and not acknowledged return to the
 * queue when the receiver closes or its connection dies; the broker then delivers them to another
 * consumer.
 *
 * <p>The broker pushes up to {@code artemis.consumerWindowSize} bytes ahead into the consumer's
 * buffer; {@link #receive} takes from that buffer, waiting for the first message at most the given
 * time.
 */
final class ArtemisReceiver implements MqReceiver {
  private final ArtemisSettings settings;
  private final Connection connection;
  private final MessageConsumer consumer;
  private volatile JMSException connectionFailure;
  private volatile boolean closed;

  /** One received message, kept to acknowledge it. */
  private record ArtemisReceived(Message message, byte[] body) implements Received {}

  ArtemisReceiver(ArtemisMq mq) {
    this.settings = mq.settings();
    Connection c = null;
    try {
      c = mq.connect("create a receiver");
      // A dead connection makes receive() return nothing; this turns that into a failure.
      c.setExceptionListener(e -> connectionFailure = e);
      Session s = c.createSession(false, ActiveMQJMSConstants.INDIVIDUAL_ACKNOWLEDGE);
      this.consumer = s.createConsumer(s.createQueue(settings.consumeFrom()));
      this.connection = c;
    } catch (JMSException e) {
      Failures.closeQuietly(c);
      throw Failures.of("create a receiver", e, settings);
    }
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    check();
    List<Received> out = new ArrayList<>(Math.min(max, 1024));
    try {
      long ms = wait.toMillis();
      // receive(0) would wait forever; below a millisecond, do not wait at all.
      Message first = ms <= 0 ? consumer.receiveNoWait() : consumer.receive(ms);
      if (first == null) {
        check();
        return out;
      }
      out.add(received(first));
      while (out.size() < max) {
        Message m = consumer.receiveNoWait();
        if (m == null) {
          break;
        }
        out.add(received(m));
      }
      return out;
    } catch (ActiveMQInterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedException("interrupted while receiving from Artemis");
    } catch (JMSException | RuntimeException e) {
      if (closed) {
        throw closedException();
      }
      throw Failures.of("receive", e, settings);
    }
  }

  private static ArtemisReceived received(Message m) throws JMSException {
    BytesMessage b = (BytesMessage) m;
    byte[] body = new byte[(int) b.getBodyLength()];
    b.readBytes(body);
    return new ArtemisReceived(m, body);
  }

  private void check() {
    if (closed) {
      throw closedException();
    }
    JMSException failure = connectionFailure;
    if (failure != null) {
      throw Failures.of("receive", failure, settings);
    }
  }

  @Override
  public void ack(List<Received> messages) {
    check();
    try {
      for (Received r : messages) {
        ((ArtemisReceived) r).message().acknowledge();
      }
    } catch (JMSException | RuntimeException e) {
      throw Failures.of("acknowledge", e, settings);
    }
  }

  private MqException closedException() {
    return new MqException(
        "receiver of queue "
            + settings.queue()
            + " on Artemis at "
            + settings.address()
            + " is closed");
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    Failures.closeQuietly(connection);
  }
}
