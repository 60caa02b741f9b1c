package io.mqbench.kafka;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * A member of the topic's consumer group. Kafka has no per-message acknowledgement, only a
 * committed offset per partition, so this receiver keeps, per partition it owns, the offsets it
 * handed out and which of them were acknowledged, and commits only up to the highest offset below
 * which everything was acknowledged. A receiver that dies leaves its unacknowledged messages (and
 * any acknowledged ones after the first gap) above the committed offset, so the partition's next
 * owner receives them again: at least once.
 *
 * <p>The lease of a message is its partition's ownership: it ends when the receiver closes (it
 * leaves the group), when it stops calling {@link #receive} for longer than max.poll.interval.ms,
 * or when its process dies and session.timeout.ms passes.
 */
final class KafkaReceiver extends ThreadBoundReceiver {
  private final KafkaSettings settings;
  private final String clientId;
  private final Map<TopicPartition, PartitionState> owned = new HashMap<>();
  private final ArrayDeque<Chunk> fetched = new ArrayDeque<>();
  private KafkaConsumer<byte[], byte[]> consumer;
  private long lastCommitNanos = System.nanoTime();
  private long lastHeardNanos = System.nanoTime();

  /** How long a commit on a revoke may take. */
  private static final Duration COMMIT_TIMEOUT = Duration.ofSeconds(10);

  KafkaReceiver(
      KafkaSettings settings, String clientId, Consumer<? super ThreadBoundReceiver> onClose) {
    super(settings.topic, onClose);
    this.settings = settings;
    this.clientId = clientId;
  }

  /** Records fetched for one partition and not yet handed out. */
  private static final class Chunk {
    final PartitionState state;
    final List<ConsumerRecord<byte[], byte[]>> records;
    int next;

    Chunk(PartitionState state, List<ConsumerRecord<byte[], byte[]>> records) {
      this.state = state;
      this.records = records;
    }
  }

  /** A message and the partition ownership it was received under. */
  record KafkaReceived(PartitionState state, long offset, byte[] body) implements Received {}

  private final class Rebalance implements ConsumerRebalanceListener {
    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
      // Commit what was acknowledged before the next owner starts from the committed offset;
      // closing has committed already, and a second wait on a dead broker would double the stop.
      if (!isClosed()) {
        commitSync(partitions);
      }
      forget(partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
      // Already owned by someone else: committing now would be rejected; just forget.
      forget(partitions);
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
      for (TopicPartition p : partitions) {
        owned.put(p, new PartitionState(p));
      }
    }
  }

  private void forget(Collection<TopicPartition> partitions) {
    for (TopicPartition p : partitions) {
      owned.remove(p);
    }
    Set<TopicPartition> gone = new HashSet<>(partitions);
    fetched.removeIf(c -> gone.contains(c.state.partition));
  }

  @Override
  List<Received> poll(int max, Duration wait) throws InterruptedException {
    if (consumer == null) {
      start(max);
    }
    maybeCommit();
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      while (fetched.isEmpty()) {
        long left = Math.max(0, deadline - System.nanoTime());
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofNanos(left));
        for (TopicPartition tp : records.partitions()) {
          PartitionState state = owned.get(tp);
          if (state != null) {
            fetched.add(new Chunk(state, records.records(tp)));
          }
        }
        if (!records.isEmpty()) {
          lastHeardNanos = System.nanoTime();
        }
        if (left == 0) {
          break;
        }
      }
      if (fetched.isEmpty()
          && System.nanoTime() - lastHeardNanos >= KafkaSettings.LIVENESS_AFTER.toNanos()) {
        checkAlive();
      }
    } catch (InterruptException e) {
      Thread.interrupted();
      throw new InterruptedException("interrupted while receiving from " + settings.topic);
    } catch (WakeupException e) {
      checkOpen();
      throw new MqException("receiver of " + settings.topic + " was woken up", e);
    } catch (KafkaException e) {
      throw new MqException(
          "receive from topic "
              + settings.topic
              + " on "
              + settings.bootstrap
              + " failed: "
              + Errors.rootMessage(e),
          e);
    }
    return handOut(max);
  }

  /** Up to {@code max} of the records fetched, skipping those of partitions revoked meanwhile. */
  private List<Received> handOut(int max) {
    HandedOut out = null;
    int taken = 0;
    while (taken < max && !fetched.isEmpty()) {
      Chunk c = fetched.peekFirst();
      if (owned.get(c.state.partition) != c.state) {
        fetched.pollFirst(); // revoked meanwhile; its next owner gets these
        continue;
      }
      int n = Math.min(max - taken, c.records.size() - c.next);
      c.state.handOut(c.records, c.next, c.next + n);
      if (out == null) {
        out = new HandedOut(this, Math.min(max, available()));
      }
      out.add(c.state, c.records, c.next, n);
      c.next += n;
      taken += n;
      if (c.next == c.records.size()) {
        fetched.pollFirst();
      }
    }
    return out == null ? List.of() : out;
  }

  /** How many fetched records are not handed out yet (those of revoked partitions included). */
  private int available() {
    int n = 0;
    for (Chunk c : fetched) {
      n += c.records.size() - c.next;
    }
    return n;
  }

  /**
   * A consumer whose brokers all died polls empty forever, which a harness would take for an empty
   * topic, and then for loss. A metadata request answered by any broker proves the cluster alive;
   * none within the request timeout fails the receiver, naming the brokers.
   */
  private void checkAlive() {
    try {
      consumer.listTopics(Duration.ofMillis(KafkaSettings.REQUEST_TIMEOUT_MS));
      lastHeardNanos = System.nanoTime();
    } catch (TimeoutException e) {
      throw new MqException(
          "receive from topic "
              + settings.topic
              + " on "
              + settings.bootstrap
              + " failed: no broker answered within "
              + KafkaSettings.REQUEST_TIMEOUT_MS / 1000
              + " s",
          e);
    }
  }

  private void start(int maxPollRecords) {
    Integer given = settings.givenMaxPollRecords();
    try {
      consumer =
          new KafkaConsumer<>(settings.consumer(clientId, given != null ? given : maxPollRecords));
      wakeWith(consumer::wakeup);
      consumer.subscribe(List.of(settings.topic), new Rebalance());
    } catch (KafkaException e) {
      throw new MqException(
          "cannot create a Kafka consumer for " + settings.bootstrap + ": " + Errors.rootMessage(e),
          e);
    }
  }

  @Override
  public void ack(List<Received> messages) {
    checkOpen();
    if (messages instanceof HandedOut batch && batch.receiver() == this) {
      // A whole receive's messages: acknowledged a partition's slice at a time.
      for (int i = 0; i < batch.slices(); i++) {
        PartitionState state = batch.state(i);
        // Acknowledging under an ownership that ended does nothing: the new owner redelivers.
        if (owned.get(state.partition) == state) {
          batch.ack(i);
        }
      }
      if (consumer != null) {
        maybeCommit();
      }
      return;
    }
    PartitionState current = null; // messages come in runs of one partition: look each run up once
    boolean currentOwned = false;
    for (Received m : messages) {
      KafkaReceived r = (KafkaReceived) m;
      if (r.state() != current) {
        current = r.state();
        currentOwned = owned.get(current.partition) == current;
      }
      // Acknowledging under an ownership that ended does nothing: the new owner redelivers.
      if (currentOwned) {
        current.ack(r.offset());
      }
    }
    if (consumer != null) {
      maybeCommit();
    }
  }

  private void maybeCommit() {
    long now = System.nanoTime();
    if (now - lastCommitNanos < settings.commitInterval.toNanos()) {
      return;
    }
    lastCommitNanos = now;
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (PartitionState s : owned.values()) {
      if (s.committable > s.committed) {
        offsets.put(s.partition, new OffsetAndMetadata(s.committable));
        s.committed = s.committable;
      }
    }
    if (!offsets.isEmpty()) {
      // A failed commit is not retried: a later commit (or the one on close) covers it, and until
      // then the messages would only be delivered twice, never lost.
      consumer.commitAsync(offsets, (o, e) -> {});
    }
  }

  private void commitSync(Collection<TopicPartition> partitions) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    for (TopicPartition p : partitions) {
      PartitionState s = owned.get(p);
      if (s != null && s.committable >= 0) {
        offsets.put(p, new OffsetAndMetadata(s.committable));
        s.committed = s.committable;
      }
    }
    if (offsets.isEmpty()) {
      return;
    }
    try {
      consumer.commitSync(offsets, isClosed() ? KafkaSettings.CLOSE_STEP : COMMIT_TIMEOUT);
    } catch (KafkaException e) {
      // The partitions' next owner redelivers what this commit would have covered.
    }
  }

  @Override
  void leave() {
    if (consumer == null) {
      return;
    }
    try {
      commitSync(List.copyOf(owned.keySet()));
      // Bounded: leaving the group must not hold up the end of a run when the broker is gone.
      consumer.close(CloseOptions.timeout(KafkaSettings.CLOSE_STEP));
    } catch (RuntimeException e) {
      // Leaving the group failed: the session timeout ends the lease instead.
    }
    owned.clear();
    fetched.clear();
  }
}
