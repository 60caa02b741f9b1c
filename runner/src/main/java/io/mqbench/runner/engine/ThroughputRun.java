package io.mqbench.runner.engine;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.runner.config.RunConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The closed-loop throughput method: S sender threads each send their messages (or send for a
 * duration) in batches of random size 1..B, each batch waiting for the backend's acknowledgement; R
 * receiver threads receive up to B at a time and acknowledge. Receivers stop when everything
 * acknowledged to senders has arrived, or once nothing arrived for the idle period after senders
 * finished.
 */
public final class ThroughputRun {
  private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final long POLL_MILLIS = 20;

  private final Mq mq;
  private final RunConfig config;
  private final int runId;
  private final long seed;
  private final Consumer<Tick> onTick;

  private final AtomicReference<RunFailure> failure = new AtomicReference<>();
  private volatile boolean stopSenders;
  private volatile boolean stopReceivers;

  /**
   * @param mq the open backend
   * @param config the run's settings
   * @param runId the run's id, written into every envelope
   * @param seed the seed of batch sizes and padding
   * @param onTick called on the run's own thread once per second with the counts so far
   */
  public ThroughputRun(Mq mq, RunConfig config, int runId, long seed, Consumer<Tick> onTick) {
    this.mq = mq;
    this.config = config;
    this.runId = runId;
    this.seed = seed;
    this.onTick = onTick;
  }

  /**
   * Runs to the end. Failures of senders and receivers stop the run and are reported in the
   * outcome, not thrown.
   *
   * @return what the run produced
   * @throws InterruptedException if the calling thread is interrupted; worker threads are stopped
   */
  public RunOutcome execute() throws InterruptedException {
    int s = config.senders();
    int r = config.receivers();
    SenderTask[] senders = new SenderTask[s];
    ReceiverTask[] receivers = new ReceiverTask[r];
    CountDownLatch ready = new CountDownLatch(s + r);
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch sendersDone = new CountDownLatch(s);
    List<Thread> receiverThreads = new ArrayList<>();
    List<Thread> senderThreads = new ArrayList<>();
    long[] start = new long[1];

    for (int i = 0; i < r; i++) {
      int id = i;
      receiverThreads.add(
          start(new Thread(() -> receive(id, receivers, ready, go), "mqbench-receiver-" + id)));
    }
    for (int i = 0; i < s; i++) {
      int id = i;
      senderThreads.add(
          start(
              new Thread(
                  () -> send(id, senders, ready, go, sendersDone, start), "mqbench-sender-" + id)));
    }
    List<Thread> all = new ArrayList<>(receiverThreads);
    all.addAll(senderThreads);
    boolean endedIdle = false;
    List<Tick> timeline = new ArrayList<>();
    try {
      if (!ready.await(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        fail(
            "setup",
            new io.mqbench.mq.MqException(
                "creating senders and receivers took longer than --connect-timeout "
                    + io.mqbench.config.Durations.format(config.connectTimeout())));
      }
      start[0] = System.nanoTime();
      go.countDown();
      endedIdle = coordinate(senders, receivers, sendersDone, start[0], timeline);
    } finally {
      stopSenders = true;
      stopReceivers = true;
      go.countDown();
      joinAll(all);
    }
    List<SenderTask> senderList = present(senders);
    List<ReceiverTask> receiverList = present(receivers);
    return new RunOutcome(
        runId,
        seed,
        start[0],
        senderList,
        receiverList,
        List.copyOf(timeline),
        DeliveryLedger.of(senderList, receiverList),
        Optional.ofNullable(failure.get()),
        endedIdle);
  }

  /** Watches the run; returns true if receivers were stopped by the idle rule. */
  private boolean coordinate(
      SenderTask[] senders,
      ReceiverTask[] receivers,
      CountDownLatch sendersDone,
      long start,
      List<Tick> timeline)
      throws InterruptedException {
    long nextTick = start + TICK_NANOS;
    long lastSent = 0;
    long lastReceived = 0;
    long receivedAtLastCheck = -1;
    long lastProgressNanos = 0;
    long observedReceived = -1;
    while (failure.get() == null) {
      Thread.sleep(POLL_MILLIS);
      long now = System.nanoTime();
      long sent = sent(senders);
      long received = received(receivers);
      while (now - nextTick >= 0) {
        Tick t =
            new Tick(timeline.size() + 1, sent, received, sent - lastSent, received - lastReceived);
        timeline.add(t);
        onTick.accept(t);
        lastSent = sent;
        lastReceived = received;
        nextTick += TICK_NANOS;
      }
      if (config.duration().isPresent() && now - start >= config.duration().get().toNanos()) {
        stopSenders = true;
      }
      if (sendersDone.getCount() > 0) {
        continue;
      }
      if (received != observedReceived) {
        observedReceived = received;
        lastProgressNanos = now;
      }
      // Cheap test first; the exact one (bitmaps) only when the counts say everything may be in.
      if (received >= sent && received != receivedAtLastCheck) {
        receivedAtLastCheck = received;
        if (DeliveryLedger.of(present(senders), present(receivers)).lost() == 0) {
          return false;
        }
      }
      if (now - lastProgressNanos >= config.receiverIdle().toNanos()) {
        return true;
      }
    }
    return false;
  }

  private void send(
      int id,
      SenderTask[] tasks,
      CountDownLatch ready,
      CountDownLatch go,
      CountDownLatch done,
      long[] start) {
    boolean counted = false;
    try (MqSender sender = mq.createSender()) {
      SenderTask task =
          new SenderTask(
              id,
              sender,
              new MessageBodies(config.messageSizeBytes(), runId, id, seed + id),
              BatchSizes.uniform(config.maxBatch(), seed ^ (0x9E3779B97F4A7C15L * (id + 1))));
      tasks[id] = task;
      ready.countDown();
      counted = true;
      go.await();
      long remaining = config.duration().isPresent() ? Long.MAX_VALUE : config.messagesPerSender();
      while (!stopSenders && remaining > 0) {
        remaining -= task.sendBatch(remaining);
      }
    } catch (Throwable t) {
      fail("sender " + id, t);
    } finally {
      if (!counted) {
        ready.countDown();
      }
      done.countDown();
    }
  }

  private void receive(int id, ReceiverTask[] tasks, CountDownLatch ready, CountDownLatch go) {
    boolean counted = false;
    try (MqReceiver receiver = mq.createReceiver()) {
      ReceiverTask task =
          new ReceiverTask(
              receiver, runId, config.senders(), config.maxBatch(), config.receiveWait());
      tasks[id] = task;
      ready.countDown();
      counted = true;
      go.await();
      while (!stopReceivers) {
        task.receiveOnce();
      }
    } catch (Throwable t) {
      fail("receiver " + id, t);
    } finally {
      if (!counted) {
        ready.countDown();
      }
    }
  }

  private void fail(String where, Throwable t) {
    if (t instanceof InterruptedException && (stopSenders || stopReceivers)) {
      return; // stopped on purpose
    }
    failure.compareAndSet(null, new RunFailure(where, t));
    stopSenders = true;
    stopReceivers = true;
  }

  private void joinAll(List<Thread> threads) throws InterruptedException {
    long deadline =
        System.nanoTime() + config.receiveWait().toNanos() + TimeUnit.SECONDS.toNanos(30);
    for (Thread t : threads) {
      long left = deadline - System.nanoTime();
      if (left > 0) {
        t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
    // Threads stuck in a backend call past the deadline are interrupted, then given a moment.
    for (Thread t : threads) {
      if (t.isAlive()) {
        t.interrupt();
        t.join(5_000);
      }
    }
  }

  private static Thread start(Thread t) {
    t.start();
    return t;
  }

  private static long sent(SenderTask[] tasks) {
    long total = 0;
    for (SenderTask t : tasks) {
      total += t == null ? 0 : t.sentCount();
    }
    return total;
  }

  private static long received(ReceiverTask[] tasks) {
    long total = 0;
    for (ReceiverTask t : tasks) {
      total += t == null ? 0 : t.receivedCount();
    }
    return total;
  }

  private static <T> List<T> present(T[] tasks) {
    return Arrays.stream(tasks).filter(java.util.Objects::nonNull).toList();
  }
}
