package io.mqbench.artemis;

import java.time.Duration;

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
        LocalArtemis local = LocalArtemis.start(512, USER, PASSWORD, Duration.ofSeconds(60));
        Runtime.getRuntime().addShutdownHook(new Thread(local::close, "stop-test-artemis"));
        url = local.url();
      }
    }
    return url;
  }

  private static String env(String name, String otherwise) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? otherwise : v;
  }
}
