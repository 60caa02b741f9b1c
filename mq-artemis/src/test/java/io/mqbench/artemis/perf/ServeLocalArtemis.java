package io.mqbench.artemis.perf;

import io.mqbench.artemis.ArtemisMqProvider;
import io.mqbench.broker.JavaLocalBroker;
import java.util.Map;

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
    try (JavaLocalBroker broker = new JavaLocalBroker(ArtemisMqProvider.LOCAL_BROKER)) {
      broker.start(
          new ArtemisMqProvider()
              .configure(
                  Map.of(
                      "artemis.localBrokerHeapMb", args[0],
                      "artemis.user", args[1],
                      "artemis.password", args[2])));
      System.out.println("tcp://" + broker.address());
      System.out.flush();
      while (System.in.read() != -1) {
        // wait for the script to go away
      }
    }
  }
}
