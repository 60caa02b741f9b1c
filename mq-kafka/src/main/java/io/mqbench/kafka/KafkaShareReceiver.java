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
 * lock; {@link #ack} accepts exactly the given records ({@link AcknowledgeType#ACCEPT}) and commits
 * them; {@link #close} releases what this receiver holds ({@link AcknowledgeType#RELEASE}), so
 * other members get it at once. The lease of a message is its acquisition lock: it ends when the
 * receiver acknowledges or releases the message, or when the lock's duration ({@code
 * kafka-share.leaseTimeout}, the group's {@code share.record.lock.duration.ms}) passes, whatever
 * the receiver does meanwhile, and the broker then offers the message to the group again.
 *
 * <p>A share consumer in explicit mode must have acknowledged every record of a poll before it
 * polls again. A receive that must poll while messages it handed out are still unacknowledged
 * renews their locks ({@link AcknowledgeType#RENEW}, Kafka 4.2+), which keeps them this receiver's:
 * once the broker renewed them, a poll returns them again (kafka-clients 4.4 does; KAFKA-20458),
 * and they are kept, not handed out twice. A message acknowledged while its renewal is under way is
 * accepted when it comes back. So a receiver that keeps receiving without acknowledging keeps its
 * messages for as long as it does; one that stops calling keeps them for the lock's duration. The
 * held records count among the at most {@code max.poll.records} a poll returns: a receiver that
 * holds that many receives nothing new until it acknowledges some.
 *
 * <p>Used by one thread, as {@link MqReceiver} requires; {@link #closeFromMq} alone may be called
 * from another.
 */
final class KafkaShareReceiver implements MqReceiver {
  private final KafkaShareSettings settings;
  private final String clientId;
  private final Consumer<KafkaShareReceiver> onClose;
  private final Runnable checkAlive;

  /** Records of the last poll not handed out yet. */
  private final ArrayDeque<ConsumerRecord<byte[], byte[]>> fetched = new ArrayDeque<>();

  /** Records handed out and not acknowledged. */
  private final Map<Key, Held> held = new HashMap<>();

  private KafkaShareConsumer<byte[], byte[]> consumer;
  private long lastHeardNanos = System.nanoTime();
  private boolean closed;
  private volatile boolean mqClosed;

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
      Consumer<KafkaShareReceiver> onClose,
      Runnable checkAlive) {
    this.settings = settings;
    this.clientId = clientId;
    this.onClose = onClose;
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

  /** A record handed out and not acknowledged yet. */
  private static final class Held {
    /** The record as the last poll that returned it did. */
    ConsumerRecord<byte[], byte[]> record;

    /**
     * Whether it belongs to the consumer's last poll, so that it can be acknowledged; false while
     * its renewal is under way.
     */
    boolean inFlight = true;

    /** Acknowledged by the harness while its renewal was under way: accepted when it returns. */
    boolean accepted;

    /** When its renewal was asked for. */
    long renewedNanos;

    Held(ConsumerRecord<byte[], byte[]> record) {
      this.record = record;
    }
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    checkOpen();
    if (consumer == null) {
      start(max);
    }
    try {
      if (fetched.isEmpty()) {
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
      held.put(key, new Held(r));
      out.add(new ShareReceived(key, r.value()));
    }
    return out;
  }

  /**
   * Polls until the poll brings something not handed out yet, or {@code wait} passes. What this
   * receiver holds is renewed before each poll (the consumer refuses to poll over unacknowledged
   * records); when a poll returns it again, it stays held, or is accepted if acknowledged
   * meanwhile.
   */
  private void poll(Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      long now = System.nanoTime();
      for (Held h : held.values()) {
        if (h.inFlight) {
          consumer.acknowledge(h.record, AcknowledgeType.RENEW);
          h.inFlight = false;
          h.renewedNanos = now;
        }
      }
      long left = Math.max(0, deadline - now);
      ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofNanos(left));
      int accepted = 0;
      for (ConsumerRecord<byte[], byte[]> r : records) {
        Key key = Key.of(r);
        Held h = held.get(key);
        if (h == null) {
          fetched.add(r);
        } else if (h.accepted) {
          consumer.acknowledge(r, AcknowledgeType.ACCEPT);
          held.remove(key);
          accepted++;
        } else {
          h.record = r;
          h.inFlight = true;
        }
      }
      if (accepted > 0) {
        commit();
      }
      // A renewal that did not come back within the lease failed: the lock had ended, and the
      // group has the message again; acknowledging it later does nothing.
      long now2 = System.nanoTime();
      held.values().removeIf(h -> !h.inFlight && now2 - h.renewedNanos > settings.lease.toNanos());
      if (!records.isEmpty()) {
        lastHeardNanos = now2;
      }
      if (!fetched.isEmpty() || left == 0) {
        break;
      }
    }
    if (fetched.isEmpty()
        && System.nanoTime() - lastHeardNanos >= KafkaSettings.LIVENESS_AFTER.toNanos()) {
      checkAlive.run();
      lastHeardNanos = System.nanoTime();
    }
  }

  /**
   * Creates the consumer. A poll acquires at most {@code max.poll.records} records, and the records
   * this receiver holds and renews count among them: twice the first receive's {@code max} (unless
   * {@code kafka-share.consumer.max.poll.records} is given) leaves room for new ones while it holds
   * a receive's worth.
   */
  private void start(int max) {
    Integer given = settings.givenMaxPollRecords();
    try {
      consumer =
          new KafkaShareConsumer<>(
              settings.consumer(
                  clientId, given != null ? given : (int) Math.min(Integer.MAX_VALUE, 2L * max)));
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
        Key key = ((ShareReceived) m).key();
        Held h = held.get(key);
        if (h == null) {
          continue; // its lock ended, and the group has it again: nothing to accept
        }
        if (h.inFlight) {
          consumer.acknowledge(h.record, AcknowledgeType.ACCEPT);
          held.remove(key);
          accepted++;
        } else {
          h.accepted = true; // its renewal is under way: accepted when the next poll returns it
        }
      }
      if (accepted > 0) {
        commit();
      }
    } catch (WakeupException e) {
      checkOpen();
      throw new MqException("receiver of " + settings.kafka.topic + " was woken up", e);
    } catch (KafkaException | IllegalStateException e) {
      throw failed("acknowledging on", e);
    }
  }

  /**
   * Sends the acknowledgements made: and waits for the broker's answer with {@code
   * kafka-share.syncAcks}, failing if any was refused; otherwise returns at once, and a refused one
   * (a lock that had ended) means only that the broker delivers that message again.
   */
  private void commit() {
    if (settings.syncAcks) {
      Map<TopicIdPartition, Optional<KafkaException>> result =
          consumer.commitSync(Duration.ofMillis(KafkaSettings.REQUEST_TIMEOUT_MS));
      for (Optional<KafkaException> e : result.values()) {
        if (e.isPresent()) {
          throw e.get();
        }
      }
    } else {
      consumer.commitAsync();
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

  private void checkOpen() {
    if (mqClosed && !closed) {
      close();
    }
    if (closed) {
      throw new MqException("receiver of topic " + settings.kafka.topic + " is closed");
    }
  }

  /** Called by the {@link KafkaShareMq} when it closes, possibly from another thread. */
  void closeFromMq() {
    mqClosed = true;
    KafkaShareConsumer<byte[], byte[]> c = consumer;
    if (c != null) {
      c.wakeup();
    }
  }

  /**
   * Releases every record this receiver holds or fetched, so that the group offers them to other
   * receivers at once, then leaves the group; each step bounded by {@link
   * KafkaSettings#CLOSE_STEP}. What could not be released (a record whose renewal was under way)
   * comes back when its lock ends.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    onClose.accept(this);
    if (consumer == null) {
      return;
    }
    try {
      for (Held h : held.values()) {
        if (h.inFlight) {
          consumer.acknowledge(h.record, AcknowledgeType.RELEASE);
        }
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
