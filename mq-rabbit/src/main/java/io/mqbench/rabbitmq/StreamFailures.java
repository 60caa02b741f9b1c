package io.mqbench.rabbitmq;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.StreamException;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Turns stream-client exceptions into one-line {@link MqException}s naming the address and the key
 * to look at.
 */
final class StreamFailures {
  private StreamFailures() {}

  /**
   * Why opening failed, asking the port whether it speaks AMQP 0-9-1 when the cause is none of the
   * known ones: the stream client then says only that the connection closed.
   *
   * @param e what the client threw
   * @param settings the backend's settings, for the address
   * @return the exception to throw
   */
  static MqException opening(Throwable e, StreamSettings settings) {
    if (e instanceof MqException mq) {
      return mq;
    }
    Optional<String> known = known(e, settings);
    if (known.isEmpty()
        && AmqpPortProbe.speaksAmqp(settings.host(), settings.port(), settings.connectTimeout())) {
      known =
          Optional.of(
              settings.address()
                  + " speaks AMQP 0-9-1, not the stream protocol: "
                  + StreamSettings.URI.name()
                  + " must name the broker's stream port (5552 unless the stream plugin listens"
                  + " elsewhere), not its AMQP port");
    }
    return new MqException(
        StreamSettings.NAME
            + ": "
            + known.orElseGet(
                () -> "cannot open at " + settings.address() + ": " + Errors.oneLine(e)),
        e);
  }

  /**
   * @param what what was being done, such as {@code "cannot create a producer"}
   * @param e what the client threw
   * @param settings the backend's settings, for the address
   * @return the exception to throw
   */
  static MqException operation(String what, Throwable e, StreamSettings settings) {
    if (e instanceof MqException mq) {
      return mq;
    }
    String message =
        known(e, settings)
            .orElseGet(() -> what + " at " + settings.address() + ": " + Errors.oneLine(e));
    return new MqException(StreamSettings.NAME + ": " + message, e);
  }

  /** What a failure means when its cause is one the user can fix by a key, naming the key. */
  private static Optional<String> known(Throwable e, StreamSettings settings) {
    String at = settings.address();
    Optional<StreamException> stream = Errors.find(e, StreamException.class);
    short code = stream.map(StreamException::getCode).orElse((short) -1);
    String message;
    if (code == Constants.RESPONSE_CODE_AUTHENTICATION_FAILURE
        || code == Constants.RESPONSE_CODE_AUTHENTICATION_FAILURE_LOOPBACK
        || code == Constants.RESPONSE_CODE_SASL_ERROR) {
      message =
          at
              + " refused the login of user '"
              + settings.username()
              + "' (check the credentials in "
              + StreamSettings.URI.name()
              + ")";
    } else if (code == Constants.RESPONSE_CODE_VIRTUAL_HOST_ACCESS_FAILURE) {
      message =
          at
              + " refused virtual host '"
              + settings.vhost()
              + "' for user '"
              + settings.username()
              + "' (check the path of "
              + StreamSettings.URI.name()
              + ")";
    } else if (Errors.find(e, ConnectException.class).isPresent()) {
      message =
          "cannot connect to "
              + at
              + " ("
              + Errors.rootMessage(e)
              + "); is a broker with the stream plugin running there? ("
              + StreamSettings.URI.name()
              + ")";
    } else if (Errors.find(e, UnknownHostException.class).isPresent()) {
      message = "unknown host in " + at + " (" + StreamSettings.URI.name() + ")";
    } else if (Errors.find(e, NoRouteToHostException.class).isPresent()) {
      message = "no route to " + at + " (" + StreamSettings.URI.name() + ")";
    } else {
      message = null;
    }
    return Optional.ofNullable(message);
  }
}
