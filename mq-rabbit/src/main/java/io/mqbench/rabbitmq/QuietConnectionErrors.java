package io.mqbench.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.impl.ForgivingExceptionHandler;
import io.mqbench.mq.MqException;

/**
 * amqp-client logs a WARN line when a connection's socket fails (a refused login, a restart).
 * Senders and receivers already report that failure as an {@link MqException} on their next call,
 * so the log line would only repeat it, outside the one-line message users should see.
 */
final class QuietConnectionErrors extends ForgivingExceptionHandler {
  @Override
  public void handleUnexpectedConnectionDriverException(Connection conn, Throwable exception) {
    // reported through the connection's shutdown listeners instead
  }
}
