package io.mqbench.kafka;

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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three brokers as three local processes, topic with replication factor 3 and min.insync.replicas
 * 2; one broker is killed (SIGKILL) while senders run. Every message whose send returned must be
 * received.
 */
class KafkaClusterFailoverIT {
  private static JavaLocalBroker cluster;

  @BeforeAll
  static void startCluster() throws InterruptedException {
    cluster = new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER, 3);
    cluster.start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", "384")));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void noAcknowledgedMessageIsLostWhenABrokerIsKilledMidRun() throws Exception {
    KafkaMqProvider provider = new KafkaMqProvider();
    Mq mq =
        provider.open(
            provider.configure(
                Map.of(
                    "kafka.bootstrapServers", cluster.address(),
                    "kafka.topic", "failover",
                    "kafka.partitions", "6",
                    "kafka.replicationFactor", "3",
                    "kafka.minInsyncReplicas", "2")));
    assertThat(mq.versions().get("topic"))
        .contains("replicationFactor=3")
        .contains("min.insync.replicas=2");
    int senders = 2;
    Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
    AtomicLong ackedAfterKill = new AtomicLong();
    AtomicLong failedSends = new AtomicLong();
    AtomicBoolean killed = new AtomicBoolean();
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newCachedThreadPool();
    try {
      List<Future<?>> sending = new ArrayList<>();
      for (int s = 0; s < senders; s++) {
        int senderId = s;
        sending.add(
            pool.submit(
                () -> {
                  try (MqSender sender = mq.createSender()) {
                    MessageBodies bodies = new MessageBodies(100, 1, senderId, 0);
                    long seq = 0;
                    while (!stop.get()) {
                      List<byte[]> batch = new ArrayList<>();
                      for (int i = 0; i < 50; i++) {
                        batch.add(bodies.next(seq++, System.nanoTime()));
                      }
                      boolean afterKill = killed.get();
                      try {
                        sender.send(batch);
                      } catch (MqException e) {
                        failedSends.incrementAndGet(); // not acknowledged: may or may not arrive
                        continue;
                      }
                      for (byte[] b : batch) {
                        acknowledged.add(key(b));
                      }
                      if (afterKill) {
                        ackedAfterKill.addAndGet(batch.size());
                      }
                    }
                  }
                  return null;
                }));
      }
      Thread.sleep(3000);
      int before = acknowledged.size();
      cluster.process(1).kill();
      killed.set(true);
      Thread.sleep(8000);
      stop.set(true);
      for (Future<?> f : sending) {
        f.get(120, TimeUnit.SECONDS);
      }
      assertThat(before).as("messages acknowledged before the kill").isPositive();
      assertThat(ackedAfterKill.get())
          .as("messages acknowledged after the kill (by the two surviving replicas)")
          .isPositive();

      Set<Long> received = new HashSet<>();
      try (MqReceiver receiver = mq.createReceiver()) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!received.containsAll(acknowledged) && System.nanoTime() < deadline) {
          List<Received> got = receiver.receive(1000, Duration.ofSeconds(1));
          for (Received r : got) {
            received.add(key(r.body()));
          }
          receiver.ack(got);
        }
      }
      Set<Long> lost = new HashSet<>(acknowledged);
      lost.removeAll(received);
      System.out.printf(
          "failover: %d acknowledged (%d after the kill), %d sends failed, %d received, %d lost%n",
          acknowledged.size(),
          ackedAfterKill.get(),
          failedSends.get(),
          received.size(),
          lost.size());
      assertThat(lost).as("acknowledged messages never received").isEmpty();
    } finally {
      stop.set(true);
      pool.shutdownNow();
      mq.close();
    }
  }

  private static long key(byte[] body) {
    return (long) Envelope.senderId(body) << 32 | Envelope.sequence(body);
  }
}
