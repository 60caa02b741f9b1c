package io.mqbench.rabbitmq;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of the contract kit against a three-node local RabbitMQ cluster, each quorum queue
 * with three members and clients given every node: what a single node passes, a replicated queue
 * passes too. Leases end only with the receiver's channel, so the lease-timeout test is skipped.
 */
class RabbitClusterContractIT extends MqContractKit {
  private static RabbitCluster cluster;

  private final RabbitMqProvider provider = new RabbitMqProvider();

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = TestRabbitCluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private MqConfig config(String queue) {
    return provider.configure(
        Map.of(
            "rabbitmq.uri",
            cluster.uri(),
            "rabbitmq.queue",
            queue,
            "rabbitmq.queueArgs.x-quorum-initial-group-size",
            String.valueOf(TestRabbitCluster.NODES),
            "rabbitmq.confirmTimeout",
            "10s"));
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    return Optional.of(new Configured(provider, config("mqbench-it-" + queueName)));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    String queue = "mqbench-it-" + queueName;
    return new QueueDeletingMq(
        provider.open(config(queue)), TestRabbitCluster.firstUri(cluster), queue);
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    String queue = "mqbench-it-" + queueName;
    return Optional.of(
        QueueDeletingMq.withSubscriptions(
            provider.open(config(queue), subscriptions),
            TestRabbitCluster.firstUri(cluster),
            queue,
            subscriptions));
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(15);
  }
}
