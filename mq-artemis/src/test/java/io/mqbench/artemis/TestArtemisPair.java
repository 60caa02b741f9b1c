package io.mqbench.artemis;

import io.mqbench.config.MqConfig;
import java.util.Map;

/**
 * The tests' replicated primary/backup pair, as {@code -p artemis.localBrokerNodes=2} starts it,
 * with the tests' user: two local broker processes, ready once the backup is in sync; the client
 * URL names both with {@code ha=true}.
 */
final class TestArtemisPair {
  private TestArtemisPair() {}

  /**
   * @return the started pair; {@link #url} gives its client URL
   */
  static ArtemisLocalPair start() throws InterruptedException {
    MqConfig asked =
        new ArtemisMqProvider()
            .configure(
                Map.of(
                    "artemis.localBrokerNodes",
                    "2",
                    "artemis.user",
                    TestArtemis.USER,
                    "artemis.password",
                    TestArtemis.PASSWORD,
                    "artemis.localBrokerHeapMb",
                    "256"));
    ArtemisLocalPair pair = ArtemisLocalPair.of(asked);
    try {
      pair.start(asked);
    } catch (RuntimeException | InterruptedException e) {
      pair.close();
      throw e;
    }
    return pair;
  }

  /**
   * @param pair a started pair
   * @return its client URL, both nodes with {@code ha=true}
   */
  static String url(ArtemisLocalPair pair) {
    return ArtemisLocalPair.haUrl(pair.nodes());
  }
}
