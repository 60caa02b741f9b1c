package io.mqbench.nats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import io.mqbench.mq.MqException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the nats backend declares from its settings alone, before it connects anywhere. */
class NatsMqProviderTest {
  private final NatsMqProvider provider = new NatsMqProvider();

  private Durability durability(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void byDefaultAnAcknowledgedPublishIsInMemoryAndTheTwoMinuteSyncIsWarnedOf() {
    assertThat(durability(Map.of()).level()).isEqualTo(Level.MEMORY);
    assertThat(provider.warnings(provider.configure(Map.of())))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("nats.syncAlways=false:")
        .contains("every 2 minutes")
        .contains("loss of acknowledged messages is expected");
  }

  @Test
  void aServerThatSyncsAlwaysFsyncsOnAMajorityOfTheReplicas() {
    Durability d = durability(Map.of("nats.syncAlways", "true", "nats.replicas", "3"));
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.where()).isEqualTo("on a majority of the stream's 3 replicas");
    assertThat(provider.warnings(provider.configure(Map.of("nats.syncAlways", "true")))).isEmpty();
  }

  @Test
  void theDurabilityLevelsSetTheSyncKeyAndNoneIsRefused() {
    assertThat(provider.durabilityKeys(Level.FSYNC)).containsEntry("nats.syncAlways", "true");
    assertThat(provider.durabilityKeys(Level.MEMORY)).containsEntry("nats.syncAlways", "false");
    assertThatThrownBy(() -> provider.durabilityKeys(Level.NONE))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("nats cannot be set to --durability none");
  }

  @Test
  void aMalformedUrlOrStreamNameIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> provider.configure(Map.of("nats.url", "http://127.0.0.1:4222")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nats.url");
    assertThatThrownBy(() -> provider.configure(Map.of("nats.stream", "a.stream")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nats.stream");
  }

  @Test
  void withoutAnAddressOpeningSaysWhichKeyToSet() {
    assertThatThrownBy(() -> provider.open(provider.configure(Map.of())))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith("nats.url is not set");
  }

  @Test
  void theTargetNeverShowsThePasswordAndTheSubjectFollowsTheStream() {
    var config =
        provider.configure(Map.of("nats.url", "nats://u:secret@h:7000", "nats.stream", "q1"));
    assertThat(provider.target(config)).isEqualTo("h:7000");
    assertThat(NatsSettings.from(config).subject()).isEqualTo("mqbench.q1");
  }

  @Test
  void anotherQueueOfARunSuffixesTheStreamItsSubjectAndItsConsumerAndNothingElse() {
    var config = provider.configure(Map.of("nats.stream", "orders", "nats.syncAlways", "true"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(
            Map.of(
                "nats.stream", "orders-2",
                "nats.subject", "mqbench.orders-2",
                "nats.consumer", "mqbench-2"));
  }

  @Test
  void aSuffixedNameIsCutToTheLongestNameItsKeyAcceptsAndStillDiffers() {
    var config =
        provider.configure(
            Map.of("nats.stream", "s".repeat(64), "nats.subject", "a.".repeat(99) + "b"));

    Map<String, String> second = provider.keysForQueue(config, "-2").orElseThrow();
    Map<String, String> third = provider.keysForQueue(config, "-3").orElseThrow();

    assertThat(second.get("nats.stream")).hasSize(64).endsWith("-2");
    assertThat(second.get("nats.subject")).hasSize(200).endsWith("-2");
    assertThat(third.values()).doesNotContainAnyElementsOf(second.values());
    assertThat(provider.configure(second)).isNotNull(); // valid values of their keys
  }

  @Test
  void eachSubscriptionIsADurableConsumerOfItsOwnOnTheOneStream() {
    NatsSettings s =
        NatsSettings.from(
            provider.configure(Map.of("nats.url", "nats://h:1", "nats.stream", "orders")));

    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
    assertThat(s.subscription(1).consumer()).isEqualTo("mqbench-s1");
    assertThat(s.subscription(1).stream()).isEqualTo("orders");
    assertThat(provider.description()).contains("interest-retention stream");
  }

  @Test
  void theServersOfAClusterAreOneUrlSeparatedByCommasAndTheTargetNamesThemAll() {
    var config =
        provider.configure(Map.of("nats.url", "nats://u:secret@h1:7000,nats://u:secret@h2:7001"));

    assertThat(NatsSettings.from(config).address()).isEqualTo("h1:7000,h2:7001");
    assertThatThrownBy(
            () -> provider.configure(Map.of("nats.url", "nats://h1:7000,http://h2:7001")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nats.url")
        .hasMessageContaining("comma-separated");
  }

  @Test
  void aStreamLeaderIsANodeOfALocalClusterByItsServerName() {
    assertThat(NatsLeader.addressOf("mqbench-41235")).isEqualTo("127.0.0.1:41235");
    assertThatThrownBy(() -> NatsLeader.addressOf("n1"))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("not a node mqbench started");
  }

  @Test
  void aLeaderInANetworkNamespaceIsNamedByTheAddressItsUrlGives() {
    String urls = "nats://10.213.7.2:41234,nats://mqbench:pw@10.213.7.3:41235";
    assertThat(NatsLeader.onItsHost("127.0.0.1:41235", urls)).isEqualTo("10.213.7.3:41235");
    assertThat(NatsLeader.onItsHost("127.0.0.1:41236", urls)).isEqualTo("127.0.0.1:41236");
  }

  @Test
  void aLocalClusterOfSeveralNodesIsAskedWithOneKeyAndTooManyAreRefused() {
    assertThat(
            provider
                .configure(Map.of("nats.localBrokerNodes", "3"))
                .get(NatsSettings.LOCAL_BROKER_NODES))
        .isEqualTo(3);
    assertThatThrownBy(() -> provider.configure(Map.of("nats.localBrokerNodes", "6")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nats.localBrokerNodes");
  }
}
