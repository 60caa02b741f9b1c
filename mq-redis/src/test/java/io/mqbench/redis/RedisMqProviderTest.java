package io.mqbench.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the redis backend declares from its settings alone, before it connects anywhere. */
class RedisMqProviderTest {
  private final RedisMqProvider provider = new RedisMqProvider();

  private Durability durability(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void byDefaultAnAcknowledgedEntryIsFsyncedOnThePrimary() {
    Durability d = durability(Map.of());
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.settings()).contains("appendfsync always").contains("redis.replicas=0");
    assertThat(provider.warnings(provider.configure(Map.of()))).isEmpty();
  }

  @Test
  void everysecIsMemoryAndWarnsOfTheSecondAPowerLossTakes() {
    Map<String, String> keys = Map.of("redis.fsync", "everysec");
    assertThat(durability(keys).level()).isEqualTo(Level.MEMORY);
    assertThat(provider.warnings(provider.configure(keys)))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("redis.fsync=everysec:")
        .contains("loss of up to that second is expected");
  }

  @Test
  void awaitedReplicasAreSaidWhereTheEntryIs() {
    Durability d = durability(Map.of("redis.replicas", "2"));
    assertThat(d.where()).contains("2 replica(s)");
  }

  @Test
  void theDurabilityLevelsSetTheFsyncPolicyAndNoneIsRefused() {
    assertThat(provider.durabilityKeys(Level.FSYNC)).containsEntry("redis.fsync", "always");
    assertThat(provider.durabilityKeys(Level.MEMORY)).containsEntry("redis.fsync", "everysec");
    assertThatThrownBy(() -> provider.durabilityKeys(Level.NONE))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("redis cannot be set to --durability none");
  }

  @Test
  void aMalformedUriIsRefusedNamingTheKeyBeforeAnythingConnects() {
    assertThatThrownBy(() -> provider.configure(Map.of("redis.uri", "http://127.0.0.1:6379")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("redis.uri");
    assertThatThrownBy(() -> provider.configure(Map.of("redis.stream", "a stream")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("redis.stream");
  }

  @Test
  void withoutAnAddressOpeningSaysWhichKeyToSet() {
    assertThatThrownBy(() -> provider.open(provider.configure(Map.of())))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith("redis.uri is not set");
  }

  @Test
  void theTargetNeverShowsThePassword() {
    assertThat(provider.target(provider.configure(Map.of("redis.uri", "redis://:secret@h:7000"))))
        .isEqualTo("h:7000");
  }

  @Test
  void aSendMayTakeTheCommandTimeoutAfterAReconnectAndTheWaitForReplicas() {
    var limits =
        provider.limits(
            provider.configure(
                Map.of(
                    "redis.commandTimeout", "3s",
                    "redis.connectTimeout", "1s",
                    "redis.replicas", "1",
                    "redis.replicaTimeout", "2s")));
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(6));
  }

  @Test
  void theServersAppendOnlySettingsReadAsAPolicy() {
    assertThat(FsyncPolicy.of("yes", "always")).isEqualTo(FsyncPolicy.ALWAYS);
    assertThat(FsyncPolicy.of("yes", "everysec")).isEqualTo(FsyncPolicy.EVERYSEC);
    assertThat(FsyncPolicy.of("yes", "no")).isEqualTo(FsyncPolicy.NO);
    assertThat(FsyncPolicy.of("no", "always")).isEqualTo(FsyncPolicy.NO);
  }

  @Test
  void anotherQueueOfARunSuffixesTheStreamAndTheGroupAndNothingElse() {
    var config = provider.configure(Map.of("redis.stream", "orders", "redis.fsync", "everysec"));

    assertThat(provider.keysForQueue(config, "-2"))
        .contains(Map.of("redis.stream", "orders-2", "redis.group", "mqbench-2"));
  }

  @Test
  void aSuffixedNameIsCutToTheLongestNameItsKeyAcceptsAndStillDiffers() {
    var config =
        provider.configure(Map.of("redis.stream", "s".repeat(200), "redis.group", "g".repeat(100)));

    Map<String, String> second = provider.keysForQueue(config, "-2").orElseThrow();
    Map<String, String> third = provider.keysForQueue(config, "-3").orElseThrow();

    assertThat(second.get("redis.stream")).hasSize(200).endsWith("-2");
    assertThat(second.get("redis.group")).hasSize(100).endsWith("-2");
    assertThat(third.get("redis.stream")).isNotEqualTo(second.get("redis.stream"));
    assertThat(provider.configure(second)).isNotNull(); // valid values of their keys
  }

  @Test
  void eachSubscriptionIsAConsumerGroupOfItsOwnOnTheOneStream() {
    RedisSettings s =
        RedisSettings.from(
            provider.configure(Map.of("redis.uri", "redis://h:1", "redis.stream", "orders")));

    assertThat(provider.supportsSubscriptions(provider.configure(Map.of()))).isTrue();
    assertThat(s.subscription(2).group()).isEqualTo("mqbench-s2");
    assertThat(s.subscription(2).stream()).isEqualTo("orders");
  }

  @Test
  void sentinelsAreOneUriThatNamesThePrimaryAndTheTargetShowsNoPassword() {
    var config =
        provider.configure(
            Map.of("redis.uri", "redis-sentinel://secret@127.0.0.1:7001,127.0.0.1:7002#mqbench"));

    assertThat(RedisSettings.from(config).address())
        .isEqualTo("mqbench via 127.0.0.1:7001,127.0.0.1:7002");
    assertThat(provider.target(config)).doesNotContain("secret");
    assertThatThrownBy(
            () ->
                RedisSettings.from(
                    provider.configure(Map.of("redis.uri", "redis-sentinel://127.0.0.1:7001"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("redis.uri")
        .hasMessageContaining("sentinelMasterId");
  }

  @Test
  void theReplicationReadBackSaysTheRoleTheOnlineReplicasAndWhenTooFewForTheWait() {
    String info =
        "# Replication\nrole:master\nconnected_slaves:2\n"
            + "slave0:ip=127.0.0.1,port=7001,state=online,offset=1,lag=0\n"
            + "slave1:ip=127.0.0.1,port=7002,state=wait_bgsave,offset=0,lag=0\n";

    assertThat(RedisDurability.replication(info, 1))
        .isEqualTo(", role master with 1 replica(s) online (INFO replication)");
    assertThat(RedisDurability.replication(info, 2))
        .endsWith(", fewer than the 2 a send waits for (redis.replicas)");
  }
}
