package io.mqbench.kafka.perf;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.kafka.KafkaMqProvider;
import java.util.Map;

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
    try (JavaLocalBroker kafka =
        new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER, Integer.parseInt(args[0]))) {
      kafka.start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", args[1])));
      System.out.println(kafka.address());
      System.out.println(kafka.classpath());
      System.out.flush();
      while (System.in.read() != -1) {
        // wait for the script to go away
      }
    }
  }
}
