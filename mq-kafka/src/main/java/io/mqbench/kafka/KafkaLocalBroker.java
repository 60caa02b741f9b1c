package io.mqbench.kafka;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.time.Duration;

/**
 * The broker the runner starts when no {@code kafka.bootstrapServers} is given: one KRaft node in
 * its own JVM on a free loopback port. See {@link LocalKafka} for how its classpath is found.
 */
final class KafkaLocalBroker implements LocalBroker {
  private final int heapMb;
  private LocalKafka kafka;

  KafkaLocalBroker(int heapMb) {
    this.heapMb = heapMb;
  }

  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (kafka != null) {
      throw new MqException("the local Kafka broker is already started");
    }
    kafka = LocalKafka.start(1, heapMb, Duration.ofSeconds(60));
    return config.with(KafkaMqProvider.BOOTSTRAP_SERVERS.name(), kafka.bootstrapServers());
  }

  @Override
  public synchronized String description() {
    return "single-node Kafka "
        + LocalKafka.VERSION
        + " (KRaft) on "
        + (kafka == null ? "a free loopback port" : kafka.bootstrapServers());
  }

  /**
   * @return the started broker's temporary directory (data, configuration, log)
   */
  synchronized java.nio.file.Path directory() {
    return kafka.directory();
  }

  @Override
  public synchronized void close() {
    if (kafka != null) {
      kafka.close();
    }
  }
}
