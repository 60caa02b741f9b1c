package io.mqbench.sqs;

import io.mqbench.broker.JavaLocalBroker;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The server the integration tests share: {@code SQS_ENDPOINT} when set (an SQS-compatible server),
 * otherwise one local ElasticMQ process per test JVM, started by the first test that asks and
 * stopped when the JVM exits. A server that cannot start fails the asking test.
 */
final class TestSqs {
  private static String endpoint;

  private TestSqs() {}

  static synchronized String endpoint() throws InterruptedException {
    if (endpoint == null) {
      String given = System.getenv("SQS_ENDPOINT");
      if (given != null && !given.isBlank()) {
        endpoint = given;
      } else {
        // Its own shutdown hook stops it when the JVM exits.
        JavaLocalBroker local = new JavaLocalBroker(SqsMqProvider.LOCAL_BROKER);
        endpoint =
            local
                .start(new SqsMqProvider().configure(Map.of("sqs.localServerHeapMb", "1024")))
                .get(SqsSettings.ENDPOINT);
      }
    }
    return endpoint;
  }

  /**
   * @param queue a fresh queue, created by the backend
   * @param lease the visibility timeout
   * @return raw configuration for the shared server
   */
  static Map<String, String> config(String queue, Duration lease) throws InterruptedException {
    Map<String, String> raw = new HashMap<>();
    raw.put("sqs.endpoint", endpoint());
    raw.put("sqs.queue", queue);
    raw.put("sqs.createQueue", "true");
    raw.put("sqs.visibilityTimeout", lease.toSeconds() + "s");
    return raw;
  }
}
