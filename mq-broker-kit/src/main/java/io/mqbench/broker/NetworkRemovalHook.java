package io.mqbench.broker;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * Removes a local broker's {@link NetworkNamespaces} at JVM shutdown, once its nodes have stopped:
 * not before, since a held stop keeps them serving the run. The owner removes the network itself on
 * close and then {@linkplain #cancel cancels} the hook.
 */
final class NetworkRemovalHook {
  private final Thread thread;

  /**
   * Registers the hook.
   *
   * @param network what to remove
   * @param launched every node process ever started, restarts included, as it grows
   * @param hold the stop hold at shutdown time, or null
   */
  NetworkRemovalHook(
      NetworkNamespaces network, List<BrokerProcess> launched, Supplier<StopHold> hold) {
    thread = new Thread(() -> remove(network, launched, hold.get()), "remove-" + network.bridge());
    Runtime.getRuntime().addShutdownHook(thread);
  }

  /** Unregisters the hook; when the JVM is shutting down already, the hook finds nothing left. */
  void cancel() {
    try {
      Runtime.getRuntime().removeShutdownHook(thread);
    } catch (IllegalStateException e) {
      // Already shutting down: the hook runs, and finds the network removed.
    }
  }

  /**
   * Once a held stop is released (or given up), stops every node and waits until each has exited,
   * then removes the network. The nodes' own hooks stop them too; whichever comes first does it,
   * and the network goes only once they are gone.
   */
  private static void remove(
      NetworkNamespaces network, List<BrokerProcess> launched, StopHold hold) {
    if (hold != null) {
      hold.awaitRelease();
    }
    launched.parallelStream()
        .forEach(
            p -> {
              p.close();
              try {
                p.awaitExit(Duration.ofSeconds(30));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    network.close();
  }
}
