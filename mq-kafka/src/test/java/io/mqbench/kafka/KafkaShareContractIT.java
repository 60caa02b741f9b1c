package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.envelope.Envelope;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract kit against a share group on a real broker: {@code KAFKA_BOOTSTRAP} when set, else
 * the local broker process the kafka tests share (the one the runner starts). Every queue has one
 * partition, so that every test's receivers share it: what a consumer group cannot do.
 */
class KafkaShareContractIT extends MqContractKit {
  /** The acquisition lock: short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(4);

  private static String bootstrap;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    bootstrap = TestKafka.bootstrapServers();
  }

  private final KafkaShareMqProvider provider = new KafkaShareMqProvider();

  /**
   * @return the keys that point at the broker under test, and the topics' replication there
   */
  protected Map<String, String> brokerKeys() {
    return Map.of("kafka-share.bootstrapServers", bootstrap, "kafka-share.replicationFactor", "1");
  }

  private MqConfig config(String topic) {
    Map<String, String> raw = new java.util.HashMap<>(brokerKeys());
    raw.putAll(
        Map.of(
            "kafka-share.topic",
            topic,
            "kafka-share.partitions",
            "1",
            "kafka-share.leaseTimeout",
            LEASE.toMillis() + "ms"));
    return provider.configure(raw);
  }

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    return Optional.of(new Configured(provider, config(queueName)));
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    return provider.open(config(queueName));
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    return Optional.of(provider.open(config(queueName), subscriptions));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(30);
  }

  @Test
  void fourReceiversOnOnePartitionEachReceiveMessagesAndNoneIsLost() throws Exception {
    List<MqReceiver> receivers = List.of(receiver(), receiver(), receiver(), receiver());
    AtomicIntegerArray counts = new AtomicIntegerArray(receivers.size());
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    AtomicBoolean done = new AtomicBoolean();
    ExecutorService threads = Executors.newFixedThreadPool(receivers.size());
    int total = 0;
    try {
      List<Future<?>> receiving = new ArrayList<>();
      for (int i = 0; i < receivers.size(); i++) {
        int index = i;
        MqReceiver r = receivers.get(i);
        receiving.add(
            threads.submit(
                () -> {
                  while (!done.get()) {
                    List<Received> got = r.receive(5, Duration.ofMillis(200));
                    counts.addAndGet(index, got.size());
                    got.forEach(m -> seen.add(Envelope.sequence(m.body())));
                    if (!got.isEmpty()) {
                      Thread.sleep(20); // a receiver that works on what it got
                    }
                    r.ack(got);
                  }
                  return null;
                }));
      }
      MqSender sender = sender();
      // At least 400, and on until every receiver has had some: on a loaded host a consumer that
      // joins the share group late first fetches after the others drained a fixed count.
      long sendingEnds = System.nanoTime() + patience().toNanos();
      while ((total < 400 || !eachPositive(counts))
          && total < 20_000
          && System.nanoTime() < sendingEnds) {
        sender.send(messages(total, 10, 100));
        total += 10;
        Thread.sleep(10);
      }
      long deadline = System.nanoTime() + patience().toNanos();
      while (seen.size() < total && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      done.set(true);
      for (Future<?> f : receiving) {
        f.get(patience().toSeconds(), TimeUnit.SECONDS);
      }
    } finally {
      done.set(true);
      threads.shutdownNow();
    }

    assertThat(seen).as("distinct messages received of %d sent", total).hasSize(total);
    for (int i = 0; i < receivers.size(); i++) {
      assertThat(counts.get(i)).as("messages received by receiver %d of 4", i).isPositive();
    }
  }

  private static boolean eachPositive(AtomicIntegerArray counts) {
    for (int i = 0; i < counts.length(); i++) {
      if (counts.get(i) == 0) {
        return false;
      }
    }
    return true;
  }

  @Test
  void aReceiverHoldingItsLastPollUnacknowledgedGetsNothingNewWhileAnotherReceiverGetsIt()
      throws Exception {
    MqSender sender = sender();
    sender.send(messages(0, 3, 100));
    MqReceiver first = receiver();
    List<Received> held = new ArrayList<>();
    long deadline = System.nanoTime() + patience().toNanos();
    while (held.size() < 3 && System.nanoTime() < deadline) {
      held.addAll(first.receive(10, Duration.ofMillis(500)));
    }
    assertThat(held).hasSize(3);

    sender.send(messages(3, 3, 100));
    assertThat(first.receive(10, Duration.ofMillis(500)))
        .as("new messages, to a receiver holding what it polled last")
        .isEmpty();
    List<byte[]> toOther = receiveAndAck(receiver(), 3);
    assertThat(toOther.stream().map(Envelope::sequence)).containsExactlyInAnyOrder(3L, 4L, 5L);

    first.ack(held);
    assertThat(first.receive(10, Duration.ofMillis(500))).as("an empty queue").isEmpty();
    first.close();
    MqReceiver third = receiver();
    List<Received> again = new ArrayList<>();
    deadline = System.nanoTime() + LEASE.plusSeconds(1).toNanos();
    while (System.nanoTime() < deadline) {
      again.addAll(third.receive(10, Duration.ofMillis(500)));
    }
    assertThat(again).as("acknowledged messages, delivered again").isEmpty();
  }

  @Test
  void theClustersShareVersionAndTheGroupsSettingsAreRecordedAmongTheVersions() {
    assertThat(mq.versions())
        .containsEntry("share.version", "level 1")
        .hasEntrySatisfying(
            "share group",
            g ->
                assertThat(g)
                    .startsWith("mqbench-share-")
                    .contains("share.auto.offset.reset=earliest")
                    .contains("share.record.lock.duration.ms=" + LEASE.toMillis()));
  }

  @Test
  void eachSubscriptionIsAShareGroupOfItsOwnConfiguredAtOpen() throws Exception {
    String topic = "subscriptions-" + UUID.randomUUID().toString().substring(0, 8);
    try (Mq pubSub = provider.open(config(topic), 2)) {
      assertThat(pubSub.versions())
          .hasEntrySatisfying(
              "share groups",
              g ->
                  assertThat(g)
                      .startsWith("mqbench-share-" + topic + "-s0,mqbench-share-" + topic + "-s1 ")
                      .contains("share.auto.offset.reset=earliest"));
      assertThat(pubSub.removeQueue()).isTrue();
    }
  }
}
