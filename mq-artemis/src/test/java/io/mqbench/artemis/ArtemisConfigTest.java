package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.broker.BrokerResolution;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Configuration of the artemis backend, checked without a broker. */
class ArtemisConfigTest {
  private final ArtemisMqProvider provider = new ArtemisMqProvider();

  private ArtemisSettings settings(Map<String, String> raw) {
    return ArtemisSettings.from(provider.configure(raw));
  }

  @Test
  void defaultsArePersistentTransactedAnycastWithCreatedQueueAndTheArtemisUser() {
    ArtemisSettings s = settings(Map.of("artemis.url", "tcp://127.0.0.1:61616"));

    assertThat(s.queue()).isEqualTo("mqbench");
    assertThat(s.routingType()).isEqualTo(RoutingType.ANYCAST);
    assertThat(s.sendMode()).isEqualTo(SendMode.TRANSACTED);
    assertThat(s.createQueue()).isTrue();
    assertThat(s.user()).isEqualTo("artemis");
    assertThat(s.callTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.url())
        .startsWith("tcp://127.0.0.1:61616?")
        .contains("reconnectAttempts=0", "callTimeout=5000", "confirmationWindowSize=1048576")
        .contains("consumerWindowSize=1048576", "blockOnDurableSend=true");
  }

  @Test
  void everyKeyHasADescriptionAndThePasswordIsASecret() {
    for (ConfigKey<?> k : provider.configKeys()) {
      assertThat(k.name()).startsWith("artemis.");
      assertThat(k.description()).as(k.name()).isNotBlank();
    }
    assertThat(ArtemisSettings.PASSWORD.isSecret()).isTrue();
    MqConfig c = provider.configure(Map.of("artemis.password", "hunter2"));
    assertThat(c.toString()).doesNotContain("hunter2");
  }

  @Test
  void urlParametersPassThroughAndAppendToTheGivenOnes() {
    ArtemisSettings s =
        settings(
            Map.of(
                "artemis.url",
                "tcp://broker:61617?sslEnabled=false",
                "artemis.url.producerWindowSize",
                "0"));

    assertThat(s.url())
        .startsWith("tcp://broker:61617?sslEnabled=false&")
        .endsWith("producerWindowSize=0");
    assertThat(s.address()).isEqualTo("broker:61617");
  }

  @Test
  void aPrimaryBackupPairNamesBothBrokers() {
    ArtemisSettings s = settings(Map.of("artemis.url", "(tcp://a:61616,tcp://b:61617)?ha=true"));

    assertThat(s.address()).isEqualTo("a:61616,b:61617");
  }

  @Test
  void aPairWithHaReconnectsWithoutEndAsItsUrlSaysButACallWaitsOnlyTheCallTimeout() {
    ArtemisSettings s =
        settings(
            Map.of(
                "artemis.url",
                "(tcp://a:61616,tcp://b:61617)?ha=true&reconnectAttempts=-1",
                "artemis.callTimeout",
                "3s"));

    assertThat(s.url())
        .startsWith("(tcp://a:61616,tcp://b:61617)?ha=true&reconnectAttempts=-1&")
        .contains("callFailoverTimeout=3000", "callTimeout=3000")
        .doesNotContain("reconnectAttempts=0");
  }

  @Test
  void aLocalClusterOfMoreThanAPrimaryAndItsBackupIsRefusedInOneLine() {
    assertThat(provider.configure(Map.of("artemis.localBrokerNodes", "2")).given())
        .containsEntry("artemis.localBrokerNodes", "2");
    assertThatThrownBy(() -> provider.configure(Map.of("artemis.localBrokerNodes", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "artemis.localBrokerNodes=3: a local Artemis cluster is a primary and its backup (2"
                + " nodes); more backups are not set up, give 1 or 2");
  }

  @Test
  void aLiveNodesBackupIsTheOneTheTopologyPairsWithItsNodeId() {
    String topology =
        "[{\"nodeID\":\"n1\",\"primary\":\"10.0.0.2:5\",\"backup\":\"10.0.0.3:6\"},"
            + "{\"nodeID\":\"n2\",\"primary\":\"10.0.0.4:7\"}]";

    assertThat(ArtemisPair.backupOf("n1", topology)).contains("10.0.0.3:6");
    assertThat(ArtemisPair.backupOf("n2", topology)).isEmpty();
    assertThat(ArtemisPair.backupOf("n3", topology)).isEmpty();
  }

  @Test
  void anUnknownUrlParameterIsRefusedWithTheClosestKnownOne() {
    assertThatThrownBy(() -> provider.configure(Map.of("artemis.url.producerWindowSise", "0")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("artemis.url.producerWindowSise")
        .hasMessageContaining("did you mean artemis.url.producerWindowSize?");
  }

  @Test
  void aUrlParameterThatAKeySetsIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> provider.configure(Map.of("artemis.url.password", "x")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("artemis.password");
  }

  @Test
  void aMalformedUrlIsRefusedBeforeConnectingNamingTheKey() {
    for (String bad :
        new String[] {"localhost:61616", "tcp://host", "tcp://h:70000", "amqp://h:1"}) {
      assertThatThrownBy(() -> provider.configure(Map.of("artemis.url", bad)))
          .as(bad)
          .isInstanceOf(ConfigException.class)
          .hasMessageContaining("artemis.url");
    }
  }

  @Test
  void enumKeysAcceptTheirChoicesAndRefuseOthers() {
    ArtemisSettings s =
        settings(
            Map.of(
                "artemis.url", "tcp://h:1",
                "artemis.routingType", "multicast",
                "artemis.sendMode", "sync",
                "artemis.queue", "q",
                "artemis.address", "events"));

    assertThat(s.routingType()).isEqualTo(RoutingType.MULTICAST);
    assertThat(s.sendMode()).isEqualTo(SendMode.SYNC);
    assertThat(s.consumeFrom()).isEqualTo("events::q");
    assertThatThrownBy(() -> provider.configure(Map.of("artemis.sendMode", "fast")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("transacted, sync");
  }

  @Test
  void aQueueNameWithAFullyQualifiedSeparatorIsRefused() {
    assertThatThrownBy(() -> provider.configure(Map.of("artemis.queue", "a::b")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("artemis.queue");
  }

  @Test
  void unsafeUrlParametersAreWarnedAboutAndDefaultsAreNot() {
    assertThat(provider.warnings(provider.configure(Map.of()))).isEmpty();
    assertThat(
            provider.warnings(
                provider.configure(
                    Map.of(
                        "artemis.url.preAcknowledge", "true",
                        "artemis.url.blockOnDurableSend", "false",
                        "artemis.sendMode", "sync"))))
        .hasSize(2)
        .allMatch(w -> w.contains("loss is expected"));
  }

  @Test
  void limitsDeclareTheLargestMessageAndASendTimeoutOfTwiceTheCallTimeout() {
    var limits = provider.limits(provider.configure(Map.of("artemis.callTimeout", "3s")));

    assertThat(limits.maxMessageBytes()).isEqualTo(16 << 20);
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(6));
  }

  @Test
  void withNoUrlAndNothingOnTheComposePortALocalBrokerIsStartedAndAnnounced() {
    MqConfig config = provider.configure(Map.of());

    BrokerResolution.Resolved r = BrokerResolution.resolve(provider, config, hostPort -> false);

    assertThat(r.localBroker()).isPresent();
    assertThat(r.notices().get(0))
        .contains("artemis.url", "127.0.0.1:61616", "single-node Artemis", "own process");
  }

  @Test
  void withNoUrlAndABrokerOnTheComposePortThatBrokerIsUsed() {
    BrokerResolution.Resolved r =
        BrokerResolution.resolve(provider, provider.configure(Map.of()), hostPort -> true);

    assertThat(r.localBroker()).isEmpty();
    assertThat(r.config().get(ArtemisSettings.URL)).isEqualTo("tcp://127.0.0.1:61616");
  }

  @Test
  void aGivenUrlIsUsedAsGiven() {
    BrokerResolution.Resolved r =
        BrokerResolution.resolve(
            provider, provider.configure(Map.of("artemis.url", "tcp://h:1")), hostPort -> true);

    assertThat(r.localBroker()).isEmpty();
    assertThat(r.notices()).isEmpty();
  }

  @Test
  void anotherQueueOfARunSuffixesTheQueueAndItsAddressAndNothingElse() {
    MqConfig config =
        provider.configure(Map.of("artemis.url", "tcp://h:1", "artemis.queue", "orders"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(Map.of("artemis.queue", "orders-2", "artemis.address", "orders-2"));
    MqConfig withAddress = config.with("artemis.address", "events");
    assertThat(provider.keysForQueue(withAddress, "-2"))
        .contains(Map.of("artemis.queue", "orders-2", "artemis.address", "events-2"));
  }

  @Test
  void aSuffixedNameIsCutToTheLongestNameAnArtemisKeyAcceptsAndStillDiffers() {
    String longest = "q".repeat(ArtemisSettings.MAX_NAME_LENGTH);
    MqConfig config = provider.configure(Map.of("artemis.queue", longest));

    Map<String, String> second = provider.keysForQueue(config, "-2").orElseThrow();
    Map<String, String> third = provider.keysForQueue(config, "-3").orElseThrow();

    assertThat(second.get("artemis.queue")).hasSize(200).endsWith("-2");
    assertThat(third.get("artemis.queue")).hasSize(200).endsWith("-3");
    assertThat(config.with("artemis.queue", second.get("artemis.queue"))).isNotNull();
  }

  @Test
  void eachSubscriptionIsADurableMulticastQueueOfTheAddressReadByItsFullName() {
    ArtemisSettings s = settings(Map.of("artemis.url", "tcp://h:1", "artemis.queue", "orders"));

    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
    assertThat(s.publishing().routingType()).isEqualTo(RoutingType.MULTICAST);
    assertThat(s.publishing().addressName()).isEqualTo("orders");
    assertThat(s.subscription(1).queue()).isEqualTo("orders-s1");
    assertThat(s.subscription(1).consumeFrom()).isEqualTo("orders::orders-s1");
  }
}
