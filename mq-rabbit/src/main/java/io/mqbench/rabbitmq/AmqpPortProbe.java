package io.mqbench.rabbitmq;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Tells whether a port speaks AMQP 0-9-1, for the one line of a stream URI that names the broker's
 * AMQP port (5672) rather than its stream port: the stream client only sees the connection closed.
 * Asked after opening failed, never before, so that a stream port never sees the probe.
 */
final class AmqpPortProbe {
  /** The protocol header an AMQP 0-9-1 client opens with. */
  private static final byte[] HEADER = {'A', 'M', 'Q', 'P', 0, 0, 9, 1};

  private AmqpPortProbe() {}

  /**
   * Sends the AMQP 0-9-1 protocol header and reads the answer: a broker speaking it answers with
   * its {@code connection.start} method frame (type 1, channel 0, class 10, method 10), or with its
   * own protocol header when it speaks another version of AMQP.
   *
   * @param host the host
   * @param port the port
   * @param timeout for connecting and for the answer
   * @return whether the port answered as an AMQP broker does
   */
  static boolean speaksAmqp(String host, int port, Duration timeout) {
    int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), millis);
      socket.setSoTimeout(millis);
      socket.getOutputStream().write(HEADER);
      socket.getOutputStream().flush();
      byte[] answer = socket.getInputStream().readNBytes(11);
      return isConnectionStart(answer) || startsWithAmqp(answer);
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean isConnectionStart(byte[] a) {
    return a.length == 11
        && a[0] == 1
        && a[1] == 0
        && a[2] == 0
        && a[7] == 0
        && a[8] == 10
        && a[9] == 0
        && a[10] == 10;
  }

  private static boolean startsWithAmqp(byte[] a) {
    return a.length >= 4 && new String(a, 0, 4, StandardCharsets.ISO_8859_1).equals("AMQP");
  }
}
