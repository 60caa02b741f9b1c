package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract kit against a real broker: {@code ARTEMIS_URL} when set, else the same local broker
 * process the runner starts. A broker that cannot be started fails every test. Leases end only with
 * the receiver's connection (Artemis has no per-message lease timeout). Subscriptions are durable
 * multicast queues on an address named after the queue.
 */
class ArtemisContractIT extends MqContractKit {
  private static String url;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    url = TestArtemis.url();
  }

  /**
   * @return the keys that reach the broker under test
   */
  protected Map<String, String> brokerKeys() {
    return Map.of(
        "artemis.url",
        url,
        "artemis.user",
        TestArtemis.USER,
        "artemis.password",
        TestArtemis.PASSWORD);
  }

  private Map<String, String> config(String queueName) {
    Map<String, String> keys = new HashMap<>(brokerKeys());
    keys.put("artemis.queue", queueName);
    return keys;
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    return Optional.of(new Configured(provider, provider.configure(config(queueName))));
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

  @Test
  void theBrokersReleaseIsRecordedAmongTheVersions() {
    assertThat(mq.versions().get("broker")).matches("\\d+\\.\\d+\\.\\d+.*");
  }

  @Test
  void removingAPublishSubscribeQueueRemovesEverySubscription() throws Exception {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    MqConfig config = provider.configure(config("removed-" + System.nanoTime()));
    try (Mq pubSub = provider.open(config, 2)) {
      assertThat(pubSub.createdQueue()).contains(true);
      assertThat(pubSub.removeQueue()).isTrue();
    }
    try (Mq again = provider.open(config, 2)) {
      assertThat(again.createdQueue()).as("both subscriptions were gone").contains(true);
      again.removeQueue();
    }
  }

  @Test
  void aPublishSubscribeRunOpensWhereAPointToPointRunOfTheSameNameLeftItsAddress() {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    MqConfig config = provider.configure(config("reused-" + System.nanoTime()));
    try (Mq pointToPoint = provider.open(config)) {
      pointToPoint.removeQueue(); // the anycast address stays on a broker that keeps addresses
    }
    try (Mq pubSub = provider.open(config, 2)) {
      assertThat(pubSub.createdQueue()).contains(true);
      pubSub.removeQueue();
    }
  }
}
