package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bad input beyond the failure kit's (unreachable address, wrong credentials): a missing queue the
 * backend must not create, and a queue that exists with another routing type, fail {@code open()}
 * within ten seconds in one line naming the broker and the key.
 */
class ArtemisBadInputIT {
  private static final Duration LIMIT = Duration.ofSeconds(10);
  private static String url;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    url = TestArtemis.url();
  }

  private static Map<String, String> config(String... more) {
    Map<String, String> raw = new HashMap<>();
    raw.put("artemis.url", url);
    raw.put("artemis.user", TestArtemis.USER);
    raw.put("artemis.password", TestArtemis.PASSWORD);
    for (int i = 0; i < more.length; i += 2) {
      raw.put(more[i], more[i + 1]);
    }
    return raw;
  }

  @Test
  void aMissingQueueWithCreationOffFailsOpenNamingTheQueueAndTheKey() {
    String queue = "no-such-queue-" + System.nanoTime();

    MqException e = openFails(config("artemis.queue", queue, "artemis.createQueue", "false"));

    assertThat(e.getMessage())
        .contains(url.substring("tcp://".length()))
        .contains("no queue '" + queue + "'")
        .contains("artemis.createQueue=false");
  }

  @Test
  void aQueueThatExistsWithAnotherRoutingTypeFailsOpenNamingTheKeys() {
    String queue = "typeclash-" + System.nanoTime();
    ArtemisMqProvider provider = new ArtemisMqProvider();
    provider.open(provider.configure(config("artemis.queue", queue))).close();

    MqException e =
        openFails(
            config(
                "artemis.queue", queue,
                "artemis.routingType", "multicast",
                "artemis.address", queue));

    assertThat(e.getMessage()).contains("queue '" + queue + "'").contains("artemis.routingType");
  }

  private static MqException openFails(Map<String, String> raw) {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    long start = System.nanoTime();
    MqException e =
        catchThrowableOfType(MqException.class, () -> provider.open(provider.configure(raw)));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(e).as("open() fails").isNotNull();
    assertThat(took).as("open() failed after").isLessThan(LIMIT);
    assertThat(e.getMessage()).as("one line").doesNotContain("\n").startsWith("Artemis at");
    return e;
  }
}
