package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;

/**
 * Turns amqp-client exceptions into one-line {@link MqException}s that name the address and the
 * configuration key to look at. amqp-client's own messages are often empty or nested three levels
 * deep (a 530 from the broker arrives as an IOException wrapping a ShutdownSignalException).
 */
final class Failures {
  private Failures() {}

  /**
   * Describes a failure to open a connection.
   *
   * @param e what {@code newConnection} threw
   * @param settings the backend's settings, for the address and the user
   * @return the exception to throw
   */
  static MqException connecting(Exception e, RabbitMqSettings settings) {
    String at = settings.address();
    String vhost = settings.factory().getVirtualHost();
    String user = settings.factory().getUsername();
    String message;
    if (e instanceof AuthenticationFailureException
        || e instanceof PossibleAuthenticationFailureException) {
      message =
          "rabbitmq: "
              + at
              + " refused the login of user '"
              + user
              + "' (check rabbitmq.username and rabbitmq.password, or the credentials in"
              + " rabbitmq.uri)";
    } else if (find(e, ConnectException.class) != null) {
      message =
          "rabbitmq: cannot connect to "
              + at
              + " ("
              + find(e, ConnectException.class).getMessage()
              + "); is a broker running there? (rabbitmq.uri)";
    } else if (find(e, UnknownHostException.class) != null) {
      message = "rabbitmq: unknown host in " + at + " (rabbitmq.uri or rabbitmq.host)";
    } else if (find(e, NoRouteToHostException.class) != null) {
      message = "rabbitmq: no route to " + at + " (rabbitmq.uri or rabbitmq.host)";
    } else if (find(e, SocketTimeoutException.class) != null
        || find(e, TimeoutException.class) != null) {
      message =
          "rabbitmq: no AMQP answer from "
              + at
              + " (timed out; rabbitmq.connectTimeout is "
              + settings.factory().getConnectionTimeout()
              + " ms); is that a RabbitMQ port?";
    } else if (closeCode(e) == AMQP.NOT_ALLOWED || closeCode(e) == AMQP.ACCESS_REFUSED) {
      message =
          "rabbitmq: "
              + at
              + " refused virtual host '"
              + vhost
              + "' for user '"
              + user
              + "': "
              + closeText(e)
              + " (check rabbitmq.vhost or the path of rabbitmq.uri)";
    } else if (closeCode(e) != 0) {
      message = "rabbitmq: " + at + " closed the connection: " + closeText(e);
    } else {
      message = "rabbitmq: cannot open a connection to " + at + ": " + Errors.oneLine(e);
    }
    return new MqException(message, e);
  }

  /**
   * Describes a failure of an operation on an open connection.
   *
   * @param what what was being done, such as {@code "declaring queue 'q'"}
   * @param e what amqp-client threw
   * @param settings the backend's settings, for the address
   * @return the exception to throw
   */
  static MqException operation(String what, Exception e, RabbitMqSettings settings) {
    String detail = closeCode(e) != 0 ? closeText(e) : Errors.oneLine(e);
    return new MqException("rabbitmq: " + what + " at " + settings.address() + ": " + detail, e);
  }

  /** The AMQP reply code of the connection or channel close behind {@code e}, or 0. */
  static int closeCode(Throwable e) {
    ShutdownSignalException s = find(e, ShutdownSignalException.class);
    if (s == null) {
      return 0;
    }
    Method reason = s.getReason();
    if (reason instanceof AMQP.Connection.Close c) {
      return c.getReplyCode();
    }
    if (reason instanceof AMQP.Channel.Close c) {
      return c.getReplyCode();
    }
    return 0;
  }

  static String closeText(Throwable e) {
    ShutdownSignalException s = find(e, ShutdownSignalException.class);
    Method reason = s == null ? null : s.getReason();
    if (reason instanceof AMQP.Connection.Close c) {
      return c.getReplyText();
    }
    if (reason instanceof AMQP.Channel.Close c) {
      return c.getReplyText();
    }
    return Errors.oneLine(e);
  }

  private static <T extends Throwable> T find(Throwable e, Class<T> type) {
    return Errors.find(e, type).orElse(null);
  }
}
