package io.mqbench.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import io.mqbench.mq.MqException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

/** What the postgres backend declares from its settings alone, and how it refuses bad ones. */
class PostgresMqProviderTest {
  private final PostgresMqProvider provider = new PostgresMqProvider();

  private Durability durability(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void byDefaultASentMessageIsFsyncedOnThePrimaryAndNothingIsWarnedOf() {
    Durability d = durability(Map.of());
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.where()).isEqualTo("on the primary");
    assertThat(d.settings())
        .contains("postgres.synchronousCommit=on")
        .contains("postgres.fsync=true")
        .contains("postgres.syncStandbys=0");
    assertThat(provider.warnings(provider.configure(Map.of()))).isEmpty();
  }

  @Test
  void synchronousCommitOffIsMemoryAndWarnsOfWhatACrashTakes() {
    Map<String, String> keys = Map.of("postgres.synchronousCommit", "off");
    assertThat(durability(keys).level()).isEqualTo(Level.MEMORY);
    assertThat(provider.warnings(provider.configure(keys)))
        .singleElement(InstanceOfAssertFactories.STRING)
        .startsWith("postgres.synchronousCommit=off:")
        .contains("600 ms");
  }

  @Test
  void aServerWithoutFsyncIsMemoryWhateverTheCommitWaitsForAndIsWarnedOf() {
    Map<String, String> keys = Map.of("postgres.fsync", "false");
    assertThat(durability(keys).level()).isEqualTo(Level.MEMORY);
    assertThat(provider.warnings(provider.configure(keys)))
        .singleElement(InstanceOfAssertFactories.STRING)
        .startsWith("postgres.fsync=false:");
  }

  @Test
  void synchronousStandbysAreSaidWhereTheMessageIsOnlyWhenCommitsWaitForThem() {
    assertThat(durability(Map.of("postgres.syncStandbys", "1")).where())
        .isEqualTo("on the primary, and fsynced on 1 synchronous standby(s)");
    assertThat(
            durability(
                    Map.of(
                        "postgres.syncStandbys", "2",
                        "postgres.synchronousCommit", "remote_write"))
                .where())
        .isEqualTo(
            "on the primary, and written to their OS (not fsynced) on 2 synchronous"
                + " standby(s)");
    assertThat(
            durability(Map.of("postgres.syncStandbys", "1", "postgres.synchronousCommit", "local"))
                .where())
        .isEqualTo("on the primary");
  }

  @Test
  void theDurabilityLevelsSetSynchronousCommitAndTheOthersAreRefused() {
    assertThat(provider.durabilityKeys(Level.FSYNC))
        .containsEntry("postgres.synchronousCommit", "on");
    assertThat(provider.durabilityKeys(Level.MEMORY))
        .containsEntry("postgres.synchronousCommit", "off");
    assertThatThrownBy(() -> provider.durabilityKeys(Level.NONE))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("postgres cannot be set to --durability none");
  }

  @Test
  void badValuesAreRefusedInOneLineNamingTheKeyBeforeAnythingConnects() {
    assertThatThrownBy(() -> provider.configure(Map.of("postgres.url", "postgresql://h/db")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("postgres.url");
    assertThatThrownBy(
            () -> provider.configure(Map.of("postgres.url", "jdbc:postgresql://h:notaport/db")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("postgres.url has a port that is not a number from 1 to 65535: 'h:notaport'");
    assertThatThrownBy(
            () -> provider.configure(Map.of("postgres.url", "jdbc:postgresql://h:70000/db")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("postgres.url has a port");
    assertThat(
            provider.target(
                provider.configure(Map.of("postgres.url", "jdbc:postgresql://[::1]:6000/db"))))
        .isEqualTo("[::1]:6000");
    for (Map<String, String> bad :
        java.util.List.of(
            Map.of("postgres.table", "a table"),
            Map.of("postgres.table", "x\"; DROP TABLE y; --"),
            Map.of("postgres.sendConnections", "0"),
            Map.of("postgres.syncStandbys", "-1"),
            Map.of("postgres.visibilityTimeout", "ten seconds"),
            Map.of("postgres.synchronousCommit", "always"),
            Map.of("postgres.fsync", "maybe"),
            Map.of("postgres.commandTimeout", "100ms"))) {
      String key = bad.keySet().iterator().next();
      assertThatThrownBy(() -> provider.configure(bad))
          .as(bad.toString())
          .isInstanceOf(ConfigException.class)
          .hasMessageStartingWith(key)
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void withoutAnAddressOpeningSaysWhichKeyToSet() {
    assertThatThrownBy(() -> provider.open(provider.configure(Map.of())))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith("postgres.url is not set");
  }

  @Test
  void theTargetIsHostAndPortWithoutThePassword() {
    assertThat(
            provider.target(
                provider.configure(
                    Map.of("postgres.url", "jdbc:postgresql://h:7000/db?password=secret"))))
        .isEqualTo("h:7000");
    assertThat(
            provider.target(provider.configure(Map.of("postgres.url", "jdbc:postgresql://h/db"))))
        .isEqualTo("h:5432");
  }

  @Test
  void aSendMayTakeTheCommandTimeoutAfterAReconnectInTheDriversWholeSeconds() {
    var limits =
        provider.limits(
            provider.configure(
                Map.of("postgres.commandTimeout", "2500ms", "postgres.connectTimeout", "1s")));
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(3 + 1 + 2));
  }

  @Test
  void aBatchIsOneArrayValueSoItsBytesStayUnderPostgresLargestValue() {
    var limits = provider.limits(provider.configure(Map.of()));
    assertThat(limits.refusal("postgres", 64 << 20, 8)).isEmpty();
    assertThat(limits.refusal("postgres", 64 << 20, 10))
        .get(InstanceOfAssertFactories.STRING)
        .contains("536870912 bytes")
        .contains("PostgreSQL's largest value is 1 GB");
  }

  @Test
  void synchronousStandbyNamesReadAsTheNumberACommitWaitsFor() {
    assertThat(PostgresMq.standbysWaitedFor("")).isZero();
    assertThat(PostgresMq.standbysWaitedFor("replica1")).isEqualTo(1);
    assertThat(PostgresMq.standbysWaitedFor("a, b")).isEqualTo(1);
    assertThat(PostgresMq.standbysWaitedFor("*")).isEqualTo(1);
    assertThat(PostgresMq.standbysWaitedFor("2 (a, b, c)")).isEqualTo(2);
    assertThat(PostgresMq.standbysWaitedFor("FIRST 2 (a, b, c)")).isEqualTo(2);
    assertThat(PostgresMq.standbysWaitedFor("any 3 (a, b, c)")).isEqualTo(3);
  }

  @Test
  void anAddressWhereNothingListensFailsAtOnceNamingHostAndPort() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    long start = System.nanoTime();
    assertThatThrownBy(
            () ->
                provider.open(
                    provider.configure(
                        Map.of("postgres.url", "jdbc:postgresql://127.0.0.1:" + port + "/db"))))
        .isInstanceOf(MqException.class)
        .hasMessage("postgres: cannot connect to 127.0.0.1:" + port + " (Connection refused)");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void anotherQueueOfARunSuffixesTheTableAndNothingElse() {
    MqConfig config =
        provider.configure(Map.of("postgres.table", "orders", "postgres.user", "bench"));

    assertThat(provider.keysForQueue(config, "-2")).contains(Map.of("postgres.table", "orders-2"));
  }

  @Test
  void aSuffixedTableIsCutToFiftyCharactersSoThatPostgresqlsDerivedNamesFitItsIdentifiers() {
    MqConfig config = provider.configure(Map.of("postgres.table", "t".repeat(50)));

    String second = provider.keysForQueue(config, "-2").orElseThrow().get("postgres.table");
    String third = provider.keysForQueue(config, "-3").orElseThrow().get("postgres.table");

    assertThat(second).hasSize(50).endsWith("-2").isNotEqualTo(third);
    assertThat((second + "_id_seq").getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
        .as("the identity's sequence, the longest name PostgreSQL derives")
        .isLessThanOrEqualTo(63);
    assertThat(provider.configure(Map.of("postgres.table", second))).isNotNull();
  }

  @Test
  void subscriptionsAreRefusedInOneLineBeforeAnythingConnects() {
    MqConfig config = provider.configure(Map.of());

    assertThat(provider.supportsSubscriptions(config)).isFalse();
    assertThatThrownBy(() -> provider.open(config, 2))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--subscriptions 2: postgres has no publish/subscribe (each message goes to one receiver);"
                + " use 1");
  }

  @Test
  void aMultiHostUrlIsEveryHostInItsOrderAndTheSingleHostFormIsUnchanged() {
    String url = "jdbc:postgresql://h1:7000,h2,h3:7002/db?targetServerType=primary&password=x";
    assertThat(provider.target(provider.configure(Map.of("postgres.url", url))))
        .isEqualTo("h1:7000,h2:5432,h3:7002");
    assertThat(PostgresSettings.hosts(url)).containsExactly("h1:7000", "h2:5432", "h3:7002");
    assertThat(PostgresSettings.hosts("jdbc:postgresql://h:7000/db")).containsExactly("h:7000");
    assertThatThrownBy(
            () -> provider.configure(Map.of("postgres.url", "jdbc:postgresql://h1:7000,h2:x/db")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("postgres.url has a port that is not a number from 1 to 65535: 'h2:x'");
  }

  @Test
  void aLocalClusterHasOneToFiveNodesAndAPrimaryToFind() {
    assertThat(provider.configure(Map.of()).get(PostgresSettings.LOCAL_BROKER_NODES)).isEqualTo(1);
    assertThat(
            provider
                .configure(Map.of("postgres.localBrokerNodes", "5"))
                .get(PostgresSettings.LOCAL_BROKER_NODES))
        .isEqualTo(5);
    assertThatThrownBy(() -> provider.configure(Map.of("postgres.localBrokerNodes", "6")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("postgres.localBrokerNodes");
    assertThatThrownBy(() -> provider.configure(Map.of("postgres.localBrokerNodes", "0")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("postgres.localBrokerNodes");
    assertThat(provider.hasLeaders()).isTrue();
  }

  @Test
  void everyNodeIsListedAndACommitWaitsForHalfOfThemRoundedDown() {
    assertThat(PostgresCluster.standbyNames(1, java.util.List.of("node1", "node2", "node3")))
        .isEqualTo("ANY 1 (node1, node2, node3)");
    assertThat(PostgresCluster.standbyNames(0, java.util.List.of("node1"))).isEmpty();
    assertThat(PostgresMq.standbysWaitedFor("ANY 2 (node1, node2, node3, node4, node5)"))
        .isEqualTo(2);
  }

  @Test
  void fewerSynchronousStandbysThanACommitWaitsForAreSaid() {
    assertThat(
            PostgresDurability.describe(false, java.util.List.of("node3 streaming quorum"), 1, 1))
        .isEqualTo(
            "; a primary with node3 streaming quorum (pg_stat_replication), a commit waiting for"
                + " 1 of 1 synchronous");
    assertThat(PostgresDurability.describe(false, java.util.List.of(), 0, 1))
        .isEqualTo(
            "; a primary with no standby (pg_stat_replication), a commit waiting for 1 of 0"
                + " synchronous: fewer than a commit waits for, commits wait until enough stream");
    assertThat(PostgresDurability.describe(false, java.util.List.of(), 0, 0))
        .isEqualTo("; a primary with no standby (pg_stat_replication)");
  }
}
