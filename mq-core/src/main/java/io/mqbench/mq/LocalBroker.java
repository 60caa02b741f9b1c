package io.mqbench.mq;

import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.Optional;

/**
 * A broker (one node, or a small cluster of them) that the runner starts on this machine when no
 * broker address is configured, so that a backend works on a fresh machine with nothing installed.
 *
 * <p>A local broker runs in its own JVM process (never inside the harness's JVM, whose heap and
 * threads would distort what is measured), listens on 127.0.0.1 only (or, {@linkplain
 * #inNetworkNamespaces() on request}, each node on its own address in a network namespace of its
 * own), keeps its data in a directory of its own and removes it on {@link #close()}. Numbers
 * measured against it are not cluster numbers; the runner says so.
 *
 * <p>It stops on {@link #close()}, and when this JVM ends: at once if this JVM dies, and through
 * one shutdown hook per broker process if it shuts down, which waits while the broker's stop is
 * {@linkplain #holdStop held}; network namespaces it made go with it, on close and at shutdown
 * alike. Java brokers are made from a descriptor by {@code io.mqbench.broker.JavaLocalBroker};
 * their methods are thread-safe.
 */
public interface LocalBroker extends AutoCloseable {

  /**
   * Starts the broker and waits until it accepts clients.
   *
   * @param config the configuration the user gave, without a broker address
   * @return the same configuration pointing at the started broker
   * @throws MqException if the broker did not start; the message says why
   * @throws InterruptedException if interrupted while waiting for the broker
   */
  MqConfig start(MqConfig config) throws InterruptedException;

  /**
   * What was started, for the terminal: {@code "single-node Kafka 4.3.1 (KRaft) on
   * 127.0.0.1:40123"}.
   *
   * @return a short human-readable description
   */
  String description();

  /**
   * Keeps the broker running through a shutdown of this JVM (a hang-up, an exit from elsewhere)
   * until the returned hold is released or {@code atMost} has passed, so that a run being stopped
   * can end, settle and summarise against a live broker rather than a dead one. When the shutdown
   * begins while the stop is held, {@code onShutdown} runs once (it asks the owner's run to stop);
   * the broker stops once the hold is released. {@link #close()} is never held. May be called
   * before or after {@link #start}; a later call replaces the hold.
   *
   * @param onShutdown what to do first when this JVM starts shutting down; must return promptly
   * @param atMost the longest a shutdown waits for the release
   * @return the hold; closing it releases the stop
   */
  Hold holdStop(Runnable onShutdown, Duration atMost);

  /**
   * The same broker, to be started with each node in a Linux network namespace of its own (a bridge
   * joining them to this machine) rather than on 127.0.0.1, so that {@link BrokerFaults#partition}
   * can cut a node off the network. Starts nothing; the broker returned is started instead of this
   * one, which is not started.
   *
   * @return the broker in network namespaces
   * @throws MqException in one line saying why this broker cannot run there: by default, that it is
   *     a single native server (a local cluster or a Java broker of mqbench's can); for those, that
   *     this machine cannot make network namespaces (not Linux, no {@code ip}, not root)
   */
  default LocalBroker inNetworkNamespaces() {
    throw new MqException(
        "it is a single native server bound to 127.0.0.1; a local cluster of several nodes"
            + " (the backend's localBrokerNodes) and mqbench's Java local brokers run in network"
            + " namespaces of their own");
  }

  /**
   * How to crash, restart or pause this broker's nodes while a run goes on ({@code --fault}).
   *
   * @return the broker's faults; empty for a broker that offers none (the default)
   */
  default Optional<BrokerFaults> faults() {
    return Optional.empty();
  }

  /** Stops the broker and removes its data (and its network namespaces). Idempotent. */
  @Override
  void close();

  /** A held stop (see {@link #holdStop}). */
  interface Hold extends AutoCloseable {
    /** Releases the stop: a shutdown under way stops the broker now. Idempotent. */
    @Override
    void close();
  }
}
