package io.mqbench.engine.local;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.ProcessUsage;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * What a {@link LocalCell}'s sender and receiver threads share with the cell: the run's part and
 * queues, each thread's task and CPU meter, and the signals between the cell and its threads (go,
 * hold, stop, the first failure). The signals live as long as the cell, so that a stop asked for
 * before the threads exist still stops them; the rest is set once, when the cell is prepared.
 */
final class CellThreads {
  final LongSupplier clock;
  final CountDownLatch sendersGo = new CountDownLatch(1);
  final CountDownLatch receiversGo = new CountDownLatch(1);
  final AtomicReference<CellFailure> failure = new AtomicReference<>();
  final ErrorTally errors = new ErrorTally();
  final List<Thread> threads = new ArrayList<>();

  CellSpec spec;
  List<Mq> queues = List.of();
  List<byte[]> payloads;
  SenderTask[] senders = new SenderTask[0];
  ReceiverTask[] receivers = new ReceiverTask[0];
  Thread[] senderThreads = new Thread[0];
  Thread[] receiverThreads = new Thread[0];
  int[] receiverQueue = new int[0];
  int[] receiverSubscription = new int[0];
  HarnessMeter.ThreadCpu[] senderCpu = new HarnessMeter.ThreadCpu[0];
  HarnessMeter.ThreadCpu[] receiverCpu = new HarnessMeter.ThreadCpu[0];
  CountDownLatch sendersDone = new CountDownLatch(0);

  volatile ProcessUsage usageAtStart;

  /** The run's meter of the host, from the senders' start; a meter of this process before. */
  volatile HostMeter hostMeter = new HostMeter(Set.of());

  volatile long startNanos;
  volatile long receiversStartNanos;
  volatile boolean stopSenders;
  volatile boolean holdSenders;
  volatile boolean stopReceivers;

  CellThreads(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * Sizes the arrays for the cell's part: its senders, and its receivers once per subscription.
   * Each subscription has the cell's receivers, numbered alike: its receiver k reads queue k %
   * queues, so that every queue of every subscription is read.
   */
  void allocate(CellSpec spec, List<Mq> queues, List<byte[]> payloads) {
    this.spec = spec;
    this.queues = queues;
    this.payloads = payloads;
    RunSettings s = spec.settings();
    int receiverCount = spec.receivers() * s.subscriptions();
    senders = new SenderTask[spec.senders()];
    receivers = new ReceiverTask[receiverCount];
    receiverQueue = new int[receiverCount];
    receiverSubscription = new int[receiverCount];
    senderCpu = new HarnessMeter.ThreadCpu[spec.senders()];
    receiverCpu = new HarnessMeter.ThreadCpu[receiverCount];
    sendersDone = new CountDownLatch(spec.senders());
    senderThreads = new Thread[spec.senders()];
    receiverThreads = new Thread[receiverCount];
    for (int i = 0; i < receiverCount; i++) {
      receiverSubscription[i] = i / spec.receivers();
      receiverQueue[i] = s.queueOfReceiver(spec.firstReceiverId() + i % spec.receivers());
    }
  }

  RunSettings settings() {
    return spec.settings();
  }

  /** Records the cell's first failure and stops every thread. */
  void fail(String where, Throwable t) {
    if (t instanceof InterruptedException && (stopSenders || stopReceivers)) {
      return; // stopped on purpose
    }
    failure.compareAndSet(null, CellFailure.of(where, t));
    stopSenders = true;
    stopReceivers = true;
  }

  /** Waits on the cell's clock until {@code nanos}. */
  void parkUntil(long nanos) throws InterruptedException {
    long left;
    while ((left = nanos - clock.getAsLong()) > 0) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }

  /** Starts a thread of the cell and keeps it, to be joined at the end. */
  Thread start(Runnable body, String name) {
    Thread t = new Thread(body, name);
    t.start();
    threads.add(t);
    return t;
  }

  /**
   * Waits for every thread up to the timeout; threads stuck in a backend call past it are
   * interrupted, then given a moment.
   */
  void joinAll(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Thread t : threads) {
      long left = deadline - System.nanoTime();
      if (left > 0) {
        t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
    for (Thread t : threads) {
      if (t.isAlive()) {
        t.interrupt();
        t.join(5_000);
      }
    }
  }
}
