package io.mqbench.kafka;

import io.mqbench.broker.BrokerProcess;
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
  private static JavaLocalBroker kafka;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    kafka = TestKafka.freezableBroker();
  }

  @Override
  protected MqProvider provider() {
    return new KafkaMqProvider();
  }

  /** Short producer timeouts, so that a frozen broker fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    return Map.of(
        "kafka.bootstrapServers", kafka.address(),
        "kafka.topic", queueName,
        "kafka.partitions", "1",
        "kafka.producer.delivery.timeout.ms", "6000",
        "kafka.producer.request.timeout.ms", "3000",
        "kafka.producer.max.block.ms", "3000");
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of("kafka.bootstrapServers", host + ":" + port));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    BrokerProcess broker = kafka.process(0);
    return Optional.of(
        new BrokerControl() {
          @Override
          public void suspend() throws Exception {
            broker.suspend();
          }

          @Override
          public void resume() throws Exception {
            broker.resume();
          }
        });
  }
}
