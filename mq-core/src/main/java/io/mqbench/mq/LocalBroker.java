package io.mqbench.mq;

import io.mqbench.config.MqConfig;

/**
 * A single-node broker that the runner starts on this machine when no broker address is configured,
 * so that a backend works on a fresh machine with nothing installed.
 *
 * <p>A local broker runs in its own JVM process (never inside the harness's JVM, whose heap and
 * threads would distort what is measured), listens on 127.0.0.1 only, keeps its data in a directory
 * of its own and removes it on {@link #close()}. Numbers measured against it are not cluster
 * numbers; the runner says so.
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

  /** Stops the broker and removes its data. Idempotent. */
  @Override
  void close();
}
