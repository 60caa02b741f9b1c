package io.mqbench.kafka;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against a local broker that the contract tests do not use (it freezes the broker;
 * {@link TestKafka#freezableBroker()}, shared with {@code KafkaShareFailureIT}). Credentials do not
 * apply: the local broker is PLAINTEXT, without authentication.
 */
class KafkaFailureIT extends MqFailureKit {
  /** The broker, for subclasses' own tests too. */
  static JavaLocalBroker kafka;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    kafka = TestKafka.freezableBroker();
  }

  @Override
  protected MqProvider provider() {
    return new KafkaMqProvider();
  }

  /**
   * @return the provider's key prefix: {@code kafka}, or a Kafka queue type's that shares its keys
   */
  protected String prefix() {
    return "kafka";
  }

  /** Short producer timeouts, so that a frozen broker fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    String k = prefix() + ".";
    return Map.of(
        k + "bootstrapServers", kafka.address(),
        k + "topic", queueName,
        k + "partitions", "1",
        k + "producer.delivery.timeout.ms", "6000",
        k + "producer.request.timeout.ms", "3000",
        k + "producer.max.block.ms", "3000");
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of(prefix() + ".bootstrapServers", host + ":" + port));
  }

  /** Every node of the broker frozen at once: one here, three in the cluster subclasses. */
  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(kafka.faults().orElseThrow()));
  }
}
