package io.mqbench.rabbitmq;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract kit on a durable quorum queue (the default), one fresh queue per test, against the
 * broker of {@code RABBITMQ_URI} or a private node. Leases end only with the receiver's channel, so
 * {@link #abandonedLeaseTimeout()} stays empty and the kit skips its lease-timeout test.
 */
class RabbitMqContractIT extends MqContractKit {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  /**
   * @return the queue type under test
   */
  protected String queueType() {
    return "quorum";
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    String uri = BROKER.broker().uri();
    RabbitMqProvider provider = new RabbitMqProvider();
    Mq mq =
        provider.open(
            provider.configure(
                Map.of(
                    "rabbitmq.uri",
                    uri,
                    "rabbitmq.queue",
                    "mqbench-it-" + queueName,
                    "rabbitmq.queueType",
                    queueType(),
                    "rabbitmq.confirmTimeout",
                    "10s")));
    return new QueueDeletingMq(mq, uri, "mqbench-it-" + queueName);
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(15);
  }
}
