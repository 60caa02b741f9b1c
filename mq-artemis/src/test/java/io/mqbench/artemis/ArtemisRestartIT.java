package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A broker killed (SIGKILL) mid-run and started again on its journal loses no committed message:
 * every batch whose commit returned is received after the restart.
 */
class ArtemisRestartIT {
  private static JavaLocalBroker artemis;
  private static String url;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    artemis = new JavaLocalBroker(ArtemisMqProvider.LOCAL_BROKER);
    url =
        artemis
            .start(new ArtemisMqProvider().configure(Map.of("artemis.localBrokerHeapMb", "384")))
            .get(ArtemisSettings.URL);
  }

  @AfterAll
  static void stopBroker() {
    if (artemis != null) {
      artemis.close();
    }
  }

  private static Mq open() {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    return provider.open(
        provider.configure(Map.of("artemis.url", url, "artemis.queue", "restart")));
  }

  private static List<byte[]> messages(long first, int count) {
    MessageBodies bodies = new MessageBodies(200, 1, 0, first);
    List<byte[]> out = new java.util.ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(bodies.next(first + i, System.nanoTime()));
    }
    return out;
  }

  @Test
  void everyBatchWhoseCommitReturnedSurvivesABrokerCrashAndRestart() throws Exception {
    AtomicLong committed = new AtomicLong(); // messages 0..committed-1 were committed
    AtomicBoolean stop = new AtomicBoolean();
    Mq before = open();
    MqSender sender = before.createSender();
    Thread sending =
        new Thread(
            () -> {
              long next = 0;
              while (!stop.get()) {
                try {
                  sender.send(messages(next, 10));
                  next += 10;
                  committed.set(next);
                } catch (MqException e) {
                  return; // the broker died under this batch: its fate is unknown
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "sender");
    sending.start();
    while (committed.get() < 2_000) {
      Thread.sleep(20);
    }

    artemis.crashAndRestart(0);
    stop.set(true);
    sending.join(30_000);
    long mustArrive = committed.get();
    sender.close();
    before.close();

    Set<Long> got = new HashSet<>();
    try (Mq after = open();
        MqReceiver receiver = after.createReceiver()) {
      while (true) {
        List<Received> batch = receiver.receive(500, Duration.ofSeconds(3));
        if (batch.isEmpty()) {
          break;
        }
        batch.forEach(r -> got.add(Envelope.sequence(r.body())));
        receiver.ack(batch);
      }
    }
    assertThat(mustArrive).as("messages committed before the crash").isGreaterThanOrEqualTo(2_000);
    for (long seq = 0; seq < mustArrive; seq++) {
      assertThat(got).as("committed message %d after the restart", seq).contains(seq);
    }
  }
}
