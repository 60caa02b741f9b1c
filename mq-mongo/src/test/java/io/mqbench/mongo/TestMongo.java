package io.mqbench.mongo;

import io.mqbench.broker.JavaLocalBroker;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The server the integration tests share: {@code MONGODB_URI} when set (a real MongoDB), otherwise
 * one local stand-in process per test JVM, started by the first test that asks and stopped when the
 * JVM exits. A server that cannot start fails the asking test.
 */
final class TestMongo {
  /** A database of the tests' own; every test uses fresh collections in it. */
  static final String DATABASE = "mqbench-test";

  private static String uri;

  private TestMongo() {}

  static synchronized String uri() throws InterruptedException {
    if (uri == null) {
      String given = System.getenv("MONGODB_URI");
      if (given != null && !given.isBlank()) {
        uri = given;
      } else {
        // In memory: every test collection stays until the JVM ends, so the heap is generous. The
        // stand-in's own shutdown hook stops it when the JVM exits.
        JavaLocalBroker local = new JavaLocalBroker(MongoMqProvider.LOCAL_BROKER);
        MongoMqProvider provider = new MongoMqProvider();
        uri =
            local
                .start(provider.configure(Map.of("mongo.localServerHeapMb", "2048")))
                .get(MongoSettings.URI);
      }
    }
    return uri;
  }

  /**
   * @param collection a fresh collection
   * @param claim the claim strategy
   * @param lease the visibility timeout
   * @return raw configuration for the shared server
   */
  static Map<String, String> config(String collection, ClaimStrategy claim, Duration lease)
      throws InterruptedException {
    Map<String, String> raw = new HashMap<>();
    raw.put("mongo.uri", uri());
    raw.put("mongo.database", DATABASE);
    raw.put("mongo.collection", collection);
    raw.put("mongo.claim", claim.toString());
    raw.put("mongo.visibilityTimeout", lease.toMillis() + "ms");
    return raw;
  }
}
