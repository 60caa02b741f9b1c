package io.mqbench.rabbitmq;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The failure kit for {@code rabbitmq-stream} against the tests' RabbitMQ node: unreachable and
 * silent ports, refused credentials, a node frozen mid-send (private node only), and the declared
 * message limit, at its default.
 */
class RabbitStreamFailureIT extends MqFailureKit {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  @Override
  protected MqProvider provider() {
    return new RabbitStreamProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = StreamTests.config(BROKER.broker(), queueName);
    raw.put("rabbitmq-stream.confirmTimeout", "2s");
    raw.put("rabbitmq-stream.connectTimeout", "2s");
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(
        Map.of(
            "rabbitmq-stream.uri",
            "rabbitmq-stream://guest:guest@" + host + ":" + port + "/%2f",
            "rabbitmq-stream.connectTimeout",
            "3s"));
  }

  @Override
  protected Optional<WrongCredentials> wrongCredentials() {
    URI broker = URI.create(BROKER.broker().streamUri());
    return Optional.of(
        new WrongCredentials(
            Map.of(
                "rabbitmq-stream.uri",
                "rabbitmq-stream://mqbench-nobody:wrong@"
                    + broker.getHost()
                    + ":"
                    + broker.getPort()
                    + "/%2f"),
            "rabbitmq-stream.uri"));
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
