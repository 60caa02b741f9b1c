package io.mqbench.artemis;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit as {@link ArtemisFailureIT} runs it, against a local replicated primary/backup
 * pair of its own (it freezes both nodes at once), through the failover URL naming both.
 */
class ArtemisClusterFailureIT extends ArtemisFailureIT {
  private static ArtemisLocalPair pair;

  /** Hides the single broker's start: this class runs against the pair alone. */
  @BeforeAll
  static void startBroker() throws InterruptedException {
    pair = TestArtemisPair.start();
  }

  /** Hides the single broker's stop. */
  @AfterAll
  static void stopBroker() {
    if (pair != null) {
      pair.close();
    }
  }

  @Override
  protected Map<String, String> brokerKeys() {
    return Map.of("artemis.url", TestArtemisPair.url(pair));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    return Optional.of(BrokerControl.everyNodeOf(pair.faults().orElseThrow()));
  }
}
