package io.mqbench.artemis;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import org.apache.activemq.artemis.api.core.ActiveMQConnectionTimedOutException;
import org.apache.activemq.artemis.api.core.ActiveMQNotConnectedException;
import org.apache.activemq.artemis.api.core.ActiveMQSecurityException;

/** Turns the JMS client's exceptions into one line naming the broker and, where it helps, a key. */
final class Failures {
  private Failures() {}

  /**
   * @param what what was being done ({@code "send"}, {@code "commit"})
   * @param e the client's exception
   * @param s the settings, for the address and keys
   * @return the exception to throw
   */
  static MqException of(String what, Throwable e, ArtemisSettings s) {
    String root = Errors.rootMessage(e);
    String at = "Artemis at " + s.address();
    if (Errors.find(e, JMSSecurityException.class).isPresent()
        || Errors.find(e, ActiveMQSecurityException.class).isPresent()) {
      return new MqException(
          at
              + " refused user '"
              + s.user()
              + "' ("
              + ArtemisSettings.USER.name()
              + " / "
              + ArtemisSettings.PASSWORD.name()
              + ") on "
              + what
              + ": "
              + root,
          e);
    }
    if (Errors.find(e, ActiveMQConnectionTimedOutException.class).isPresent()) {
      return new MqException(
          at
              + " did not answer "
              + what
              + " within "
              + s.callTimeout().toMillis()
              + " ms ("
              + ArtemisSettings.CALL_TIMEOUT.name()
              + "): "
              + root,
          e);
    }
    if (Errors.find(e, ActiveMQNotConnectedException.class).isPresent()) {
      return new MqException(
          "cannot reach " + at + " (" + ArtemisSettings.URL.name() + ") on " + what + ": " + root,
          e);
    }
    return new MqException(at + ": " + what + " failed: " + root, e);
  }

  /**
   * @param client {@code "sender to"} or {@code "receiver of"}
   * @param s the settings, for the queue and address
   * @return the failure of a call on a closed sender or receiver
   */
  static MqException closed(String client, ArtemisSettings s) {
    return new MqException(
        client + " queue " + s.queue() + " on Artemis at " + s.address() + " is closed");
  }

  /**
   * Closes a connection, ignoring the failure to close one whose broker is gone: the socket is
   * released anyway, and the failure that matters was reported already.
   *
   * @param c the connection, or null
   */
  static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (JMSException | RuntimeException e) {
      // the broker is gone: nothing left to close cleanly
    }
  }
}
