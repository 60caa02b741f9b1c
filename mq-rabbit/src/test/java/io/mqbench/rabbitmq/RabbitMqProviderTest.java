package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProviders;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RabbitMqProviderTest {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  private RabbitMqSettings settings(Map<String, String> raw) {
    return RabbitMqSettings.from(provider.configure(raw));
  }

  @Test
  void aQueueOfItsOwnIsTheQueueNameWithTheSuffix() {
    MqConfig config = provider.configure(Map.of("rabbitmq.queue", "orders"));

    assertThat(provider.keysForQueue(config, "-2")).contains(Map.of("rabbitmq.queue", "orders-2"));
  }

  @Test
  void aQueueNameAtAmqpsLimitLosesTheEndOfItsBaseNotTheSuffix() {
    MqConfig config = provider.configure(Map.of("rabbitmq.queue", "q".repeat(255)));

    String queue = provider.keysForQueue(config, "-12").orElseThrow().get("rabbitmq.queue");

    assertThat(queue).hasSize(255).endsWith("q-12");
    assertThat(provider.configure(Map.of("rabbitmq.queue", queue)).get(RabbitMqSettings.QUEUE))
        .isEqualTo(queue);
  }

  @Test
  void subscriptionsAreQueuesNamedAfterTheConfiguredQueue() {
    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
    assertThat(RabbitMqSettings.subscriptionQueue("orders", 2)).isEqualTo("orders-s2");
  }

  @Test
  void isFoundByServiceLoaderAsRabbitmq() {
    assertThat(MqProviders.load().find("rabbitmq")).isInstanceOf(RabbitMqProvider.class);
  }

  @Test
  void everyKeyIsNamedRabbitmqDotCamelCaseAndDocumented() {
    for (ConfigKey<?> key : provider.configKeys()) {
      assertThat(key.name()).matches("rabbitmq\\.[a-z]+([A-Z][a-z]+)*");
      assertThat(key.description()).isNotBlank();
    }
    assertThat(provider.passThroughPrefixes()).containsExactly("rabbitmq.queueArgs.");
  }

  @Test
  void openWithoutAnAddressFailsAtOnceNamingTheKeyTheComposeFileAndTheLocalCommand() {
    MqConfig noAddress = provider.configure(Map.of());

    assertThatThrownBy(() -> provider.open(noAddress))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith("rabbitmq.uri is not set")
        .hasMessageContaining("docker compose -f docker/rabbitmq.yml up -d")
        .hasMessageContaining("rabbitmq.uri=" + RabbitMqSettings.SUGGESTED_URI)
        .hasMessageContaining("apt-get install rabbitmq-server")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThat(provider.target(noAddress)).isEqualTo("unset (rabbitmq.uri)");
  }

  @Test
  void withoutAnAddressTheRunnerTriesTheComposePortThenAPrivateNodeOfTheInstalledServer() {
    BrokerAddressing a = provider.brokerAddressing().orElseThrow();

    assertThat(a.keys()).containsExactly("rabbitmq.uri", "rabbitmq.host");
    assertThat(a.composeFile()).isEqualTo("docker/rabbitmq.yml");
    assertThat(a.composeProbe()).isEqualTo("127.0.0.1:5672");
    assertThat(a.composeValue()).isEqualTo(RabbitMqSettings.SUGGESTED_URI);
    assertThat(a.install()).isEqualTo("apt-get install rabbitmq-server");
    var local = provider.localBroker(provider.configure(Map.of()));
    // Made, not started: closing it removes the scratch directories its making created.
    local.ifPresent(io.mqbench.mq.LocalBroker::close);
    assertThat(local.isPresent()).isEqualTo(RabbitNode.installed().isPresent());
    assertThat(provider.localBroker(provider.configure(Map.of("rabbitmq.host", "h")))).isEmpty();
  }

  @Test
  void credentialsAreSecretsAndTheDeclaredLimitFollowsItsKey() {
    MqConfig c =
        provider.configure(
            Map.of(
                "rabbitmq.uri", "amqp://bob:s3cret@h:5672",
                "rabbitmq.maxMessageBytes", "1000",
                "rabbitmq.confirmTimeout", "3s",
                "rabbitmq.connectTimeout", "1s"));

    assertThat(c.effective()).containsEntry("rabbitmq.uri", "amqp://bob:****@h:5672");
    assertThat(c.effective()).containsEntry("rabbitmq.password", "****");
    MqLimits limits = provider.limits(c);
    assertThat(limits.maxMessageBytes()).isEqualTo(1000);
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(provider.limits(provider.configure(Map.of())).maxMessageBytes()).isEqualTo(16 << 20);
  }

  @Test
  void defaultsAreAQuorumQueueWithPersistentMessagesAndConfirmsPerBatch() {
    RabbitMqSettings s = settings(Map.of("rabbitmq.uri", "amqp://h"));

    assertThat(s.queue()).isEqualTo("mqbench");
    assertThat(s.queueType()).isEqualTo(QueueType.QUORUM);
    assertThat(s.persistent()).isTrue();
    assertThat(s.confirms()).isEqualTo(Confirms.BATCH);
    assertThat(s.confirmTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.declareArgs()).containsExactly(Map.entry("x-queue-type", "quorum"));
    assertThat(s.factory().isAutomaticRecoveryEnabled()).isFalse();
    assertThat(s.factory().getConnectionTimeout()).isEqualTo(5_000);
    assertThat(s.factory().getHandshakeTimeout()).isEqualTo(5_000);
  }

  @Test
  void theUriGivesAddressCredentialsAndVhost() {
    RabbitMqSettings s = settings(Map.of("rabbitmq.uri", "amqp://u:p@broker.example:5673/v1"));

    assertThat(s.address()).isEqualTo("broker.example:5673");
    assertThat(s.factory().getUsername()).isEqualTo("u");
    assertThat(s.factory().getPassword()).isEqualTo("p");
    assertThat(s.factory().getVirtualHost()).isEqualTo("v1");
    assertThat(provider.target(provider.configure(Map.of("rabbitmq.uri", "amqp://b:5673"))))
        .isEqualTo("b:5673");
  }

  @Test
  void separateKeysOverrideTheUriOnlyWhenGiven() {
    RabbitMqSettings s =
        settings(
            Map.of(
                "rabbitmq.uri", "amqp://u:p@broker:5673/v1",
                "rabbitmq.port", "5680",
                "rabbitmq.vhost", "v2",
                "rabbitmq.password", "q"));

    assertThat(s.address()).isEqualTo("broker:5680");
    assertThat(s.factory().getUsername()).isEqualTo("u");
    assertThat(s.factory().getPassword()).isEqualTo("q");
    assertThat(s.factory().getVirtualHost()).isEqualTo("v2");
  }

  @Test
  void aHostAloneIsAnAddressWithDefaultPortAndGuestCredentials() {
    RabbitMqSettings s = settings(Map.of("rabbitmq.host", "10.0.0.7"));

    assertThat(s.address()).isEqualTo("10.0.0.7:5672");
    assertThat(s.factory().getUsername()).isEqualTo("guest");
    assertThat(s.factory().getVirtualHost()).isEqualTo("/");
  }

  @Test
  void aMalformedUriFailsNamingTheKey() {
    assertThatThrownBy(() -> settings(Map.of("rabbitmq.uri", "http://nope")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("rabbitmq.uri: invalid value 'http://nope'");
  }

  @Test
  void queueArgsPassThroughAsTypedXArguments() {
    RabbitMqSettings s =
        settings(
            Map.of(
                "rabbitmq.uri", "amqp://h",
                "rabbitmq.queueArgs.x-max-length", "100000",
                "rabbitmq.queueArgs.x-single-active-consumer", "true",
                "rabbitmq.queueArgs.x-overflow", "reject-publish"));

    assertThat(s.declareArgs())
        .containsEntry("x-queue-type", "quorum")
        .containsEntry("x-max-length", 100_000L)
        .containsEntry("x-single-active-consumer", true)
        .containsEntry("x-overflow", "reject-publish");
  }

  @Test
  void unknownKeysAndBadValuesFailNamingTheKey() {
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq.prefech", "10")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("did you mean rabbitmq.prefetch?");
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq.queueType", "mirrored")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("rabbitmq.queueType")
        .hasMessageContaining("quorum, classic, stream");
  }

  @Test
  void defaultPrefetchIsTwiceTheReceiveBatchAtLeast256AndAConfiguredOneWins() {
    RabbitMqSettings auto = settings(Map.of("rabbitmq.uri", "amqp://h"));
    RabbitMqSettings fixed = settings(Map.of("rabbitmq.uri", "amqp://h", "rabbitmq.prefetch", "7"));

    assertThat(auto.prefetchFor(1)).as("rate mode receives one at a time").isEqualTo(256);
    assertThat(auto.prefetchFor(1000)).isEqualTo(2000);
    assertThat(auto.prefetchFor(1_000_000)).isEqualTo(65_535);
    assertThat(fixed.prefetchFor(100)).isEqualTo(7);
  }

  @Test
  void streamOffsetIsANumberWhenNumericElseAName() {
    assertThat(settings(Map.of("rabbitmq.uri", "amqp://h")).streamOffsetArg()).isEqualTo("first");
    assertThat(
            settings(Map.of("rabbitmq.uri", "amqp://h", "rabbitmq.streamOffset", "42"))
                .streamOffsetArg())
        .isEqualTo(42L);
  }
}
