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
   * @param what what was being done, such as {@code "cannot create a producer"}
   * @param e what the client threw
   * @param settings the backend's settings, for the address
   * @return the exception to throw
   */
  static MqException operation(String what, Throwable e, StreamSettings settings) {
    if (e instanceof MqException mq) {
      return mq;
    }
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
      message = what + " at " + at + ": " + Errors.oneLine(e);
    }
    return new MqException(StreamSettings.NAME + ": " + message, e);
  }
}
