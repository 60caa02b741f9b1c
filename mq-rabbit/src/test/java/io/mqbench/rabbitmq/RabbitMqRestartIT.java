package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Restarts the broker while a sender and a receiver run, on a durable quorum queue with persistent
 * messages: every message whose send returned (was confirmed) must still be delivered afterwards.
 */
class RabbitMqRestartIT {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  @Test
  void confirmedMessagesSurviveABrokerRestartMidRun() throws Exception {
    RabbitBroker broker = BROKER.broker();
    assumeTrue(broker.isPrivate(), "RABBITMQ_URI names a broker these tests must not restart");
    String queue = "mqbench-it-restart-" + UUID.randomUUID().toString().substring(0, 8);
    RabbitMqProvider provider = new RabbitMqProvider();
    Map<String, String> raw =
        Map.of(
            "rabbitmq.uri",
            broker.uri(),
            "rabbitmq.queue",
            queue,
            "rabbitmq.confirmTimeout",
            "5s",
            "rabbitmq.connectTimeout",
            "2s");
    Set<Long> confirmed = ConcurrentHashMap.newKeySet();
    Set<Long> received = ConcurrentHashMap.newKeySet();
    AtomicInteger sendFailures = new AtomicInteger();
    AtomicInteger receiveFailures = new AtomicInteger();
    AtomicBoolean stopSending = new AtomicBoolean();
    AtomicBoolean stopReceiving = new AtomicBoolean();
    AtomicBoolean slow = new AtomicBoolean(true);
    int backlogAtRestart;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (Mq mq = provider.open(provider.configure(raw))) {
      MqSender sender = mq.createSender();
      MqReceiver receiver = mq.createReceiver();
      Future<?> sending =
          pool.submit(
              () -> {
                MessageBodies bodies = new MessageBodies(100, 1, 0, 0);
                long seq = 0;
                while (!stopSending.get()) {
                  List<byte[]> batch = new ArrayList<>();
                  for (int i = 0; i < 50; i++) {
                    batch.add(bodies.next(seq + i, System.nanoTime()));
                  }
                  try {
                    sender.send(batch);
                    for (int i = 0; i < 50; i++) {
                      confirmed.add(seq + i);
                    }
                  } catch (MqException e) {
                    // Unknown fate: these may or may not arrive; they are not counted as sent.
                    sendFailures.incrementAndGet();
                    Thread.sleep(200);
                  }
                  seq += 50;
                }
                return null;
              });
      Future<?> receiving =
          pool.submit(
              () -> {
                while (!stopReceiving.get()) {
                  try {
                    // Slow until the restart, so that confirmed messages wait in the queue then.
                    List<Received> got =
                        receiver.receive(slow.get() ? 10 : 100, Duration.ofMillis(200));
                    got.forEach(r -> received.add(Envelope.sequence(r.body())));
                    receiver.ack(got);
                    if (slow.get()) {
                      Thread.sleep(20);
                    }
                  } catch (MqException e) {
                    receiveFailures.incrementAndGet();
                    Thread.sleep(200);
                  }
                }
                return null;
              });

      awaitAtLeast(confirmed, 3_000, Duration.ofSeconds(60));
      int beforeRestart = confirmed.size();
      backlogAtRestart = beforeRestart - received.size();
      broker.restart();
      slow.set(false);
      awaitAtLeast(confirmed, beforeRestart + 2_000, Duration.ofSeconds(90));
      stopSending.set(true);
      sending.get(30, TimeUnit.SECONDS);

      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!received.containsAll(confirmed) && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      stopReceiving.set(true);
      receiving.get(30, TimeUnit.SECONDS);
      sender.close();
      receiver.close();
    } finally {
      pool.shutdownNow();
      QueueDeletingMq.deleteQueue(broker.uri(), queue);
    }

    Set<Long> lost = new java.util.TreeSet<>(confirmed);
    lost.removeAll(received);
    System.err.printf(
        "[rabbit-it] restart: %d confirmed messages not yet received at the restart; %d"
            + " confirmed, %d distinct received in all; %d send and %d receive failures%n",
        backlogAtRestart,
        confirmed.size(),
        received.size(),
        sendFailures.get(),
        receiveFailures.get());
    assertThat(backlogAtRestart)
        .as("confirmed messages in the queue at the restart")
        .isGreaterThan(500);
    assertThat(sendFailures.get()).as("sends failed while the broker was down").isPositive();
    assertThat(lost).as("confirmed messages never received").isEmpty();
  }

  private static void awaitAtLeast(Set<Long> set, int count, Duration patience)
      throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (set.size() < count) {
      assertThat(System.nanoTime()).as("%d confirmed sends in time", count).isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
