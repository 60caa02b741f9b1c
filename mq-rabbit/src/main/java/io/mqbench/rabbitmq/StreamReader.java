package io.mqbench.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.ConsumerFlowStrategy;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageHandler;
import com.rabbitmq.stream.OffsetSpecification;
import io.mqbench.mq.MqException;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one reader of a stream in this process, and the dispatcher that shares what it reads among
 * the process's receivers as a queue would: the stream-to-queue mapping of the {@code
 * rabbitmq-stream} backend.
 *
 * <ul>
 *   <li><b>One reader per stream and consumer name, across processes.</b> Before it subscribes, the
 *       reader declares an exclusive AMQP queue on the same broker ({@link
 *       StreamSettings#lockQueue}): the broker lets one connection hold it and drops it when that
 *       connection ends (a crash included). A second process reading the same stream is refused in
 *       one line.
 *   <li><b>Reading.</b> A named consumer with manual offset tracking reads from the offset after
 *       the one stored under that name (the whole stream when none is stored). Credits follow what
 *       receivers take: a new chunk is asked for once half of a chunk's messages were handed out,
 *       so at most {@code rabbitmq-stream.credits} chunks wait in memory unread.
 *   <li><b>Leases.</b> {@link #take} hands a message to one receiver only. It comes back to the
 *       others when that receiver closes, or when {@code rabbitmq-stream.leaseTimeout} passes
 *       without its ack.
 *   <li><b>Acks.</b> An ack marks exactly the given messages. The offset stored on the broker is
 *       the end of the contiguous acknowledged prefix: it advances only over acknowledged messages,
 *       at most every {@value #STORE_EVERY_MILLIS} ms and at close. A process that dies leaves its
 *       unacknowledged tail (and acknowledged messages after its first gap) to the next reader,
 *       which reads them again: at least once, never lost.
 * </ul>
 *
 * <p>Thread-safe: one lock guards the dispatcher; the client's thread adds messages, receivers'
 * threads take and acknowledge them.
 */
final class StreamReader {
  /** How often, at most, the acknowledged prefix is stored while acks keep coming. */
  static final long STORE_EVERY_MILLIS = 200;

  /** {@link #earliestExpiry} when no message is leased. */
  private static final long NO_LEASE = Long.MAX_VALUE;

  /** Longest sleep of a waiting receiver between checks for expired leases. */
  private static final long LEASE_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private final StreamSettings settings;
  private final long leaseNanos;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition arrived = lock.newCondition();
  private final ArrayDeque<Entry> ready = new ArrayDeque<>();
  private final ArrayDeque<Entry> unacked = new ArrayDeque<>();
  private final List<StreamReceiver> receivers = new ArrayList<>();
  private long ackedUpTo = -1;
  private long storedUpTo = -1;
  private long lastStore = System.nanoTime();
  private long earliestExpiry = NO_LEASE; // the first lease to end, as far as known
  private String failure;
  private boolean closed;
  private Connection lockConnection;
  private Consumer consumer;

  /** One message read from the stream, until it is acknowledged. */
  static final class Entry {
    final long offset;
    final byte[] body;
    final MessageHandler.Context context;
    boolean credited;
    boolean acked;
    StreamReceiver holder;
    long leaseEnds;

    Entry(long offset, byte[] body, MessageHandler.Context context) {
      this.offset = offset;
      this.body = body;
      this.context = context;
    }
  }

  /** A message as a receiver hands it out. */
  record Delivery(StreamReader reader, Entry entry, byte[] body) implements Received {}

  private StreamReader(StreamSettings settings) {
    this.settings = settings;
    this.leaseNanos = settings.leaseTimeout().toNanos();
  }

  /**
   * Takes the lock and subscribes.
   *
   * @param settings the backend's settings
   * @param environment the client's environment
   * @return the running reader
   * @throws MqException if another process reads the stream, or the broker cannot be reached
   */
  static StreamReader start(StreamSettings settings, Environment environment) {
    StreamReader reader = new StreamReader(settings);
    reader.lockConnection = StreamReaderLock.take(settings);
    try {
      reader.consumer =
          environment.consumerBuilder().stream(settings.stream())
              .name(settings.consumerName())
              // Where a consumer with no stored offset starts; with one, after it.
              .offset(OffsetSpecification.first())
              .manualTrackingStrategy()
              .builder()
              .flow()
              .strategy(ConsumerFlowStrategy.creditWhenHalfMessagesProcessed(settings.credits()))
              .builder()
              .messageHandler(reader::arrive)
              .build();
    } catch (RuntimeException e) {
      RabbitMq.closeQuietly(reader.lockConnection);
      throw StreamFailures.operation("cannot read stream '" + settings.stream() + "'", e, settings);
    }
    return reader;
  }

  /** Called by the client for every message, in offset order. */
  private void arrive(MessageHandler.Context context, Message message) {
    Entry e = new Entry(context.offset(), message.getBodyAsBinary(), context);
    lock.lock();
    try {
      if (closed) {
        return;
      }
      ready.addLast(e);
      unacked.addLast(e);
      arrived.signal();
    } finally {
      lock.unlock();
    }
  }

  /**
   * @param receiver a new receiver of this process
   */
  void register(StreamReceiver receiver) {
    lock.lock();
    try {
      check();
      receivers.add(receiver);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Leases up to {@code max} messages to {@code receiver}, waiting up to {@code wait} for one.
   *
   * @return the messages, possibly none
   * @throws MqException if the reader failed or closed
   * @throws InterruptedException if interrupted while waiting
   */
  List<Received> take(StreamReceiver receiver, int max, Duration wait) throws InterruptedException {
    List<Received> out = new ArrayList<>(Math.min(max, 1024));
    List<Entry> toCredit = null;
    long deadline = System.nanoTime() + wait.toNanos();
    lock.lockInterruptibly();
    try {
      while (true) {
        check();
        long now = System.nanoTime();
        expireLeases(now);
        storeIfDue(now);
        while (out.size() < max && !ready.isEmpty()) {
          Entry e = ready.pollFirst();
          if (e.acked) {
            continue; // acknowledged by a receiver whose lease had ended
          }
          e.holder = receiver;
          e.leaseEnds = now + leaseNanos;
          if (earliestExpiry == NO_LEASE || e.leaseEnds - earliestExpiry < 0) {
            earliestExpiry = e.leaseEnds;
          }
          receiver.leased.addLast(e);
          if (!e.credited) {
            e.credited = true;
            if (toCredit == null) {
              toCredit = new ArrayList<>();
            }
            toCredit.add(e);
          }
          out.add(new Delivery(this, e, e.body));
        }
        long left = deadline - now;
        if (!out.isEmpty() || left <= 0) {
          break;
        }
        arrived.awaitNanos(Math.min(left, LEASE_CHECK_NANOS));
      }
    } finally {
      lock.unlock();
    }
    if (toCredit != null) {
      // Handed out: the flow strategy counts it towards the next chunk's credit.
      for (Entry e : toCredit) {
        e.context.processed();
      }
    }
    return out;
  }

  /**
   * Acknowledges exactly these messages.
   *
   * @throws MqException if one of them was not received from this reader
   */
  void ack(List<Received> messages) {
    lock.lock();
    try {
      for (Received r : messages) {
        if (!(r instanceof Delivery d) || d.reader() != this) {
          throw new MqException(
              StreamSettings.NAME + ": ack of a message this receiver did not receive");
        }
        Entry e = d.entry();
        if (!e.acked) {
          e.acked = true;
          StreamReceiver holder = e.holder;
          if (holder != null) {
            e.holder = null;
            dropSettledFront(holder);
          }
        }
      }
      while (!unacked.isEmpty() && unacked.peekFirst().acked) {
        // Never backwards, should the client ever deliver an offset again after a recovery.
        ackedUpTo = Math.max(ackedUpTo, unacked.pollFirst().offset);
      }
      if (!closed) {
        storeIfDue(System.nanoTime());
      }
    } finally {
      lock.unlock();
    }
  }

  /** Gives back what {@code receiver} holds and did not acknowledge, first in line. */
  void release(StreamReceiver receiver) {
    lock.lock();
    try {
      giveBack(receiver);
      receivers.remove(receiver);
      arrived.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void giveBack(StreamReceiver receiver) {
    Iterator<Entry> newestFirst = receiver.leased.descendingIterator();
    while (newestFirst.hasNext()) {
      Entry e = newestFirst.next();
      if (e.holder == receiver) {
        e.holder = null;
        ready.addFirst(e);
      }
    }
    receiver.leased.clear();
  }

  /**
   * Drops from the front of a receiver's leases those it no longer holds, so that a receiver
   * acknowledging in order keeps only what it holds; under lock.
   */
  private static void dropSettledFront(StreamReceiver receiver) {
    while (!receiver.leased.isEmpty() && receiver.leased.peekFirst().holder != receiver) {
      receiver.leased.pollFirst();
    }
  }

  /** Re-offers every message whose lease ran out; guarded by the lock. */
  private void expireLeases(long now) {
    if (earliestExpiry == NO_LEASE || now - earliestExpiry < 0) {
      return;
    }
    long earliest = NO_LEASE;
    boolean any = false;
    for (StreamReceiver r : receivers) {
      Iterator<Entry> it = r.leased.iterator();
      List<Entry> expired = null;
      while (it.hasNext()) {
        Entry e = it.next();
        if (e.holder != r) {
          it.remove(); // acknowledged since
          continue;
        }
        if (now - e.leaseEnds < 0) {
          if (earliest == NO_LEASE || e.leaseEnds - earliest < 0) {
            earliest = e.leaseEnds; // a receiver's leases are in the order they began
          }
          break;
        }
        it.remove();
        e.holder = null;
        if (expired == null) {
          expired = new ArrayList<>();
        }
        expired.add(e);
      }
      if (expired != null) {
        any = true;
        for (int i = expired.size() - 1; i >= 0; i--) {
          ready.addFirst(expired.get(i));
        }
      }
    }
    earliestExpiry = earliest;
    if (any) {
      arrived.signalAll();
    }
  }

  /** Stores the acknowledged prefix if it moved and the last store is old enough; under lock. */
  private void storeIfDue(long now) {
    if (ackedUpTo > storedUpTo
        && now - lastStore >= TimeUnit.MILLISECONDS.toNanos(STORE_EVERY_MILLIS)) {
      store();
    }
  }

  private void store() {
    try {
      consumer.store(ackedUpTo);
      storedUpTo = ackedUpTo;
      lastStore = System.nanoTime();
    } catch (RuntimeException e) {
      // The next store carries a higher offset; a lost one costs duplicates after a restart.
    }
  }

  private void check() {
    if (failure != null) {
      throw new MqException(failure);
    }
    if (closed) {
      throw new MqException(StreamSettings.NAME + ": this Mq is closed");
    }
  }

  /**
   * @return the offset the broker was last asked to store, -1 for none
   */
  long storedOffset() {
    lock.lock();
    try {
      return storedUpTo;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Stores the acknowledged prefix, unsubscribes and gives up the lock. Receivers still open fail
   * on their next call. Idempotent.
   */
  void close() {
    lock.lock();
    try {
      if (closed) {
        return;
      }
      if (ackedUpTo > storedUpTo) {
        store();
      }
      closed = true;
      ready.clear();
      unacked.clear();
      for (StreamReceiver r : receivers) {
        r.leased.clear();
      }
      arrived.signalAll();
    } finally {
      lock.unlock();
    }
    try {
      consumer.close();
    } catch (RuntimeException e) {
      // best effort: the broker drops the subscription with the connection
    }
    RabbitMq.closeQuietly(lockConnection);
  }
}
