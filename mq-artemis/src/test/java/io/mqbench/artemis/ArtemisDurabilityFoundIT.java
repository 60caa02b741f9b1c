package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What an Artemis run is recorded at is asked of the broker's management address: the local broker
 * persists messages and syncs its journal on every commit and durable send, so both send modes keep
 * the declared level, saying what the broker answered.
 */
class ArtemisDurabilityFoundIT {
  private final ArtemisMqProvider provider = new ArtemisMqProvider();

  private MqConfig config(String sendMode) throws InterruptedException {
    return provider.configure(
        Map.of(
            "artemis.url",
            TestArtemis.url(),
            "artemis.user",
            TestArtemis.USER,
            "artemis.password",
            TestArtemis.PASSWORD,
            "artemis.sendMode",
            sendMode));
  }

  @Test
  void theJournalSyncOfEachSendModeIsReadFromTheBroker() throws Exception {
    Durability transacted = provider.durabilityFound(config("transacted")).orElseThrow();
    Durability sync = provider.durabilityFound(config("sync")).orElseThrow();

    assertThat(transacted.level()).isEqualTo(Durability.Level.FSYNC);
    assertThat(transacted.settings())
        .matches("Artemis 2\\.[0-9.]+ persistenceEnabled=true, journalSyncTransactional=true .*");
    assertThat(sync.settings()).contains("journalSyncNonTransactional=true (management)");
  }
}
