package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProviders;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the rabbitmq-stream backend declares and refuses before, or instead of, a broker. */
class RabbitStreamProviderTest {
  private final RabbitStreamProvider provider = new RabbitStreamProvider();

  @Test
  void aQueueOfItsOwnIsTheStreamAndTheConsumerNameWithTheSuffix() {
    MqConfig config =
        provider.configure(
            Map.of("rabbitmq-stream.stream", "orders", "rabbitmq-stream.consumerName", "billing"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(
            Map.of(
                "rabbitmq-stream.stream", "orders-2", "rabbitmq-stream.consumerName", "billing-2"));
  }

  @Test
  void aStreamNameAtTheLimitLosesTheEndOfItsBaseNotTheSuffix() {
    MqConfig config = provider.configure(Map.of("rabbitmq-stream.stream", "s".repeat(200)));

    String stream =
        provider.keysForQueue(config, "-12").orElseThrow().get("rabbitmq-stream.stream");

    assertThat(stream).hasSize(200).endsWith("s-12");
    assertThat(
            provider.configure(Map.of("rabbitmq-stream.stream", stream)).get(StreamSettings.STREAM))
        .isEqualTo(stream);
  }

  @Test
  void subscriptionsAreNamedConsumersEachWithAReaderLockOfItsOwn() {
    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
    assertThat(StreamSettings.subscriptionConsumer("mqbench", 1)).isEqualTo("mqbench-s1");
  }

  @Test
  void isFoundByServiceLoaderAsRabbitmqStreamBesideRabbitmq() {
    assertThat(MqProviders.load().find("rabbitmq-stream")).isInstanceOf(RabbitStreamProvider.class);
    assertThat(MqProviders.load().find("rabbitmq")).isInstanceOf(RabbitMqProvider.class);
  }

  @Test
  void everyKeyIsNamedRabbitmqStreamDotCamelCaseAndDocumented() {
    for (ConfigKey<?> key : provider.configKeys()) {
      assertThat(key.name()).matches("rabbitmq-stream\\.[a-z]+([A-Z][a-z]+)*");
      assertThat(key.description()).isNotBlank();
    }
    assertThat(provider.configKeys()).contains(StreamSettings.URI);
    assertThat(StreamSettings.URI.isSecret()).isTrue();
  }

  @Test
  void badInputIsRefusedInOneLineNamingTheKeyBeforeAnythingConnects() {
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq-stream.uri", "amqp://h:5672")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("rabbitmq-stream.uri: invalid value 'amqp://h:5672'")
        .hasMessageContaining("rabbitmq-stream://user:password@host:port/vhost");
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq-stream.stream", "amq.x")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("rabbitmq-stream.stream");
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq-stream.leaseTimeout", "0s")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("rabbitmq-stream.leaseTimeout");
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq-stream.strem", "s")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("did you mean rabbitmq-stream.stream?");
    for (String bad : new String[] {"amqp://h:5672", "amq.x"}) {
      try {
        provider.configure(Map.of("rabbitmq-stream.uri", bad));
      } catch (ConfigException e) {
        assertThat(e.getMessage()).doesNotContain("\n");
      }
    }
  }

  @Test
  void theUriGivesAddressCredentialsAndVhostAndThePasswordIsNeverShown() {
    MqConfig c =
        provider.configure(
            Map.of("rabbitmq-stream.uri", "rabbitmq-stream://u:s3cret@b:5553/v%2f1"));
    StreamSettings s = StreamSettings.from(c);

    assertThat(s.address()).isEqualTo("b:5553");
    assertThat(s.username()).isEqualTo("u");
    assertThat(s.password()).isEqualTo("s3cret");
    assertThat(s.vhost()).isEqualTo("v/1");
    assertThat(s.amqpPort()).isEqualTo(5672);
    assertThat(provider.target(c)).isEqualTo("b:5553");
    assertThat(c.effective().get("rabbitmq-stream.uri")).doesNotContain("s3cret");
    assertThat(
            StreamSettings.from(
                    provider.configure(Map.of("rabbitmq-stream.uri", "rabbitmq-stream://h")))
                .address())
        .isEqualTo("h:5552");
  }

  @Test
  void aClustersNodesAreCommaSeparatedWithTheFirstsCredentialsAndEachIsGivenToTheClient() {
    StreamSettings s =
        StreamSettings.from(
            provider.configure(
                Map.of(
                    "rabbitmq-stream.uri",
                    "rabbitmq-stream://u:p@a:5553/%2f, rabbitmq-stream://b:5554,"
                        + "rabbitmq-stream://c")));

    assertThat(s.nodes()).containsExactly("a:5553", "b:5554", "c:5552");
    assertThat(s.address()).isEqualTo("a:5553,b:5554,c:5552");
    assertThat(s.clientUris())
        .containsExactly(
            "rabbitmq-stream://u:p@a:5553/%2F",
            "rabbitmq-stream://u:p@b:5554/%2F", "rabbitmq-stream://u:p@c:5552/%2F");
    assertThatThrownBy(
            () ->
                StreamSettings.from(
                    provider.configure(
                        Map.of("rabbitmq-stream.uri", "rabbitmq-stream://a,amqp://b:5672"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("rabbitmq-stream.uri: invalid value");
  }

  @Test
  void localBrokerNodesUnderThisBackendsNameMakeTheLocalBrokerAClusterWithStreams()
      throws Exception {
    var local =
        provider.localBroker(provider.configure(Map.of("rabbitmq-stream.localBrokerNodes", "3")));
    assertThat(local.isPresent()).isEqualTo(RabbitNode.installed().isPresent());
    if (local.isPresent()) {
      try (var cluster = local.get()) {
        assertThat(cluster.description())
            .startsWith(
                "a 3-node local RabbitMQ cluster of private rabbitmq-server nodes (streams with a"
                    + " member on each)");
      }
    }
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq.localBrokerNodes", "3")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("key 'rabbitmq.localBrokerNodes' does not belong to queue rabbitmq-stream");
  }

  @Test
  void theMembersAStreamIsAskedToHaveAreWhatItsDurabilitySays() {
    MqConfig three = provider.configure(Map.of("rabbitmq-stream.initialClusterSize", "3"));
    MqConfig one = provider.configure(Map.of("rabbitmq-stream.initialClusterSize", "1"));

    assertThat(provider.durability(three).where())
        .isEqualTo("on a majority of the stream's 3 members (written to their logs, not fsynced)");
    assertThat(provider.durability(three).settings()).endsWith(", 3 member(s) asked");
    assertThat(provider.durability(one).where())
        .isEqualTo(
            "on the stream's only member (one node, not replicated) (written to their logs, not"
                + " fsynced)");
    assertThat(provider.durability(provider.configure(Map.of())).where())
        .isEqualTo("on a majority of the stream's members (written to their logs, not fsynced)");
    assertThat(provider.hasLeaders()).isTrue();
  }

  @Test
  void withoutAnAddressTheRunnerTriesTheComposeStreamPortThenAPrivateNodeWithTheStreamPlugin() {
    BrokerAddressing a = provider.brokerAddressing().orElseThrow();

    assertThat(a.keys()).containsExactly("rabbitmq-stream.uri");
    assertThat(a.composeFile()).isEqualTo("docker/rabbitmq.yml");
    assertThat(a.composeProbe()).isEqualTo("127.0.0.1:5552");
    assertThat(a.composeValue()).isEqualTo("rabbitmq-stream://guest:guest@127.0.0.1:5552/%2f");
    var local = provider.localBroker(provider.configure(Map.of()));
    // Made, not started: closing it removes the scratch directories its making created.
    local.ifPresent(io.mqbench.mq.LocalBroker::close);
    assertThat(local.isPresent()).isEqualTo(RabbitNode.installed().isPresent());
    assertThatThrownBy(() -> provider.open(provider.configure(Map.of())))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith("rabbitmq-stream.uri is not set")
        .hasMessageContaining("docker compose -f docker/rabbitmq.yml up -d")
        .hasMessageContaining("apt-get install rabbitmq-server");
  }

  @Test
  void anAcknowledgedSendIsInMemoryOnAMajorityAndFsyncIsRefusedSayingWhy() {
    Durability d = provider.durability(provider.configure(Map.of()));
    assertThat(d.level()).isEqualTo(Level.MEMORY);
    assertThat(d.where()).contains("majority").contains("not fsynced");
    assertThat(provider.durabilityKeys(Level.MEMORY)).isEmpty();
    assertThatThrownBy(() -> provider.durabilityKeys(Level.FSYNC))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("rabbitmq-stream cannot be set to --durability fsync")
        .hasMessageContaining("--queue rabbitmq");
    assertThatThrownBy(() -> provider.durabilityKeys(Level.NONE))
        .isInstanceOf(ConfigException.class);
  }

  @Test
  void theDeclaredLimitsFollowTheirKeys() {
    MqLimits limits =
        provider.limits(
            provider.configure(
                Map.of(
                    "rabbitmq-stream.maxMessageBytes", "1000",
                    "rabbitmq-stream.confirmTimeout", "3s",
                    "rabbitmq-stream.connectTimeout", "1s")));
    assertThat(limits.maxMessageBytes()).isEqualTo(1000);
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(provider.limits(provider.configure(Map.of())).maxMessageBytes())
        .isEqualTo(1_000_000);
  }

  @Test
  void openingAnUnreachableAddressFailsWithinTenSecondsNamingHostAndPort() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    MqConfig c =
        provider.configure(
            Map.of("rabbitmq-stream.uri", "rabbitmq-stream://guest:guest@127.0.0.1:" + port));
    long start = System.nanoTime();

    assertThatThrownBy(() -> provider.open(c))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("127.0.0.1:" + port)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }
}
