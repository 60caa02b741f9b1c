package io.mqbench.memory;

import io.mqbench.config.Durations;
import io.mqbench.mq.MqException;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The queue behind the memory backend. One lock guards everything; every operation takes it once
 * per batch, not per message, and copies bodies outside it.
 *
 * <p>Each delivery of a message gets a new delivery number; an acknowledgement counts only if it
 * carries the current one, so an acknowledgement that arrives after the lease ended is ignored, the
 * way an expired SQS receipt handle is.
 */
final class MemoryQueue {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition readyOrClosed = lock.newCondition();
  private final Condition roomOrClosed = lock.newCondition();
  private final ArrayDeque<Entry> ready = new ArrayDeque<>();

  /** Leases in the order they were granted, which is also deadline order. */
  private final ArrayDeque<Lease> leases = new ArrayDeque<>();

  private final long visibilityNanos;
  private final int maxDepth;
  private final long fullTimeoutNanos;
  private boolean closed;

  MemoryQueue(Duration visibilityTimeout, int maxDepth, Duration fullTimeout) {
    this.visibilityNanos = visibilityTimeout.toNanos();
    this.maxDepth = maxDepth;
    this.fullTimeoutNanos = fullTimeout.toNanos();
  }

  private static final class Entry {
    final byte[] body;
    int delivery;
    boolean acked;

    Entry(byte[] body) {
      this.body = body;
    }
  }

  /** The messages handed out by one {@code receive} call, leased until one deadline. */
  static final class Lease {
    final Entry[] entries;
    final int[] deliveries;
    final long deadlineNanos;
    int outstanding;

    Lease(int n, long deadlineNanos) {
      this.entries = new Entry[n];
      this.deliveries = new int[n];
      this.deadlineNanos = deadlineNanos;
      this.outstanding = n;
    }
  }

  record MemoryReceived(byte[] body, Lease lease, int index) implements Received {}

  void send(List<byte[]> batch) throws InterruptedException {
    if (batch.isEmpty()) {
      return;
    }
    Entry[] entries = new Entry[batch.size()];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = new Entry(batch.get(i).clone());
    }
    lock.lockInterruptibly();
    try {
      long left = fullTimeoutNanos;
      while (!closed && !ready.isEmpty() && ready.size() + entries.length > maxDepth) {
        if (left <= 0) {
          // Flow control, not a hang: with nothing receiving (a send-only run) the queue stays
          // full.
          throw new MqException(
              "memory queue full: "
                  + ready.size()
                  + " messages waited to be received for "
                  + Durations.format(Duration.ofNanos(fullTimeoutNanos))
                  + " (memory.maxDepth="
                  + maxDepth
                  + ", memory.fullTimeout); add receivers or raise memory.maxDepth");
        }
        left = roomOrClosed.awaitNanos(left);
      }
      ensureOpen();
      for (Entry e : entries) {
        ready.addLast(e);
      }
      readyOrClosed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  List<Received> receive(int max, Duration wait, ArrayDeque<Lease> receiverLeases)
      throws InterruptedException {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    Lease lease;
    lock.lockInterruptibly();
    try {
      long now = System.nanoTime();
      long giveUpAt = now + wait.toNanos();
      while (true) {
        ensureOpen();
        expireLeases(now);
        if (!ready.isEmpty()) {
          break;
        }
        long remaining = giveUpAt - now;
        if (remaining <= 0) {
          return List.of();
        }
        if (!leases.isEmpty()) {
          remaining = Math.min(remaining, Math.max(1, leases.peekFirst().deadlineNanos - now));
        }
        readyOrClosed.awaitNanos(remaining);
        now = System.nanoTime();
      }
      int n = Math.min(max, ready.size());
      lease = new Lease(n, now + visibilityNanos);
      for (int i = 0; i < n; i++) {
        Entry e = ready.pollFirst();
        e.delivery++;
        lease.entries[i] = e;
        lease.deliveries[i] = e.delivery;
      }
      leases.addLast(lease);
      while (!receiverLeases.isEmpty() && receiverLeases.peekFirst().outstanding == 0) {
        receiverLeases.pollFirst();
      }
      receiverLeases.addLast(lease);
      roomOrClosed.signalAll();
    } finally {
      lock.unlock();
    }
    List<Received> out = new ArrayList<>(lease.entries.length);
    for (int i = 0; i < lease.entries.length; i++) {
      out.add(new MemoryReceived(lease.entries[i].body.clone(), lease, i));
    }
    return out;
  }

  void ack(List<Received> messages) {
    if (messages.isEmpty()) {
      return;
    }
    lock.lock();
    try {
      ensureOpen();
      for (Received r : messages) {
        if (!(r instanceof MemoryReceived m)) {
          throw new IllegalArgumentException("not a message of the memory backend: " + r);
        }
        Entry e = m.lease.entries[m.index];
        if (!e.acked && e.delivery == m.lease.deliveries[m.index]) {
          e.acked = true;
          m.lease.outstanding--;
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /** Puts back every unacknowledged message of a closing receiver. */
  void release(ArrayDeque<Lease> receiverLeases) {
    lock.lock();
    try {
      for (Lease l : receiverLeases) {
        requeue(l);
      }
      receiverLeases.clear();
    } finally {
      lock.unlock();
    }
  }

  private void expireLeases(long now) {
    while (!leases.isEmpty()) {
      Lease l = leases.peekFirst();
      if (l.outstanding > 0 && l.deadlineNanos - now > 0) {
        return;
      }
      leases.pollFirst();
      requeue(l);
    }
  }

  private void requeue(Lease l) {
    if (l.outstanding == 0) {
      return;
    }
    for (int i = l.entries.length - 1; i >= 0; i--) {
      Entry e = l.entries[i];
      if (!e.acked && e.delivery == l.deliveries[i]) {
        e.delivery++; // the old lease's acknowledgements no longer count
        ready.addFirst(e);
      }
    }
    l.outstanding = 0;
    readyOrClosed.signalAll();
  }

  void close() {
    lock.lock();
    try {
      closed = true;
      ready.clear();
      leases.clear();
      readyOrClosed.signalAll();
      roomOrClosed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void ensureOpen() {
    if (closed) {
      throw new MqException("the memory queue is closed");
    }
  }
}
