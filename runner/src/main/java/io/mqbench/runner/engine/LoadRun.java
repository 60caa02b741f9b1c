package io.mqbench.runner.engine;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.runner.config.Mode;
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
 * One run of S sender and R receiver threads against a backend.
 *
 * <p>Throughput mode (closed loop): each sender sends its messages (or sends for a duration) in
 * batches of random size 1..B, each batch waiting for the backend's acknowledgement. Rate mode
 * (open loop): each sender issues batches of B on a fixed schedule, its share of the total rate,
 * and every message carries its scheduled time; a sender that fell behind sends the overdue batches
 * at once, so a stall shows in the response times of every send it delayed.
 *
 * <p>Receivers receive up to B at a time and acknowledge. They stop when everything acknowledged to
 * senders has arrived, or once nothing arrived for the idle period after senders finished.
 */
public final class LoadRun {
  private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final long POLL_MILLIS = 20;

  private final Mq mq;
  private final RunConfig config;
  private final int runId;
  private final long seed;
  private final Consumer<Tick> onTick;

  private final AtomicReference<RunFailure> failure = new AtomicReference<>();
  private volatile boolean stopSenders;
  private volatile boolean interrupted;

  /** After an interrupt, receivers wait at most this long for messages still in flight. */
  static final long INTERRUPTED_IDLE_NANOS = TimeUnit.SECONDS.toNanos(2);

  private volatile boolean stopReceivers;

  /**
   * @param mq the open backend
   * @param config the run's settings
   * @param runId the run's id, written into every envelope
   * @param seed the seed of batch sizes and padding
   * @param onTick called on the run's own thread once per second with the counts so far
   */
  public LoadRun(Mq mq, RunConfig config, int runId, long seed, Consumer<Tick> onTick) {
    this.mq = mq;
    this.config = config;
    this.runId = runId;
    this.seed = seed;
    this.onTick = onTick;
  }

  /**
   * Asks a running run to stop early (Ctrl-C): senders stop, receivers take what is still in flight
   * (waiting at most two seconds for more), and the outcome says it was interrupted. Safe from any
   * thread.
   */
  public void requestStop() {
    interrupted = true;
    stopSenders = true;
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
        endedIdle,
        interrupted);
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
      if (config.duration().isPresent() && now - start >= sendingLimitNanos()) {
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
      long idle = config.receiverIdle().toNanos();
      if (now - lastProgressNanos
          >= (interrupted ? Math.min(idle, INTERRUPTED_IDLE_NANOS) : idle)) {
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
              config.mode() == Mode.RATE
                  ? BatchSizes.fixed(config.maxBatch())
                  : BatchSizes.uniform(config.maxBatch(), seed ^ (0x9E3779B97F4A7C15L * (id + 1))));
      tasks[id] = task;
      ready.countDown();
      counted = true;
      go.await();
      if (config.mode() == Mode.RATE) {
        sendOnSchedule(task, id, start[0]);
      } else {
        long remaining = config.messagesPerSender();
        while (!stopSenders && remaining > 0) {
          remaining -= task.sendBatch(remaining);
        }
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

  /**
   * Issues this sender's batches at its share of the rate, senders offset from each other by a
   * fraction of the period so their sends interleave rather than bunch.
   */
  private void sendOnSchedule(SenderTask task, int id, long start) throws InterruptedException {
    double batchesPerSecond = config.rate().orElseThrow() / config.senders() / config.maxBatch();
    long offset = (long) (1e9 / batchesPerSecond * id / config.senders());
    RateSchedule schedule =
        new RateSchedule(
            start + offset,
            batchesPerSecond,
            System::nanoTime,
            RateSchedule.parking(System::nanoTime));
    long end = start + config.duration().orElseThrow().toNanos();
    long remaining = config.messagesPerSender();
    for (long i = 0; !stopSenders && remaining > 0; i++) {
      long due = schedule.intendedNanos(i);
      if (due - end >= 0) {
        return;
      }
      schedule.awaitSlot(i);
      remaining -= task.sendBatchAt(remaining, due);
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

  /**
   * How long senders may send. In rate mode, senders that fell behind may finish the batches
   * scheduled before the end, for up to the duration again; what they could not send by then is
   * reported as unsent, never silently dropped from the latency record.
   */
  private long sendingLimitNanos() {
    long d = config.duration().orElseThrow().toNanos();
    return config.mode() == Mode.RATE ? 2 * d : d;
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
