package io.mqbench.rabbitmq;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The failure kit against the tests' RabbitMQ: wrong credentials, unreachable and silent ports, a
 * frozen node (private node only), and the declared message limit (set to 1 MiB here).
 */
class RabbitMqFailureIT extends MqFailureKit {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  @Override
  protected MqProvider provider() {
    return new RabbitMqProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    return Map.of(
        "rabbitmq.uri",
        BROKER.broker().uri(),
        "rabbitmq.queue",
        queueName,
        "rabbitmq.queueType",
        "classic",
        "rabbitmq.confirmTimeout",
        "3s",
        "rabbitmq.connectTimeout",
        "2s",
        "rabbitmq.maxMessageBytes",
        String.valueOf(1 << 20));
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of("rabbitmq.uri", "amqp://guest:guest@" + host + ":" + port));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    URI broker = URI.create(BROKER.broker().uri());
    return Optional.of(
        new WrongCredentials(
            Map.of(
                "rabbitmq.uri",
                "amqp://mqbench-nobody:wrong@" + broker.getHost() + ":" + broker.getPort()),
            "rabbitmq.password"));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    return BROKER
        .broker()
        .node()
        .map(
            node ->
                new BrokerControl() {
                  private BrokerProcess frozen;

                  @Override
                  public void suspend() throws Exception {
                    frozen = node.process();
                    frozen.suspend();
                  }

                  @Override
                  public void resume() throws Exception {
                    frozen.resume();
                  }
                });
  }
}
