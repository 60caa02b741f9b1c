package io.mqbench.kafka.perf;

import io.mqbench.kafka.LocalKafka;
import java.time.Duration;

/**
 * Starts the same local Kafka the runner starts (each broker its own JVM, KRaft) for
 * scripts/compare-kafka.sh, prints its bootstrap address and then the brokers' classpath (on which
 * Kafka's own tools run) on stdout, one per line, and stops it (deleting its data) when stdin
 * closes.
 */
public final class ServeLocalKafka {
  private ServeLocalKafka() {}

  /**
   * @param args number of brokers, heap of each in MiB
   * @throws Exception if the brokers do not start
   */
  public static void main(String[] args) throws Exception {
    try (LocalKafka kafka =
        LocalKafka.start(
            Integer.parseInt(args[0]), Integer.parseInt(args[1]), Duration.ofSeconds(120))) {
      System.out.println(kafka.bootstrapServers());
      System.out.println(kafka.brokerClasspath());
      System.out.flush();
      while (System.in.read() != -1) {
        // wait for the script to go away
      }
    }
  }
}
