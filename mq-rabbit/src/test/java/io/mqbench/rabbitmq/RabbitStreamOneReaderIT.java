package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the kits cannot see of the stream-to-queue mapping, because they open one {@code Mq}: a
 * second process reading the same stream is refused, and the next process resumes after the offset
 * the last one stored (its acknowledged prefix), redelivering its unacknowledged tail. A second
 * {@code Mq} in this JVM stands for the second process: it has its own client environment, reader
 * and lock connection.
 */
class RabbitStreamOneReaderIT {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  private static String fresh() {
    return "mqbench-it-reader-" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Test
  void aSecondProcessReadingTheSameStreamIsRefusedInOneLineUntilTheFirstCloses() {
    String stream = fresh();
    Mq first = StreamTests.openKept(BROKER.broker(), stream); // the second deletes it
    try (Mq second = StreamTests.open(BROKER.broker(), stream, Map.of())) {
      MqReceiver reading = first.createReceiver();
      second.createSender().close(); // sending from another process is fine

      assertThatThrownBy(second::createReceiver)
          .isInstanceOf(MqException.class)
          .hasMessageContaining("stream '" + stream + "' is already read by another process")
          .hasMessageContaining("--receiver-nodes 1")
          .hasMessageContaining("rabbitmq-stream.stream")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));

      reading.close();
      first.close(); // the lock goes with the first process's connection
      second.createReceiver().close();
    } finally {
      first.close();
    }
  }

  @Test
  void theNextProcessResumesAfterTheAcknowledgedPrefixAndGetsTheRestAgain() throws Exception {
    String stream = fresh();
    MessageBodies bodies = new MessageBodies(100, 7, 0, 0);
    List<byte[]> sent = new ArrayList<>();
    for (long seq = 0; seq < 20; seq++) {
      sent.add(bodies.next(seq, System.nanoTime()));
    }
    try (Mq first = StreamTests.openKept(BROKER.broker(), stream)) {
      try (MqSender sender = first.createSender()) {
        sender.send(sent);
      }
      MqReceiver receiver = first.createReceiver();
      List<Received> got = receive(receiver, 20, false);
      assertThat(got).hasSize(20);
      got.sort(Comparator.comparingLong(r -> Envelope.sequence(r.body())));
      // 0..9 acknowledged, 10 not, 11..14 acknowledged after that gap, 15..19 not.
      receiver.ack(got.subList(0, 10));
      receiver.ack(got.subList(11, 15));
      // The process ends without closing its receiver, as a crash would leave it.
    }

    try (Mq next = StreamTests.open(BROKER.broker(), stream, Map.of())) {
      assertThat(next.createdQueue()).contains(false);
      Set<Long> again = new TreeSet<>();
      receive(next.createReceiver(), 20, true).forEach(r -> again.add(Envelope.sequence(r.body())));

      // Stored: offset 9, the end of the prefix. Everything after it comes back, the messages
      // acknowledged after the gap included (duplicates, allowed); nothing before it.
      assertThat(again).containsExactlyElementsOf(range(10, 20));
    }
  }

  private static List<Long> range(long from, long to) {
    List<Long> r = new ArrayList<>();
    for (long i = from; i < to; i++) {
      r.add(i);
    }
    return r;
  }

  /** Receives until {@code count} arrived or 2 s passed without any (or 15 s in all). */
  private static List<Received> receive(MqReceiver receiver, int count, boolean ack)
      throws InterruptedException {
    List<Received> got = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    long quietSince = System.nanoTime();
    while (System.nanoTime() < deadline
        && System.nanoTime() - quietSince < Duration.ofSeconds(2).toNanos()) {
      List<Received> batch = receiver.receive(count, Duration.ofMillis(200));
      if (!batch.isEmpty()) {
        quietSince = System.nanoTime();
        got.addAll(batch);
        if (ack) {
          receiver.ack(batch);
        }
      }
    }
    return got;
  }
}
