package io.mqbench.artemis;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;

/**
 * The contract kit with {@code artemis.routingType=multicast} and synchronous persistent sends: the
 * queue is a durable subscription of its own address, read by its fully qualified name; with
 * several subscriptions, each is a durable queue of that configured address.
 */
class ArtemisMulticastContractIT extends MqContractKit {
  private static String url;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    url = TestArtemis.url();
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    return provider.open(provider.configure(config(queueName)));
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    return Optional.of(provider.open(provider.configure(config(queueName)), subscriptions));
  }

  private static Map<String, String> config(String queueName) {
    return Map.of(
        "artemis.url",
        url,
        "artemis.user",
        TestArtemis.USER,
        "artemis.password",
        TestArtemis.PASSWORD,
        "artemis.queue",
        queueName,
        "artemis.address",
        "addr-" + queueName,
        "artemis.routingType",
        "multicast",
        "artemis.sendMode",
        "sync");
  }
}
