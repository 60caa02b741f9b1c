package io.mqbench.artemis;

import io.mqbench.broker.JavaLocalBroker;
import java.util.Map;

/**
 * The broker the integration tests share: {@code ARTEMIS_URL} when set (with {@code ARTEMIS_USER}
 * and {@code ARTEMIS_PASSWORD}, default artemis/artemis), otherwise one local broker process per
 * test JVM, started by the first test that asks and stopped (its journal removed) when the JVM
 * exits. A broker that cannot start fails the asking test.
 */
final class TestArtemis {
  static final String USER = env("ARTEMIS_USER", "artemis");
  static final String PASSWORD = env("ARTEMIS_PASSWORD", "artemis");
  private static String url;

  private TestArtemis() {}

  static synchronized String url() throws InterruptedException {
    if (url == null) {
      String given = System.getenv("ARTEMIS_URL");
      if (given != null && !given.isBlank()) {
        url = given;
      } else {
        // Its own shutdown hook stops it (and removes its journal) when the JVM exits.
        JavaLocalBroker local = new JavaLocalBroker(ArtemisMqProvider.LOCAL_BROKER);
        url =
            local
                .start(
                    new ArtemisMqProvider()
                        .configure(
                            Map.of(
                                "artemis.user", USER,
                                "artemis.password", PASSWORD,
                                "artemis.localBrokerHeapMb", "512")))
                .get(ArtemisSettings.URL);
      }
    }
    return url;
  }

  private static String env(String name, String otherwise) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? otherwise : v;
  }
}
