package io.mqbench.broker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** Ports on 127.0.0.1: finding free ones for a local broker, and checking whether one answers. */
public final class Loopback {
  /** The address every local broker binds to, and the only one. */
  public static final String HOST = "127.0.0.1";

  // Below the kernel's usual ephemeral range (32768-60999), and below 20000-29999 where a RabbitMQ
  // node takes its runs of ports.
  private static final int CHOSEN_FROM = 10_000;
  private static final int CHOSEN_BELOW = 20_000;

  private Loopback() {}

  /**
   * Distinct free ports below the kernel's ephemeral range. They are free when this returns; a
   * broker should bind them soon.
   *
   * <p>Not the OS's own choice: that comes from the ephemeral range, which the kernel also hands to
   * every outgoing connection as its local port. A node of a cluster binds its port seconds after
   * it was chosen, while its peers, its CLI tools and other tests connect: one of those connections
   * can take the port first, and the node's listener fails. Ports below the range are never handed
   * out that way.
   *
   * @param count how many
   * @return the ports
   * @throws UncheckedIOException if there are not that many free
   */
  public static int[] freePorts(int count) {
    // Held open together so that no two are the same; closed just before the broker binds them.
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      int[] ports = new int[count];
      int below = Math.min(CHOSEN_BELOW, EphemeralPorts.lowest());
      for (int i = 0; i < count; i++) {
        ServerSocket s = bindBelow(below);
        sockets.add(s);
        ports[i] = s.getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on " + HOST, e);
    } finally {
      for (ServerSocket s : sockets) {
        try {
          s.close();
        } catch (IOException e) {
          // closing a listening socket we own does not fail in practice
        }
      }
    }
  }

  /** A listening socket on a random free port from {@link #CHOSEN_FROM} up to {@code high}. */
  private static ServerSocket bindBelow(int high) throws IOException {
    if (high - CHOSEN_FROM < 1_000) {
      return new ServerSocket(0, 1, InetAddress.getLoopbackAddress()); // a narrow gap: the OS's
    }
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 500; attempt++) {
      int port = CHOSEN_FROM + random.nextInt(high - CHOSEN_FROM);
      ServerSocket s = new ServerSocket();
      try {
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
        return s;
      } catch (IOException taken) {
        s.close();
      }
    }
    throw new IOException("no free port in " + CHOSEN_FROM + "-" + (high - 1) + " after 500 tries");
  }

  /**
   * Free ports for the nodes of a cluster, all distinct.
   *
   * @param nodes how many nodes
   * @param perNode how many ports each node takes
   * @return by node from 0, its ports
   * @throws UncheckedIOException if the OS has not enough to give
   */
  public static int[][] freePorts(int nodes, int perNode) {
    int[] free = freePorts(nodes * perNode);
    int[][] ports = new int[nodes][];
    for (int i = 0; i < nodes; i++) {
      ports[i] = Arrays.copyOfRange(free, i * perNode, (i + 1) * perNode);
    }
    return ports;
  }

  /**
   * @return one free port
   */
  public static int freePort() {
    return freePorts(1)[0];
  }

  /**
   * Whether something accepts TCP connections at {@code host:port}.
   *
   * @param host a host name or address
   * @param port the port
   * @param timeout how long the connect may take
   * @return true if a connection was accepted (and closed at once)
   */
  public static boolean answers(String host, int port, Duration timeout) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), (int) Math.max(1, timeout.toMillis()));
      return true;
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * @param hostPort {@code host:port}
   * @param timeout how long the connect may take
   * @return whether something accepts TCP connections there
   */
  public static boolean answers(String hostPort, Duration timeout) {
    int colon = hostPort.lastIndexOf(':');
    if (colon < 0) {
      return false;
    }
    try {
      return answers(
          hostPort.substring(0, colon),
          Integer.parseInt(hostPort.substring(colon + 1).trim()),
          timeout);
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
