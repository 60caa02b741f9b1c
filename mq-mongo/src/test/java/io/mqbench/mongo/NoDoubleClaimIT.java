package io.mqbench.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The lease guarantee under contention, for both claim strategies: several receivers claiming from
 * one collection at once never hold the same message at the same time, and a late acknowledgement
 * never deletes a message another receiver now holds.
 */
class NoDoubleClaimIT {
  private static final int RECEIVERS = 6;

  private final List<AutoCloseable> opened = new ArrayList<>();
  private final ExecutorService pool = Executors.newCachedThreadPool();

  @AfterEach
  void close() throws Exception {
    pool.shutdownNow();
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
  }

  /**
   * One claim seen by a test receiver: which message, and when the receive call began and ended.
   */
  private record Claim(long message, int receiver, long calledAtMillis, long returnedAtMillis) {}

  @ParameterizedTest(name = "mongo.claim={0}")
  @EnumSource(ClaimStrategy.class)
  void receiversRacingForOneBacklogEachGetDifferentMessagesAndTogetherAll(ClaimStrategy claim)
      throws Exception {
    int count = 3000;
    Mq mq = open(claim, Duration.ofMinutes(5)); // no lease ends during the test
    send(mq, count);

    List<Claim> claims = claimConcurrently(mq, Duration.ofSeconds(60), count);

    Map<Long, List<Integer>> holders = new HashMap<>();
    claims.forEach(
        c -> holders.computeIfAbsent(c.message(), m -> new ArrayList<>()).add(c.receiver()));
    assertThat(holders).as("messages claimed").hasSize(count);
    assertThat(holders.entrySet().stream().filter(e -> e.getValue().size() > 1).toList())
        .as("messages held by two claims at once (message=receivers)")
        .isEmpty();
    assertThat(claims.stream().map(Claim::receiver).distinct().count())
        .as("receivers that won some claims")
        .isGreaterThan(1);
  }

  @ParameterizedTest(name = "mongo.claim={0}")
  @EnumSource(ClaimStrategy.class)
  void aMessageIsClaimedAgainOnlyAfterItsLeaseEnded(ClaimStrategy claim) throws Exception {
    Duration lease = Duration.ofSeconds(1);
    Mq mq = open(claim, lease);
    send(mq, 500);

    // Nobody acknowledges: every message is claimed again and again as its leases end.
    List<Claim> claims = claimConcurrently(mq, Duration.ofSeconds(5), Integer.MAX_VALUE);

    Map<Long, List<Claim>> byMessage = new HashMap<>();
    claims.forEach(c -> byMessage.computeIfAbsent(c.message(), m -> new ArrayList<>()).add(c));
    assertThat(byMessage).as("messages claimed").hasSize(500);
    assertThat(byMessage.values().stream().mapToInt(List::size).max().orElse(0))
        .as("most claims of one message: leases did end and messages came back")
        .isGreaterThan(1);
    List<String> overlaps = new ArrayList<>();
    for (List<Claim> cs : byMessage.values()) {
      cs.sort(Comparator.comparingLong(Claim::returnedAtMillis));
      for (int i = 1; i < cs.size(); i++) {
        Claim earlier = cs.get(i - 1);
        Claim later = cs.get(i);
        // The earlier lease began after earlier.calledAt and lasts `lease`; the later claim was
        // made before later.returnedAt. Same JVM clock, so this is exact.
        if (later.returnedAtMillis() < earlier.calledAtMillis() + lease.toMillis()) {
          overlaps.add(earlier + " then " + later);
        }
      }
    }
    assertThat(overlaps).as("claims of one message within one lease").isEmpty();
  }

  @ParameterizedTest(name = "mongo.claim={0}")
  @EnumSource(ClaimStrategy.class)
  void aLateAckDoesNotDeleteAMessageAnotherReceiverNowHolds(ClaimStrategy claim) throws Exception {
    Duration lease = Duration.ofMillis(500);
    Mq mq = open(claim, lease);
    send(mq, 1);
    MqReceiver slow = receiver(mq);
    List<Received> first = slow.receive(1, Duration.ofSeconds(10));
    assertThat(first).hasSize(1);

    Thread.sleep(lease.toMillis() + 200);
    MqReceiver next = receiver(mq);
    assertThat(next.receive(1, Duration.ofSeconds(10)))
        .as("claimed again after the lease")
        .hasSize(1);
    slow.ack(first); // too late: `next` holds it now
    next.close(); // dies without acking: the message must still be there

    MqReceiver last = receiver(mq);
    List<Received> again = last.receive(1, Duration.ofSeconds(10));
    assertThat(again).as("the message the late ack must not have deleted").hasSize(1);
    assertThat(again.get(0).body()).isEqualTo(first.get(0).body());
    last.ack(again);
    assertThat(receiver(mq).receive(1, Duration.ofMillis(lease.toMillis() * 3))).isEmpty();
  }

  private List<Claim> claimConcurrently(Mq mq, Duration duration, int stopAfter) throws Exception {
    ConcurrentLinkedQueue<Claim> claims = new ConcurrentLinkedQueue<>();
    long end = System.nanoTime() + duration.toNanos();
    List<Future<?>> running = new ArrayList<>();
    for (int r = 0; r < RECEIVERS; r++) {
      int id = r;
      MqReceiver receiver = receiver(mq);
      running.add(
          pool.submit(
              () -> {
                SplittableRandom random = new SplittableRandom(id);
                while (System.nanoTime() < end && claims.size() < stopAfter) {
                  long called = System.currentTimeMillis();
                  List<Received> got =
                      receiver.receive(1 + random.nextInt(50), Duration.ofMillis(50));
                  long returned = System.currentTimeMillis();
                  for (Received m : got) {
                    claims.add(new Claim(Envelope.sequence(m.body()), id, called, returned));
                  }
                }
                return null;
              }));
    }
    for (Future<?> f : running) {
      f.get(duration.toSeconds() + 30, TimeUnit.SECONDS);
    }
    return new ArrayList<>(claims);
  }

  private Mq open(ClaimStrategy claim, Duration lease) throws InterruptedException {
    MongoMqProvider provider = new MongoMqProvider();
    String collection = "no-double-claim-" + UUID.randomUUID().toString().substring(0, 8);
    Mq mq = provider.open(provider.configure(TestMongo.config(collection, claim, lease)));
    opened.add(mq);
    return mq;
  }

  private MqReceiver receiver(Mq mq) {
    MqReceiver r = mq.createReceiver();
    opened.add(r);
    return r;
  }

  private void send(Mq mq, int count) throws InterruptedException {
    MqSender sender = mq.createSender();
    opened.add(sender);
    MessageBodies bodies = new MessageBodies(100, 1, 0, 0);
    List<byte[]> all = new ArrayList<>(count);
    for (long seq = 0; seq < count; seq++) {
      all.add(bodies.next(seq, System.nanoTime()));
    }
    for (int i = 0; i < count; i += 100) {
      sender.send(all.subList(i, Math.min(count, i + 100)));
    }
    Set<Long> sequences = new HashSet<>();
    all.forEach(b -> sequences.add(Envelope.sequence(b)));
    assertThat(sequences).hasSize(count);
  }
}
