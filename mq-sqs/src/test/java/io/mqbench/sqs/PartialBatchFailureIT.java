package io.mqbench.sqs;

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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * A {@code SendMessageBatch} call that succeeds while the server refuses one of its entries. The
 * refusal is ElasticMQ's own, for real: the entry carries a {@code DelaySeconds} of 901, past SQS's
 * limit of 900, which the server checks entry by entry (and the SDK does not check at all). The
 * original study never looked at failed entries of a batch response; this backend must.
 */
class PartialBatchFailureIT {
  private static final String REFUSED = "3";

  private static SendMessageBatchRequestEntry overLimitDelay(SendMessageBatchRequestEntry e) {
    return e.toBuilder().delaySeconds(901).build();
  }

  private static Mq open(UnaryOperator<SendMessageBatchRequestEntry> shaper, int retries)
      throws InterruptedException {
    SqsMqProvider provider = new SqsMqProvider(shaper);
    Map<String, String> raw =
        new java.util.HashMap<>(
            TestSqs.config(
                "partial-" + UUID.randomUUID().toString().substring(0, 8), Duration.ofSeconds(30)));
    raw.put("sqs.entryRetries", String.valueOf(retries));
    return provider.open(provider.configure(raw));
  }

  @Test
  void aBatchWithOneEntryTheServerRefusesFailsTheSendAndStoresOnlyTheOthers() throws Exception {
    try (Mq mq = open(e -> REFUSED.equals(e.id()) ? overLimitDelay(e) : e, 2);
        MqSender sender = mq.createSender();
        MqReceiver receiver = mq.createReceiver()) {
      List<byte[]> batch = batchOfTen();

      assertThatThrownBy(() -> sender.send(batch))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("1 of 10 messages")
          .hasMessageContaining("after 3 attempts")
          .hasMessageContaining("message " + REFUSED)
          .hasMessageContaining("DelaySeconds")
          .hasMessageNotContaining("\n");

      // One call, then two resends of the refused entry alone: bounded, and nothing stored twice.
      assertThat(mq.requests().calls()).containsEntry(SqsRequests.SEND, 3L);
      List<byte[]> stored = drain(receiver, 9);
      assertThat(sequences(stored))
          .containsExactlyInAnyOrder(0L, 1L, 2L, 4L, 5L, 6L, 7L, 8L, 9L)
          .doesNotContain(Long.parseLong(REFUSED));
    }
  }

  @Test
  void anEntryRefusedOnceIsSentAgainAndTheSendSucceedsWithEveryMessageStoredOnce()
      throws Exception {
    AtomicInteger refusals = new AtomicInteger();
    UnaryOperator<SendMessageBatchRequestEntry> refuseOnce =
        e -> REFUSED.equals(e.id()) && refusals.getAndIncrement() == 0 ? overLimitDelay(e) : e;
    try (Mq mq = open(refuseOnce, 2);
        MqSender sender = mq.createSender();
        MqReceiver receiver = mq.createReceiver()) {
      sender.send(batchOfTen());

      assertThat(mq.requests().calls()).containsEntry(SqsRequests.SEND, 2L);
      assertThat(sequences(drain(receiver, 10)))
          .containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    }
  }

  @Test
  void withoutRetriesTheFirstRefusalFailsTheSend() throws Exception {
    try (Mq mq = open(e -> REFUSED.equals(e.id()) ? overLimitDelay(e) : e, 0);
        MqSender sender = mq.createSender()) {
      assertThatThrownBy(() -> sender.send(batchOfTen()))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("after 1 attempts");
      assertThat(mq.requests().calls()).containsEntry(SqsRequests.SEND, 1L);
    }
  }

  /** Receives and acknowledges until {@code expected} arrived, then one more second for extras. */
  private static List<byte[]> drain(MqReceiver receiver, int expected) throws Exception {
    List<byte[]> got = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (got.size() < expected && System.nanoTime() < deadline) {
      List<Received> r = receiver.receive(10, Duration.ofSeconds(1));
      r.forEach(m -> got.add(m.body()));
      receiver.ack(r);
    }
    List<Received> extra = receiver.receive(10, Duration.ofSeconds(1));
    extra.forEach(m -> got.add(m.body()));
    receiver.ack(extra);
    return got;
  }

  /** Ten enveloped messages, sequence numbers 0 to 9, which entries 0 to 9 carry. */
  private static List<byte[]> batchOfTen() {
    MessageBodies bodies = new MessageBodies(100, 7, 0, 42);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      out.add(bodies.next(i, System.nanoTime()));
    }
    return out;
  }

  private static List<Long> sequences(List<byte[]> bodies) {
    List<Long> out = new ArrayList<>();
    for (byte[] b : bodies) {
      out.add(Envelope.sequence(b));
    }
    return out;
  }
}
