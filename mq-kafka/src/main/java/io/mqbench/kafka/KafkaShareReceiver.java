package io.mqbench.kafka;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicIdPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;

/**
 * A member of the topic's share group (KIP-932), one {@link KafkaShareConsumer} in explicit
 * acknowledgement mode. The broker hands each record to one member at a time under an acquisition
 * lock; {@link #ack} accepts exactly the given records ({@link AcknowledgeType#ACCEPT}); {@link
 * #close} releases what this receiver holds ({@link AcknowledgeType#RELEASE}), so that other
 * members get it at once. The lease of a message is its acquisition lock: it ends when the receiver
 * acknowledges or releases the message, or when the lock's duration ({@code
 * kafka-share.leaseTimeout}, the group's {@code share.record.lock.duration.ms}) has passed since
 * the poll that acquired it, whatever the receiver does meanwhile; the broker then offers the
 * message to the group again.
 *
 * <p>A poll acquires up to {@code max.poll.records} records (500 unless given; the client's default
 * {@code share.acquire.mode=batch_optimized} may round that up to whole record batches), which this
 * receiver hands out over as many receives as they take, as the {@code kafka} backend hands out a
 * fetch; they are locked to it meanwhile. A share consumer in explicit mode must have acknowledged
 * every record of a poll before it polls again, so a receiver that still holds unacknowledged
 * messages of its last poll, and has handed out the rest, receives nothing new until it
 * acknowledges them or their lease ends (then it releases them, to no effect but the consumer's,
 * and polls again): at most one poll's records are unacknowledged at a time, as a prefetch limit
 * does elsewhere. (Kafka 4.2's {@link AcknowledgeType#RENEW} would let it keep them across polls,
 * but kafka-clients 4.4.0 was seen to return only the renewed records to every later poll, nothing
 * new.)
 *
 * <p>{@link #ack} sends the acknowledgements at once and returns: carried by a poll that does not
 * wait when they leave nothing of the last poll held, else by {@code commitAsync}; {@code
 * kafka-share.syncAcks} waits for the broker's answer instead ({@code commitSync}).
 *
 * <p>Used by one thread, as {@link MqReceiver} requires; {@link #closeFromMq} alone may be called
 * from another.
 */
final class KafkaShareReceiver extends ThreadBoundReceiver {
  private final KafkaShareSettings settings;
  private final String clientId;
  private final Runnable checkAlive;

  /** Records of the last poll not handed out yet. */
  private final ArrayDeque<ConsumerRecord<byte[], byte[]>> fetched = new ArrayDeque<>();

  /** Records of the last poll handed out and not acknowledged. */
  private final Map<Key, ConsumerRecord<byte[], byte[]>> held = new HashMap<>();

  /** When the last poll returned, so when its records' locks began at the latest. */
  private long polledNanos;

  private KafkaShareConsumer<byte[], byte[]> consumer;
  private long lastHeardNanos = System.nanoTime();

  /**
   * @param settings the backend's settings
   * @param clientId the consumer's client id
   * @param onClose called once when this receiver closes
   * @param checkAlive fails, naming the brokers, when no broker answers; called after {@link
   *     KafkaSettings#LIVENESS_AFTER} of empty polls
   */
  KafkaShareReceiver(
      KafkaShareSettings settings,
      String clientId,
      Consumer<? super ThreadBoundReceiver> onClose,
      Runnable checkAlive) {
    super(settings.kafka.topic, onClose);
    this.settings = settings;
    this.clientId = clientId;
    this.checkAlive = checkAlive;
  }

  /** A record's place in the topic. */
  private record Key(int partition, long offset) {
    static Key of(ConsumerRecord<?, ?> r) {
      return new Key(r.partition(), r.offset());
    }
  }

  /** A message as this receiver handed it out. */
  private record ShareReceived(Key key, byte[] body) implements Received {}

  @Override
  List<Received> poll(int max, Duration wait) throws InterruptedException {
    if (consumer == null) {
      start();
    }
    try {
      if (fetched.isEmpty()) {
        if (!held.isEmpty() && !releaseIfLeaseEnded()) {
          // Nothing new before these are acknowledged: wait as asked, as for an empty queue.
          TimeUnit.NANOSECONDS.sleep(Math.min(wait.toNanos(), leaseLeftNanos()));
          return List.of();
        }
        poll(wait);
      }
    } catch (InterruptException e) {
      Thread.interrupted();
      throw new InterruptedException("interrupted while receiving from " + settings.kafka.topic);
    } catch (WakeupException e) {
      checkOpen();
      throw new MqException("receiver of " + settings.kafka.topic + " was woken up", e);
    } catch (KafkaException | IllegalStateException e) {
      throw failed("receive from", e);
    }
    List<Received> out = new ArrayList<>(Math.min(max, fetched.size()));
    while (out.size() < max && !fetched.isEmpty()) {
      ConsumerRecord<byte[], byte[]> r = fetched.pollFirst();
      Key key = Key.of(r);
      held.put(key, r);
      out.add(new ShareReceived(key, r.value()));
    }
    return out;
  }

  private long leaseLeftNanos() {
    return Math.max(0, polledNanos + settings.lease.toNanos() - System.nanoTime());
  }

  /**
   * Once the lease of the held records has ended (the broker has them again), releases them, which
   * changes nothing on the broker but lets the consumer poll, and forgets them.
   *
   * @return whether nothing is held any more
   */
  private boolean releaseIfLeaseEnded() {
    if (leaseLeftNanos() > 0) {
      return false;
    }
    for (ConsumerRecord<byte[], byte[]> r : held.values()) {
      consumer.acknowledge(r, AcknowledgeType.RELEASE);
    }
    held.clear();
    return true;
  }

  /** Polls until records come or {@code wait} passes. */
  private void poll(Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      long left = Math.max(0, deadline - System.nanoTime());
      ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofNanos(left));
      if (!records.isEmpty()) {
        polledNanos = System.nanoTime();
        lastHeardNanos = polledNanos;
        for (ConsumerRecord<byte[], byte[]> r : records) {
          fetched.add(r);
        }
        return;
      }
      if (left == 0) {
        break;
      }
    }
    if (System.nanoTime() - lastHeardNanos >= KafkaSettings.LIVENESS_AFTER.toNanos()) {
      checkAlive.run();
      lastHeardNanos = System.nanoTime();
    }
  }

  private void start() {
    try {
      consumer = new KafkaShareConsumer<>(settings.consumer(clientId));
      wakeWith(consumer::wakeup);
      consumer.subscribe(List.of(settings.kafka.topic));
    } catch (KafkaException e) {
      throw new MqException(
          "cannot create a Kafka share consumer for "
              + settings.kafka.bootstrap
              + ": "
              + Errors.rootMessage(e),
          e);
    }
  }

  @Override
  public void ack(List<Received> messages) {
    checkOpen();
    int accepted = 0;
    try {
      for (Received m : messages) {
        ConsumerRecord<byte[], byte[]> r = held.remove(((ShareReceived) m).key());
        // Not held: acknowledged already, or its lease ended and the group has it again.
        if (r != null) {
          consumer.acknowledge(r, AcknowledgeType.ACCEPT);
          accepted++;
        }
      }
      if (accepted > 0) {
        send();
      }
    } catch (WakeupException e) {
      checkOpen();
      throw new MqException("receiver of " + settings.kafka.topic + " was woken up", e);
    } catch (KafkaException | IllegalStateException e) {
      throw failed("acknowledging on", e);
    }
  }

  /**
   * Sends the acknowledgements made at once. When they leave nothing of the last poll held or
   * fetched, the consumer may poll again, and a poll that does not wait ({@code poll(0)}) hands
   * them to the client's network thread, which carries them on its next share fetch as an implicit
   * acknowledgement is carried: one request where a commit would add one of its own (a
   * ShareAcknowledge per {@code ack}, which cost a quarter of a drain's rate). What that poll
   * acquires is handed out by the next receives, as the records of any poll are. Otherwise (or with
   * {@code kafka-share.syncAcks}) they are committed ({@link #commit}).
   */
  private void send() {
    if (settings.syncAcks || !held.isEmpty() || !fetched.isEmpty()) {
      commit();
      return;
    }
    ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ZERO);
    if (!records.isEmpty()) {
      polledNanos = System.nanoTime();
      lastHeardNanos = polledNanos;
      for (ConsumerRecord<byte[], byte[]> r : records) {
        fetched.add(r);
      }
    }
  }

  /**
   * Sends the acknowledgements made at once: without waiting ({@code commitAsync}; one the broker
   * refuses, for a lock that had ended, means only that it delivers that message again), or, with
   * {@code kafka-share.syncAcks}, waiting for the broker's answer and failing if any was refused.
   * Left to the next poll, as a share consumer leaves them by default, they would wait for as long
   * as the harness does not receive again, and come back to the group when their locks end.
   */
  private void commit() {
    if (!settings.syncAcks) {
      consumer.commitAsync();
      return;
    }
    Map<TopicIdPartition, Optional<KafkaException>> result =
        consumer.commitSync(Duration.ofMillis(KafkaSettings.REQUEST_TIMEOUT_MS));
    for (Optional<KafkaException> e : result.values()) {
      if (e.isPresent()) {
        throw e.get();
      }
    }
  }

  private MqException failed(String what, RuntimeException e) {
    return new MqException(
        what
            + " topic "
            + settings.kafka.topic
            + " on "
            + settings.kafka.bootstrap
            + " failed: "
            + Errors.rootMessage(e),
        e);
  }

  /**
   * Sends the acknowledgements made and releases every record this receiver holds or fetched, so
   * that the group offers them to other receivers at once, then leaves the group; each step bounded
   * by {@link KafkaSettings#CLOSE_STEP}. What could not be released comes back when its lock ends.
   */
  @Override
  void leave() {
    if (consumer == null) {
      return;
    }
    try {
      for (ConsumerRecord<byte[], byte[]> r : held.values()) {
        consumer.acknowledge(r, AcknowledgeType.RELEASE);
      }
      for (ConsumerRecord<byte[], byte[]> r : fetched) {
        consumer.acknowledge(r, AcknowledgeType.RELEASE);
      }
      consumer.commitSync(KafkaSettings.CLOSE_STEP);
    } catch (RuntimeException e) {
      // The broker takes them back when their locks end instead.
    }
    try {
      consumer.close(KafkaSettings.CLOSE_STEP);
    } catch (RuntimeException e) {
      // Leaving the group failed: the group's session timeout removes this member instead.
    }
    held.clear();
    fetched.clear();
  }
}
