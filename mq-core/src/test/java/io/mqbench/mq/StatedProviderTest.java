package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatedProviderTest {
  private static final ConfigKey<String> URI = ConfigKey.string("demo.uri", null, "the broker");
  private static final ConfigKey<String> HOST = ConfigKey.string("demo.host", null, "a host");
  private static final ConfigKey<String> QUEUE = ConfigKey.string("demo.queue", "q", "the queue");
  private static final ConfigKey<String> GROUP = ConfigKey.string("demo.group", null, "the group");
  private static final ConfigKey<Duration> LEASE =
      ConfigKey.duration("demo.lease", Duration.ofSeconds(7), "the lease");
  private static final ConfigKey<Integer> MAX =
      ConfigKey.integer("demo.max", 1000, 1, Integer.MAX_VALUE, "bytes", "the largest message");
  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(List.of(URI.name(), HOST.name()), "docker/demo.yml", "", "", "");

  private static final BackendFacts FACTS =
      BackendFacts.of("demo", List.of(URI, HOST, QUEUE, GROUP, LEASE, MAX), "a demo backend")
          .passThrough("demo.client.")
          .levelsByKey(URI.name(), Map.of(Durability.Level.FSYNC, "x"), "only fsync")
          .lease(LEASE)
          .queueName(QUEUE, 5)
          .queueName(GROUP, config -> config.find(GROUP).orElse("g-" + config.get(QUEUE)), 10)
          .limitedBy(MAX, config -> config.get(LEASE).multipliedBy(2))
          .brokerAt(ADDRESSING, config -> Optional.empty());

  /** Stands for a backend: it states facts, and computes its durability. */
  private static final class Demo extends StatedProvider {
    Demo(BackendFacts facts) {
      super(facts);
    }

    @Override
    public Mq open(MqConfig config) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Durability durability(MqConfig config) {
      return new Durability(Durability.Level.FSYNC, "here", "demo");
    }

    @Override
    public String address(String key, String value) {
      return key + "->" + value;
    }
  }

  @Test
  void theStatedFactsAnswerTheContractsQuestions() {
    Demo demo = new Demo(FACTS);
    MqConfig config = demo.configure(Map.of("demo.client.x", "1"));
    assertThat(demo.name()).isEqualTo("demo");
    assertThat(demo.description()).isEqualTo("a demo backend");
    assertThat(demo.configKeys()).hasSize(6);
    assertThat(demo.passThroughPrefixes()).containsExactly("demo.client.");
    assertThat(demo.leaseAfterConnectionLoss(config)).isEqualTo(Duration.ofSeconds(7));
    assertThat(demo.durabilityKeys(Durability.Level.FSYNC))
        .containsExactly(Map.entry("demo.uri", "x"));
    assertThatThrownBy(() -> demo.durabilityKeys(Durability.Level.MEMORY))
        .isInstanceOf(ConfigException.class)
        .hasMessage("demo cannot be set to --durability memory: only fsync");
    assertThat(demo.addressing()).isEqualTo(ADDRESSING);
    assertThat(demo.newLocalBroker(config)).isEmpty();
  }

  @Test
  void unstatedFactsGetTheContractsDefaults() {
    Demo demo = new Demo(BackendFacts.of("demo", List.of(LEASE), "bare"));
    MqConfig config = demo.configure(Map.of());
    assertThat(demo.leaseAfterConnectionLoss(config)).isZero();
    assertThat(demo.limits(config)).isEqualTo(MqLimits.UNLIMITED);
    assertThat(demo.keysForQueue(config, "-2")).isEmpty();
    assertThat(demo.durabilityFound(config)).isEmpty();
    assertThatThrownBy(demo::addressing).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void queueNamesAreSuffixedAndCutInTheirStatedOrder() {
    Demo demo = new Demo(FACTS);
    assertThat(demo.keysForQueue(demo.configure(Map.of("demo.queue", "longer")), "-2"))
        .contains(Map.of("demo.queue", "lon-2", "demo.group", "g-longer-2"));
    assertThatThrownBy(() -> demo.keysForQueue(demo.configure(Map.of()), "-23456"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("queue suffix '-23456' must be 1 to 4 characters");
  }

  @Test
  void limitsComeFromTheMessageKeyAndTheSendTimeout() {
    Demo demo = new Demo(FACTS);
    MqLimits limits = demo.limits(demo.configure(Map.of("demo.max", "500")));
    assertThat(limits.maxMessageBytes()).isEqualTo(500);
    assertThat(limits.source()).isEqualTo("demo.max=500");
    assertThat(limits.sendTimeout()).isEqualTo(Duration.ofSeconds(14));
  }

  @Test
  void checksRunInTheirStatedOrderAndAddressChecksOnlyWithAnAddress() {
    List<String> ran = new ArrayList<>();
    Demo demo =
        new Demo(
            FACTS
                .checkedBy(config -> ran.add("first"))
                .checkedWhenAddressed(config -> ran.add("address"))
                .checkedBy(config -> ran.add("last")));
    demo.configure(Map.of());
    assertThat(ran).containsExactly("first", "last");
    ran.clear();
    demo.configure(Map.of("demo.host", "h"));
    assertThat(ran).containsExactly("first", "address", "last");
  }

  @Test
  void theTargetIsTheFirstGivenKeyAsShownElseEveryKeyUnset() {
    Demo demo = new Demo(FACTS);
    assertThat(demo.target(demo.configure(Map.of("demo.host", "h")))).isEqualTo("demo.host->h");
    assertThat(demo.target(demo.configure(Map.of()))).isEqualTo("unset (demo.uri, demo.host)");
  }

  @Test
  void aParsedAddressIsCheckedWhenConfiguringAndShownAsTheTarget() {
    Demo demo =
        new Demo(
            FACTS.parsedAs(
                config -> {
                  if (config.find(URI).orElse("").startsWith("bad")) {
                    throw new ConfigException("demo.uri is bad");
                  }
                  return config.find(URI).orElse(config.find(HOST).orElse("?"));
                },
                parsed -> "at " + parsed));
    assertThat(demo.target(demo.configure(Map.of("demo.uri", "u")))).isEqualTo("at u");
    assertThat(demo.target(demo.configure(Map.of()))).isEqualTo("unset (demo.uri)");
    assertThatThrownBy(() -> demo.configure(Map.of("demo.uri", "bad")))
        .hasMessage("demo.uri is bad");
  }

  @Test
  void theDurabilityReaderIsGivenTheDeclaredDurability() {
    Demo demo =
        new Demo(
            FACTS.durabilityFoundBy(
                (config, declared) -> Durability.standIn("demo", declared.where())));
    assertThat(demo.durabilityFound(demo.configure(Map.of())))
        .map(Durability::level)
        .contains(Durability.Level.STAND_IN);
  }

  @Test
  void statingMoreLeavesTheFactsItWasStatedOnUnchanged() {
    BackendFacts bare = BackendFacts.of("demo", List.of(LEASE), "bare");
    bare.lease(LEASE);
    Demo demo = new Demo(bare);
    assertThat(demo.leaseAfterConnectionLoss(demo.configure(Map.of()))).isZero();
  }
}
