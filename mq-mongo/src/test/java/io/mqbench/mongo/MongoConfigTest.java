package io.mqbench.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code mongo} keys: defaults, validation before connecting, secrets, warnings, limits. */
class MongoConfigTest {
  private final MongoMqProvider provider = new MongoMqProvider();

  @Test
  void theRunnerFindsTheBackendByName() {
    MqProvider found = MqProviders.load().find("mongo");
    assertThat(found).isInstanceOf(MongoMqProvider.class);
  }

  @Test
  void defaultsAreMajorityBatchClaimsAndAThirtySecondLease() {
    MongoSettings s =
        MongoSettings.from(provider.configure(Map.of("mongo.uri", "mongodb://db.example:27018")));

    assertThat(s.writeConcern()).isEqualTo(WriteConcernChoice.MAJORITY);
    assertThat(s.claim()).isEqualTo(ClaimStrategy.BATCH);
    assertThat(s.visibilityTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(s.database()).isEqualTo("mqbench");
    assertThat(s.collection()).isEqualTo("mqbench");
    assertThat(s.address()).isEqualTo("db.example:27018");
  }

  @Test
  void everyWriteConcernAndClaimStrategyIsSelectedByName() {
    for (String wc :
        new String[] {"majority", "acknowledged", "journaled", "w1", "unacknowledged"}) {
      MqConfig c = provider.configure(Map.of("mongo.writeConcern", wc, "mongo.claim", "one"));
      assertThat(c.get(MongoSettings.WRITE_CONCERN).toString()).isEqualTo(wc);
      assertThat(c.get(MongoSettings.CLAIM)).isEqualTo(ClaimStrategy.ONE);
    }
  }

  @Test
  void anInvalidWriteConcernIsRefusedByNameBeforeConnecting() {
    assertThatThrownBy(() -> provider.configure(Map.of("mongo.writeConcern", "w2")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("mongo.writeConcern")
        .hasMessageContaining("w2")
        .hasMessageContaining("majority");
  }

  @Test
  void anUnknownClaimStrategyIsRefusedByName() {
    assertThatThrownBy(() -> provider.configure(Map.of("mongo.claim", "many")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("mongo.claim");
  }

  @Test
  void aMalformedUriIsRefusedNamingTheKeyWithoutShowingItsPassword() {
    assertThatThrownBy(
            () -> provider.configure(Map.of("mongo.uri", "mongodb://u:hunter2@h:notaport")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("mongo.uri")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void theUriIsSecretWhenItCarriesAPassword() {
    MqConfig c = provider.configure(Map.of("mongo.uri", "mongodb://u:hunter2@db.example:27017"));

    assertThat(c.effective().get("mongo.uri")).doesNotContain("hunter2").contains("db.example");
    assertThat(provider.target(c)).isEqualTo("db.example:27017").doesNotContain("hunter2");
  }

  @Test
  void aLeaseOutsideItsRangeIsRefused() {
    assertThatThrownBy(() -> provider.configure(Map.of("mongo.visibilityTimeout", "0s")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("mongo.visibilityTimeout");
  }

  @Test
  void unacknowledgedAndW1WriteConcernsWarnThatLossIsExpected() {
    assertThat(provider.warnings(provider.configure(Map.of()))).isEmpty();
    assertThat(provider.warnings(provider.configure(Map.of("mongo.writeConcern", "journaled"))))
        .isEmpty();
    assertThat(
            provider.warnings(provider.configure(Map.of("mongo.writeConcern", "unacknowledged"))))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("mongo.writeConcern=unacknowledged:")
        .contains("loss is expected");
    assertThat(provider.warnings(provider.configure(Map.of("mongo.writeConcern", "w1"))))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("mongo.writeConcern=w1:");
  }

  @Test
  void withoutAnAddressTheRunnerLooksAtTheComposePortThenStartsTheStandIn() {
    MqConfig none = provider.configure(Map.of());

    assertThat(provider.brokerAddressing())
        .hasValueSatisfying(
            a -> {
              assertThat(a.key()).isEqualTo("mongo.uri");
              assertThat(a.composeProbe()).isEqualTo("127.0.0.1:27017");
            });
    assertThat(provider.localBroker(none)).isPresent();
    assertThat(provider.localBroker(none).get().description())
        .contains("mongo-java-server")
        .contains("NOT MongoDB");
    assertThat(provider.localBroker(provider.configure(Map.of("mongo.uri", "mongodb://h"))))
        .isEmpty();
  }

  @Test
  void limitsFollowTheDocumentSizeAndTheTimeouts() {
    MqLimits limits =
        provider.limits(
            provider.configure(
                Map.of("mongo.connectTimeout", "2s", "mongo.operationTimeout", "3s")));

    assertThat(limits.maxMessageBytes()).isEqualTo(16 * 1024 * 1024 - 1024);
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void resultsSayWhenTheServerIsNotMongoDb() {
    org.bson.BsonDocument standIn =
        org.bson.BsonDocument.parse("{version: '5.0.0', maxBsonObjectSize: 16777216, ok: 1}");
    org.bson.BsonDocument mongod =
        org.bson.BsonDocument.parse("{version: '8.0.4', gitVersion: 'bc35ab4', ok: 1}");

    assertThat(MongoQueue.describeServer(standIn)).startsWith("NOT MongoDB").contains("5.0.0");
    assertThat(MongoQueue.describeServer(mongod)).isEqualTo("MongoDB 8.0.4");
  }

  @Test
  void anotherQueueOfARunSuffixesTheCollectionAndNothingElse() {
    MqConfig config =
        provider.configure(Map.of("mongo.collection", "orders", "mongo.database", "bench"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(Map.of("mongo.collection", "orders-2"));
  }

  @Test
  void aSuffixedCollectionIsCutToTheLongestNameTheKeyAcceptsAndStillDiffers() {
    MqConfig config = provider.configure(Map.of("mongo.collection", "c".repeat(120)));

    String second = provider.keysForQueue(config, "-2").orElseThrow().get("mongo.collection");
    String third = provider.keysForQueue(config, "-3").orElseThrow().get("mongo.collection");

    assertThat(second).hasSize(120).endsWith("-2").isNotEqualTo(third);
    assertThat(provider.configure(Map.of("mongo.collection", second))).isNotNull();
  }

  @Test
  void subscriptionsAreRefusedInOneLineBeforeAnythingConnects() {
    MqConfig config = provider.configure(Map.of());

    assertThat(provider.supportsSubscriptions(config)).isFalse();
    assertThatThrownBy(() -> provider.open(config, 2))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--subscriptions 2: mongo has no publish/subscribe (each message goes to one receiver);"
                + " use 1");
  }
}
