package io.mqbench.artemis;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Every test of {@link ArtemisContractIT} against a local replicated primary/backup pair, through
 * the failover URL naming both: what a single broker passes, a replicated pair passes too.
 */
class ArtemisClusterContractIT extends ArtemisContractIT {
  private static ArtemisLocalPair pair;

  /** Hides the single broker's start: this class runs against the pair alone. */
  @BeforeAll
  static void startBroker() throws InterruptedException {
    pair = TestArtemisPair.start();
  }

  @AfterAll
  static void stopBroker() {
    if (pair != null) {
      pair.close();
    }
  }

  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of(
        "artemis.url",
        TestArtemisPair.url(pair),
        "artemis.user",
        TestArtemis.USER,
        "artemis.password",
        TestArtemis.PASSWORD);
  }
}
