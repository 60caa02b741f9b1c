package io.mqbench.rabbitmq;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports on 127.0.0.1 for a RabbitMQ node, which listens on a run of them (AMQP, streams,
 * distribution, management) from one base port.
 */
final class FreePorts {
  private FreePorts() {}

  /** A run of free ports below the usual ephemeral range, so that base+11 stays valid. */
  static int range(int length) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = 20_000 + random.nextInt(10_000);
      boolean free = true;
      for (int p = base; p < base + length && free; p++) {
        free = isFree(p);
      }
      if (free) {
        return base;
      }
    }
    throw new MqException("no run of " + length + " free ports in 20000-30000 on 127.0.0.1");
  }

  private static boolean isFree(int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress("127.0.0.1", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
