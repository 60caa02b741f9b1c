package io.mqbench.sqs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqLimits;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Keys, limits and price, checked before anything connects. */
class SqsConfigTest {
  private final SqsMqProvider provider = new SqsMqProvider();

  @Test
  void theLargestMessageIsTheBase64PayloadLimitNamingItsKey() {
    MqLimits limits = provider.limits(provider.configure(Map.of()));
    assertThat(limits.maxMessageBytes()).isEqualTo(786_432);
    assertThat(limits.refusal("sqs", 786_433, 1))
        .get()
        .asString()
        .contains("786432", "sqs.maxPayloadBytes=1048576");
    assertThat(limits.receiveGranularity()).isEqualTo(Duration.ofSeconds(1));
    assertThat(limits.refusal("sqs", 1000, 100)).as("batches are split in calls of 10").isEmpty();
  }

  @Test
  void anOlderServersPayloadLimitLowersTheLargestMessage() {
    MqLimits limits = provider.limits(provider.configure(Map.of("sqs.maxPayloadBytes", "262144")));
    assertThat(limits.maxMessageBytes()).isEqualTo(196_608);
  }

  @Test
  void visibilityTimeoutAndWaitTimeAreWholeSecondsWithinSqsRanges() {
    assertThatThrownBy(() -> provider.configure(Map.of("sqs.visibilityTimeout", "1500ms")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("sqs.visibilityTimeout")
        .hasMessageContaining("whole seconds");
    assertThatThrownBy(() -> provider.configure(Map.of("sqs.waitTime", "21s")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("sqs.waitTime");
  }

  @Test
  void thePriceDefaultsToTheStandardQueuePriceAndIsConfigurable() {
    assertThat(
            provider.requestPrice(provider.configure(Map.of())).orElseThrow().perMillionRequests())
        .isEqualTo(0.40);
    assertThat(
            provider
                .requestPrice(provider.configure(Map.of("sqs.pricePerMillionRequests", "0.5")))
                .orElseThrow()
                .source())
        .isEqualTo("sqs.pricePerMillionRequests=0.5");
    assertThatThrownBy(() -> provider.configure(Map.of("sqs.pricePerMillionRequests", "cheap")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("sqs.pricePerMillionRequests");
  }

  @Test
  void aQueueUrlIsAnAddressAndAnAwsUrlNamesItsRegion() {
    MqConfig local =
        provider.configure(Map.of("sqs.queue", "http://127.0.0.1:9324/000000000000/q"));
    assertThat(local.find(SqsSettings.ENDPOINT)).contains("http://127.0.0.1:9324");
    assertThat(provider.localBroker(local)).isEmpty();

    MqConfig aws =
        provider.configure(
            Map.of("sqs.queue", "https://sqs.eu-central-1.amazonaws.com/123456789012/orders"));
    assertThat(aws.find(SqsSettings.REGION)).contains("eu-central-1");
    assertThat(provider.target(aws)).isEqualTo("sqs.eu-central-1.amazonaws.com:443");
  }

  @Test
  void withNeitherEndpointNorRegionTheRunnerStartsTheStandIn() {
    MqConfig none = provider.configure(Map.of());
    assertThat(provider.localBroker(none)).isPresent();
    assertThat(provider.localBroker(provider.configure(Map.of("sqs.region", "us-east-1"))))
        .isEmpty();
    assertThat(provider.brokerAddressing().orElseThrow().keys())
        .containsExactly("sqs.endpoint", "sqs.region");
  }

  @Test
  void billingCountsEvery64KibOfPayloadBegunAsOneRequest() {
    assertThat(SqsRequests.billedRequests(0)).isEqualTo(1);
    assertThat(SqsRequests.billedRequests(65_536)).isEqualTo(1);
    assertThat(SqsRequests.billedRequests(65_537)).isEqualTo(2);
    assertThat(SqsRequests.billedRequests(1_048_576)).isEqualTo(16);
  }

  @Test
  void settingsNeedARegionOrAnEndpoint() {
    assertThatThrownBy(() -> SqsSettings.from(provider.configure(Map.of()), Optional.empty()))
        .hasMessageContaining("sqs.region");
    assertThat(
            SqsSettings.from(
                    provider.configure(Map.of("sqs.endpoint", "http://127.0.0.1:9324")),
                    Optional.empty())
                .region())
        .isEqualTo(SqsSettings.ANY_REGION);
  }

  @Test
  void anotherQueueOfARunSuffixesTheQueueNameOrTheNameAtTheEndOfItsUrl() {
    assertThat(provider.keysForQueue(provider.configure(Map.of("sqs.queue", "orders")), "-2"))
        .contains(Map.of("sqs.queue", "orders-2"));
    MqConfig byUrl =
        provider.configure(
            Map.of("sqs.queue", "https://sqs.eu-west-1.amazonaws.com/123456789012/orders"));
    assertThat(provider.keysForQueue(byUrl, "-2"))
        .contains(Map.of("sqs.queue", "https://sqs.eu-west-1.amazonaws.com/123456789012/orders-2"));
  }

  @Test
  void aSuffixedQueueNameIsCutToSqssEightyCharactersAndStillDiffers() {
    MqConfig config = provider.configure(Map.of("sqs.queue", "q".repeat(80)));

    String second = provider.keysForQueue(config, "-2").orElseThrow().get("sqs.queue");
    String third = provider.keysForQueue(config, "-3").orElseThrow().get("sqs.queue");

    assertThat(second).hasSize(80).endsWith("-2").isNotEqualTo(third);
    assertThat(provider.configure(Map.of("sqs.queue", second))).isNotNull();
  }

  @Test
  void subscriptionsAreRefusedInOneLineBeforeAnythingConnects() {
    MqConfig config = provider.configure(Map.of());

    assertThat(provider.supportsSubscriptions(config)).isFalse();
    assertThatThrownBy(() -> provider.open(config, 2))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--subscriptions 2: sqs has no publish/subscribe (each message goes to one receiver);"
                + " use 1");
  }
}
