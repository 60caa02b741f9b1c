package io.mqbench.artemis.perf;

import io.mqbench.artemis.LocalArtemis;
import java.time.Duration;

/**
 * Starts the same local broker the runner starts (its own JVM, one acceptor, NIO journal with
 * datasync) for scripts/compare-artemis.sh, prints its URL on stdout, and stops it (deleting its
 * journal) when stdin closes.
 */
public final class ServeLocalArtemis {
  private ServeLocalArtemis() {}

  /**
   * @param args heap in MiB, user, password
   * @throws Exception if the broker does not start
   */
  public static void main(String[] args) throws Exception {
    try (LocalArtemis broker =
        LocalArtemis.start(Integer.parseInt(args[0]), args[1], args[2], Duration.ofSeconds(60))) {
      System.out.println(broker.url());
      System.out.flush();
      while (System.in.read() != -1) {
        // wait for the script to go away
      }
    }
  }
}
