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
}
