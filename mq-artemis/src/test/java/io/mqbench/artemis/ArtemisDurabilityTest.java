package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 28, defect 3: where an acknowledged message is, declared from the settings used. */
class ArtemisDurabilityTest {
  private final ArtemisMqProvider provider = new ArtemisMqProvider();

  private Durability of(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void aSendIsAcknowledgedOnceInTheJournal() {
    Durability d = of(Map.of());
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.where()).contains("journal");
  }

  @Test
  void aSyncSendThatDoesNotBlockIsNotStoredWhenAcknowledged() {
    Durability d =
        of(Map.of("artemis.sendMode", "sync", "artemis.url.blockOnDurableSend", "false"));
    assertThat(d.unsafe()).isTrue();
  }
}
