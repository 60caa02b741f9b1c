package io.mqbench.engine.local;

import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.Cell;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.PayloadFile;
import io.mqbench.engine.RunQueues;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.ProcessUsage;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.RequestCounts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * A cell in this process: one thread per sender and per receiver, against a backend opened here.
 *
 * <p>Throughput mode (closed loop): each sender sends its messages (or sends until stopped) in
 * batches of random size 1..B, keeping up to the window of batches in flight. Rate mode (open
 * loop): each sender issues batches of B on a fixed schedule, its share of the run's rate, offset
 * from the other senders of the run by its global id; a full window makes it wait, and every
 * message carries its scheduled time, so a stall shows in the response time of every send it
 * delayed.
 *
 * <p>Every instant of the run (schedule, intended send times, completions, receipts) is read on the
 * cell's clock: {@link System#nanoTime()}, except in tests that make a worker's clock drift.
 */
public final class LocalCell implements Cell {
  /**
   * The clock of this process, which cells and their tasks run on outside tests; one instance, so
   * that the clock calls on the hot path see one class and are inlined.
   */
  public static final LongSupplier SYSTEM_CLOCK = System::nanoTime;

  /** How often a held sender looks whether it was released: well under the coordinator's poll. */
  private static final long HOLD_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final Function<CellSpec, Opened> opener;
  private final String where;
  private final LongSupplier clock;

  private CellSpec spec;
  private List<Mq> queues = List.of();
  private final List<Thread> threads = new ArrayList<>();
  private SenderTask[] senders = new SenderTask[0];
  private List<byte[]> payloads;
  private ReceiverTask[] receivers = new ReceiverTask[0];
  private Thread[] senderThreads = new Thread[0];
  private Thread[] receiverThreads = new Thread[0];
  private int[] receiverQueue = new int[0];
  private int[] receiverSubscription = new int[0];
  private HarnessMeter.ThreadCpu[] senderCpu = new HarnessMeter.ThreadCpu[0];
  private HarnessMeter.ThreadCpu[] receiverCpu = new HarnessMeter.ThreadCpu[0];
  private volatile ProcessUsage usageAtStart;
  private volatile java.util.Set<Long> brokerPeers = java.util.Set.of();
  private final CountDownLatch sendersGo = new CountDownLatch(1);
  private final CountDownLatch receiversGo = new CountDownLatch(1);
  private CountDownLatch sendersDone = new CountDownLatch(0);
  private final AtomicReference<CellFailure> failure = new AtomicReference<>();
  private final ErrorTally errors = new ErrorTally();
  private volatile long startNanos;
  private volatile long receiversStartNanos;
  private volatile boolean stopSenders;
  private volatile boolean holdSenders;
  private volatile boolean stopReceivers;
  private boolean closed;

  /**
   * An opened backend and where it is.
   *
   * @param queues the run's queues ({@code --queues}), open, each with the run's subscriptions
   * @param target where it connected, for results
   */
  public record Opened(List<Mq> queues, String target) {
    /** Copies the list, which must not be empty. */
    public Opened {
      queues = List.copyOf(queues);
      if (queues.isEmpty()) {
        throw new IllegalArgumentException("no queue opened");
      }
    }

    /**
     * @param mq the run's one queue, open
     * @param target where it connected, for results
     */
    public Opened(Mq mq, String target) {
      this(List.of(mq), target);
    }
  }

  /**
   * @param opener opens the backend a spec names; called once, from {@link #prepare}
   * @param where where the opener connects, for the message when it takes too long
   */
  public LocalCell(Function<CellSpec, Opened> opener, String where) {
    this(opener, where, SYSTEM_CLOCK);
  }

  /**
   * A cell on a clock of its own: for tests of a worker whose clock drifts, where the worker's
   * cells must run on the clock it reports.
   *
   * @param opener opens the backend a spec names; called once, from {@link #prepare}
   * @param where where the opener connects, for the message when it takes too long
   * @param clock the clock every instant of the run is read on, in nanoseconds; {@link
   *     #SYSTEM_CLOCK} outside tests; instants given to this cell are readings of it
   */
  public LocalCell(Function<CellSpec, Opened> opener, String where, LongSupplier clock) {
    this.opener = opener;
    this.where = where;
    this.clock = clock;
  }

  /**
   * @param opener opens the backend a spec names; called once, from {@link #prepare}
   */
  public LocalCell(Function<CellSpec, Opened> opener) {
    this(opener, null);
  }

  /**
   * @param provider the backend
   * @param config its validated configuration, broker address resolved
   * @return a cell that opens the backend with that configuration: each of the run's queues, with
   *     the run's subscriptions
   */
  public static LocalCell of(MqProvider provider, MqConfig config) {
    return new LocalCell(spec -> open(provider, config, spec.settings()), provider.target(config));
  }

  private static Opened open(MqProvider provider, MqConfig config, RunSettings settings) {
    List<Mq> opened = new ArrayList<>();
    try {
      for (MqConfig queue : RunQueues.configs(provider, config, settings.queues())) {
        opened.add(provider.open(queue, settings.subscriptions()));
      }
    } catch (RuntimeException e) {
      opened.forEach(Mq::close);
      throw e;
    }
    return new Opened(opened, provider.target(config));
  }

  @Override
  public CellReady prepare(CellSpec spec) throws InterruptedException {
    this.spec = spec;
    RunSettings s = spec.settings();
    long deadline = System.nanoTime() + s.connectTimeout().toNanos();
    try {
      // Once per cell, before any sender starts: every sender cycles through the same records.
      payloads = s.payloadFile().map(PayloadFile::load).orElse(null);
    } catch (RuntimeException e) {
      throw new MqException(e.getMessage(), e);
    }
    Opened opened = open(spec, s.connectTimeout());
    queues = opened.queues();
    Map<String, String> versions = versions(queues.get(0));
    int receiverThreads = spec.receivers() * s.subscriptions();
    senders = new SenderTask[spec.senders()];
    receivers = new ReceiverTask[receiverThreads];
    receiverQueue = new int[receiverThreads];
    receiverSubscription = new int[receiverThreads];
    senderCpu = new HarnessMeter.ThreadCpu[spec.senders()];
    receiverCpu = new HarnessMeter.ThreadCpu[receiverThreads];
    sendersDone = new CountDownLatch(spec.senders());
    this.senderThreads = new Thread[spec.senders()];
    this.receiverThreads = new Thread[receiverThreads];
    CountDownLatch ready = new CountDownLatch(spec.senders() + receiverThreads);
    for (int i = 0; i < receiverThreads; i++) {
      int index = i;
      // Each subscription has the cell's receivers, numbered alike: its receiver k reads queue
      // k % queues, so that every queue of every subscription is read.
      receiverSubscription[i] = i / spec.receivers();
      receiverQueue[i] = s.queueOfReceiver(spec.firstReceiverId() + i % spec.receivers());
      this.receiverThreads[i] =
          start(new Thread(() -> receive(index, ready), "mqbench-receiver-" + threads.size()));
      threads.add(this.receiverThreads[i]);
    }
    for (int i = 0; i < spec.senders(); i++) {
      int index = i;
      senderThreads[i] =
          start(
              new Thread(() -> send(index, ready), "mqbench-sender-" + (spec.firstSenderId() + i)));
      threads.add(senderThreads[i]);
    }
    boolean allReady = ready.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    CellFailure failed = failure.get();
    if (failed != null || !allReady) {
      String why =
          failed != null
              ? failed.line()
              : "creating senders and receivers took longer than --connect-timeout "
                  + Durations.format(s.connectTimeout());
      close();
      throw new MqException(why);
    }
    return new CellReady(opened.target(), versions);
  }

  private Opened open(CellSpec spec, Duration timeout) throws InterruptedException {
    ExecutorService opening =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "mqbench-open");
              t.setDaemon(true);
              return t;
            });
    try {
      Future<Opened> future = opening.submit(() -> opener.apply(spec));
      try {
        return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        future.cancel(true);
        throw new MqException(
            "could not open queue "
                + spec.queue()
                + (where == null ? "" : " at " + where)
                + " within "
                + Durations.format(timeout)
                + " (--connect-timeout)");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new MqException(
            "could not open queue " + spec.queue() + ": " + e.getCause(), e.getCause());
      }
    } finally {
      opening.shutdownNow();
    }
  }

  private static Map<String, String> versions(Mq mq) {
    try {
      return mq.versions();
    } catch (RuntimeException e) {
      return Map.of("versions", "unavailable: " + e.getMessage());
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>The run's start is also the origin of the run clock, which every sender and receiver gets
   * here, before any is released (receivers started later read envelopes against it too).
   */
  @Override
  public synchronized void startSenders(long atNanos) {
    // Connected by now: the broker's processes on this host are the run's, not other work.
    brokerPeers = BrokerPeers.find();
    usageAtStart = HarnessMeter.read(clock.getAsLong(), brokerPeers);
    startNanos = atNanos;
    runOriginAt(atNanos);
    sendersGo.countDown();
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here {@code atNanos} is a reading of this cell's clock (a worker translated it). Each task
   * reads its origin once per batch, so a batch in progress keeps the origin it started with.
   */
  @Override
  public synchronized void moveRunOrigin(long atNanos) {
    runOriginAt(atNanos);
  }

  /**
   * Tasks exist once {@link #prepare} returned: each thread created its own before it was ready.
   */
  private void runOriginAt(long atNanos) {
    for (SenderTask s : senders) {
      if (s != null) {
        s.runStartsAt(atNanos);
      }
    }
    for (ReceiverTask r : receivers) {
      if (r != null) {
        r.runStartsAt(atNanos);
      }
    }
  }

  @Override
  public void startReceivers(long atNanos) {
    receiversStartNanos = atNanos;
    receiversGo.countDown();
  }

  /**
   * Kills one receiver as a crash would (a fault, {@code kill-receiver}): the batch it receives
   * next is counted and never acknowledged, its thread ends and closes the backend's receiver
   * without acknowledging; the other receivers go on, and the queue must deliver what it held to
   * them. Waits until the thread has ended.
   *
   * @param index which of this cell's receiver threads, from 0
   * @param timeout how long to wait for its thread to end
   * @return how many messages it held unacknowledged when it ended
   * @throws IllegalStateException before {@link #prepare}, for an index out of range, or for a
   *     receiver already killed or ended
   * @throws MqException if its thread did not end in time (stuck in a backend call)
   * @throws InterruptedException if interrupted while waiting
   */
  public int killReceiver(int index, Duration timeout) throws InterruptedException {
    if (index < 0 || index >= receivers.length || receivers[index] == null) {
      throw new IllegalStateException(
          "no receiver " + (index + 1) + " here (" + receivers.length + " receivers)");
    }
    ReceiverTask task = receivers[index];
    Thread thread = receiverThreads[index];
    if (task.abandoned() || !thread.isAlive()) {
      throw new IllegalStateException("receiver " + (index + 1) + " has already ended");
    }
    task.abandon();
    thread.join(Math.max(1, timeout.toMillis()));
    if (thread.isAlive()) {
      throw new MqException(
          "receiver "
              + (index + 1)
              + " did not end within "
              + Durations.format(timeout)
              + " of being killed (stuck in a receive or close)");
    }
    return task.leftUnacknowledged();
  }

  /**
   * Kills every sender and receiver of this cell still running at once, as {@link #killReceiver}
   * and {@link #killSender} kill one: for a worker that a fault halts, so that what the cell
   * measured up to its death ({@link #checkpoint()} after this) is exact. Waits until every thread
   * has ended.
   *
   * @param timeout how long to wait for the threads to end
   * @return how many messages its receivers held unacknowledged when they ended
   * @throws MqException if a thread did not end in time
   * @throws InterruptedException if interrupted while waiting
   */
  public int killAll(Duration timeout) throws InterruptedException {
    List<Thread> dying = new ArrayList<>();
    for (int i = 0; i < receivers.length; i++) {
      if (receivers[i] != null && receiverThreads[i] != null && receiverThreads[i].isAlive()) {
        receivers[i].abandon();
        dying.add(receiverThreads[i]);
      }
    }
    for (int i = 0; i < senders.length; i++) {
      if (senders[i] != null && senderThreads[i] != null && senderThreads[i].isAlive()) {
        senders[i].abandon();
        dying.add(senderThreads[i]);
      }
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Thread t : dying) {
      t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      if (t.isAlive()) {
        throw new MqException(
            t.getName() + " did not end within " + Durations.format(timeout) + " of being killed");
      }
    }
    int held = 0;
    for (ReceiverTask r : receivers) {
      held += r == null ? 0 : r.leftUnacknowledged();
    }
    return held;
  }

  /**
   * Kills one sender as a crash would (a fault, {@code kill-sender}): it issues nothing more, its
   * batches in flight are never waited for (those that complete are not counted as sent), its
   * thread ends and closes the backend's sender; the other senders go on. Waits until the thread
   * has ended.
   *
   * @param index which of this cell's sender threads, from 0
   * @param timeout how long to wait for its thread to end
   * @return how many batches it had in flight when it ended
   * @throws IllegalStateException before {@link #prepare}, for an index out of range, or for a
   *     sender already killed or ended
   * @throws MqException if its thread did not end in time (stuck in a send or close)
   * @throws InterruptedException if interrupted while waiting
   */
  public int killSender(int index, Duration timeout) throws InterruptedException {
    if (index < 0 || index >= senders.length || senders[index] == null) {
      throw new IllegalStateException(
          "no sender " + (index + 1) + " here (" + senders.length + " senders)");
    }
    SenderTask task = senders[index];
    Thread thread = senderThreads[index];
    if (task.abandoned() || !thread.isAlive()) {
      throw new IllegalStateException("sender " + (index + 1) + " has already ended");
    }
    int inFlight = task.inFlight();
    task.abandon();
    thread.join(Math.max(1, timeout.toMillis()));
    if (thread.isAlive()) {
      throw new MqException(
          "sender "
              + (index + 1)
              + " did not end within "
              + Durations.format(timeout)
              + " of being killed (stuck in a send or close)");
    }
    return inFlight;
  }

  @Override
  public CellProgress poll() {
    long sent = 0;
    for (SenderTask t : senders) {
      sent += t == null ? 0 : t.sentCount();
    }
    long received = 0;
    for (ReceiverTask t : receivers) {
      received += t == null ? 0 : t.receivedCount();
    }
    return new CellProgress(
        sent, received, (int) sendersDone.getCount(), Optional.ofNullable(failure.get()));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Exact once every sender has finished (a sender's bitmap belongs to its thread until then);
   * senders still running are left out.
   */
  @Override
  public DeliveryBitmaps delivery() {
    Map<Integer, Roaring64NavigableMap> acknowledged = new HashMap<>();
    Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
    boolean sendersFinished = sendersDone.getCount() == 0;
    for (SenderTask s : senders) {
      if (s != null && sendersFinished) {
        Roaring64NavigableMap copy = new Roaring64NavigableMap();
        copy.or(s.acknowledged());
        acknowledged.put(s.senderId(), copy);
      }
    }
    for (int id = 0; id < spec.settings().senders(); id++) {
      for (int i = 0; i < receivers.length; i++) {
        if (receivers[i] != null) {
          Roaring64NavigableMap bits =
              seen.computeIfAbsent(
                  DeliveryBitmaps.seenKey(receiverSubscription[i], id),
                  k -> new Roaring64NavigableMap());
          receivers[i].addSeen(id, bits);
        }
      }
    }
    seen.values().removeIf(Roaring64NavigableMap::isEmpty);
    return new DeliveryBitmaps(acknowledged, seen, spec.settings().subscriptions());
  }

  @Override
  public void holdSenders(boolean hold) {
    holdSenders = hold;
  }

  @Override
  public void stopSenders() {
    stopSenders = true;
    sendersGo.countDown();
  }

  @Override
  public void stopReceivers() {
    stopReceivers = true;
    receiversGo.countDown();
  }

  @Override
  public CellMeasurements finish(Duration timeout) throws InterruptedException {
    joinAll(timeout);
    return checkpoint();
  }

  /**
   * What this cell measured so far, as a report: while it runs, each sender's and receiver's part
   * is of one instant (its counts, histograms and bitmaps agree), taken one after the other; after
   * {@link #finish}, the final report. A worker reports it while the run goes on, so that the
   * coordinator keeps what a worker measured up to its last report if the worker dies.
   *
   * @return the report so far
   */
  public CellMeasurements checkpoint() {
    long start = startNanos;
    Histogram service = Latencies.newHistogram();
    Histogram response = Latencies.newHistogram();
    Histogram lag = Latencies.newHistogram();
    Histogram harnessLag = Latencies.newHistogram();
    Histogram endToEnd = Latencies.newHistogram();
    Map<Integer, Roaring64NavigableMap> acknowledged = new HashMap<>();
    List<SenderStats> senderStats = new ArrayList<>();
    for (int i = 0; i < senders.length; i++) {
      SenderTask task = senders[i];
      if (task == null) {
        continue;
      }
      SenderTask.Snapshot s = task.snapshot();
      service.add(s.serviceMicros());
      response.add(s.responseMicros());
      lag.add(s.scheduleLagMicros());
      harnessLag.add(s.harnessLagMicros());
      acknowledged.put(s.senderId(), s.acknowledged());
      senderStats.add(
          new SenderStats(
              s.senderId(),
              s.sent(),
              s.batches(),
              since(start, s.lastAckNanos()),
              cpuNanos(senderCpu, i),
              s.sentBytes(),
              s.minMessageBytes(),
              s.maxMessageBytes(),
              cpuWaitNanos(senderCpu, i)));
    }
    Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
    List<ReceiverStats> receiverStats = new ArrayList<>();
    long negativeEndToEnd = 0;
    for (int i = 0; i < receivers.length; i++) {
      ReceiverTask task = receivers[i];
      if (task == null) {
        continue;
      }
      ReceiverTask.Snapshot r = task.snapshot();
      endToEnd.add(r.endToEndMicros());
      negativeEndToEnd += r.negativeEndToEnd();
      Roaring64NavigableMap[] bySender = r.seenBySender();
      for (int id = 0; id < bySender.length; id++) {
        if (!bySender[id].isEmpty()) {
          seen.computeIfAbsent(
                  DeliveryBitmaps.seenKey(receiverSubscription[i], id),
                  k -> new Roaring64NavigableMap())
              .or(bySender[id]);
        }
      }
      receiverStats.add(
          new ReceiverStats(
              r.received(),
              r.foreign(),
              since(start, r.firstReceiveNanos()),
              since(start, r.lastReceiveNanos()),
              cpuNanos(receiverCpu, i),
              receiverQueue[i],
              receiverSubscription[i],
              cpuWaitNanos(receiverCpu, i),
              r.receiveOnlyDuplicates()));
    }
    return CellMeasurementsBuilder.builder(CellMeasurements.empty())
        .senders(senderStats)
        .receivers(receiverStats)
        .serviceMicros(EncodedHistogram.of(service))
        .responseMicros(EncodedHistogram.of(response))
        .scheduleLagMicros(EncodedHistogram.of(lag))
        .harnessLagMicros(EncodedHistogram.of(harnessLag))
        .endToEndMicros(EncodedHistogram.of(endToEnd))
        .delivery(new DeliveryBitmaps(acknowledged, seen, spec.settings().subscriptions()))
        .failure(Optional.ofNullable(failure.get()))
        .requests(requests(queues))
        .negativeEndToEnd(negativeEndToEnd)
        .clockUncertaintiesNanos(List.of())
        .clockDriftNanos(0)
        .processUsage(processUsage())
        .clientErrors(errors.read())
        .build();
  }

  private static long cpuNanos(HarnessMeter.ThreadCpu[] cpu, int index) {
    HarnessMeter.ThreadCpu c = cpu[index];
    return c == null ? 0 : c.usedNanos();
  }

  private static Long cpuWaitNanos(HarnessMeter.ThreadCpu[] cpu, int index) {
    HarnessMeter.ThreadCpu c = cpu[index];
    return c == null ? null : c.waitedNanos();
  }

  /** This process's usage since the run started; none before it did. */
  private ProcessUsage processUsage() {
    ProcessUsage atStart = usageAtStart;
    if (atStart == null) {
      return ProcessUsage.NONE;
    }
    ProcessUsage used = HarnessMeter.read(clock.getAsLong(), brokerPeers).since(atStart);
    // A thread that ended is gone from /proc: its wait for a CPU, which it read itself at its
    // end, is added back (a thread still running is in the reading).
    long ended = endedWaits(senderCpu) + endedWaits(receiverCpu);
    return ended == 0 ? used : used.withHost(used.host().plusRunWait(ended));
  }

  private static long endedWaits(HarnessMeter.ThreadCpu[] threads) {
    long sum = 0;
    for (HarnessMeter.ThreadCpu t : threads) {
      Long waited = t == null ? null : t.waitedNanos();
      sum += waited == null ? 0 : waited;
    }
    return sum;
  }

  /** Read after every thread ended, the counts cover the whole run; before, what was counted. */
  private static RequestCounts requests(List<Mq> queues) {
    RequestCounts sum = RequestCounts.NONE;
    for (Mq mq : queues) {
      try {
        sum = sum.plus(mq.requests());
      } catch (RuntimeException e) {
        // counts are an extra; a backend failing here fails nothing else
      }
    }
    return sum;
  }

  private static long since(long start, long nanos) {
    return nanos == 0 ? 0 : Math.max(1, nanos - start);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    stopSenders();
    stopReceivers();
    try {
      joinAll(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    queues.forEach(Mq::close);
  }

  private void send(int index, CountDownLatch ready) {
    RunSettings s = spec.settings();
    int id = spec.firstSenderId() + index;
    boolean counted = false;
    HarnessMeter.ThreadCpu cpu = null;
    Mq mq = queues.get(s.queueOfSender(id));
    try (MqSender sender = mq.createSender()) {
      SenderTask task =
          new SenderTask(
              id,
              sender,
              payloads != null
                  ? MessageBodies.ofRecords(payloads, spec.runId(), id, spec.seed() + id)
                  : new MessageBodies(
                      s.messageSizes(), s.compressibility(), spec.runId(), id, spec.seed() + id),
              s.rateMode()
                  ? BatchSizes.fixed(s.maxBatch())
                  : BatchSizes.uniform(
                      s.maxBatch(), spec.seed() ^ (0x9E3779B97F4A7C15L * (id + 1))),
              s.effectiveInFlight(),
              clock);
      if (s.reconnect()) {
        task.rideThroughFailures(errors);
      }
      senders[index] = task;
      ready.countDown();
      counted = true;
      sendersGo.await();
      if (stopSenders) {
        return;
      }
      parkUntil(startNanos);
      cpu = new HarnessMeter.ThreadCpu(Thread.currentThread().getId());
      senderCpu[index] = cpu;
      cpu.started();
      try {
        if (s.rateMode()) {
          sendOnSchedule(task, id, mq);
        } else {
          long remaining = s.messagesPerSender();
          while (!stopSenders && !task.abandoned() && remaining > 0) {
            if (holdSenders) {
              awaitRelease(task);
              continue;
            }
            remaining -= task.sendBatch(remaining);
            if (task.broken()) {
              reconnect(task, mq);
            }
          }
        }
      } finally {
        // A sender is done only when every batch it issued has completed, also when stopped; a
        // killed one waits for nothing.
        if (failure.get() == null && !task.abandoned()) {
          task.awaitAllCompleted();
        }
        if (task.sender() != sender) {
          closeQuietly(task.sender()); // the try closes the first one
        }
      }
    } catch (Throwable t) {
      if (senders[index] == null || !senders[index].abandoned()) {
        fail("sender " + id, t); // a killed sender's failing close or batch is the fault's
      }
    } finally {
      if (!counted) {
        ready.countDown();
      }
      if (cpu != null) {
        cpu.ended(); // before sendersDone: the final report, taken once all are done, includes it
      }
      sendersDone.countDown();
    }
  }

  /**
   * Waits while the coordinator holds senders back, counting what completes meanwhile (the
   * coordinator's view of the backlog is built from those counts).
   */
  private void awaitRelease(SenderTask task) throws InterruptedException {
    while (holdSenders && !stopSenders && !task.abandoned()) {
      task.recordCompleted();
      LockSupport.parkNanos(HOLD_POLL_NANOS);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }

  /**
   * Issues this sender's batches at its share of the rate, senders offset from each other by a
   * fraction of the period (by global id, so that the senders of every cell interleave).
   */
  private void sendOnSchedule(SenderTask task, int id, Mq mq) throws InterruptedException {
    RunSettings s = spec.settings();
    double batchesPerSecond = s.rate().orElseThrow() / s.senders() / s.maxBatch();
    long offset = (long) (1e9 / batchesPerSecond * id / s.senders());
    RateSchedule schedule =
        new RateSchedule(
            startNanos + offset,
            batchesPerSecond,
            s.scheduleTick().toNanos(),
            clock,
            RateSchedule.parking(clock));
    long end = startNanos + s.duration().orElseThrow().toNanos();
    long remaining = s.messagesPerSender();
    for (long i = 0; !stopSenders && !task.abandoned() && remaining > 0; i++) {
      long due = schedule.intendedNanos(i);
      if (due - end >= 0) {
        return;
      }
      schedule.awaitSlot(i);
      remaining -= task.sendBatchAt(remaining, due);
      if (task.broken()) {
        reconnect(task, mq);
      }
    }
  }

  /**
   * A sender whose batch failed, riding through it: waits a while for its other batches in flight,
   * closes its backend sender and creates another, retrying until one works or the sender is
   * stopped. Batches due meanwhile are issued late, at their intended times, once it works again.
   */
  private void reconnect(SenderTask task, Mq mq) throws InterruptedException {
    task.settleInFlight(spec.settings().connectTimeout());
    closeQuietly(task.sender());
    MqSender fresh = reopen(mq::createSender, () -> stopSenders || task.abandoned());
    if (fresh != null) {
      task.replaceSender(fresh);
      errors.reconnected();
    }
  }

  /**
   * Creates a backend sender or receiver again after a failure, backing off from 50 ms to 1 s
   * between attempts (a broker restarting refuses connections for seconds).
   *
   * @return the new one; null if {@code stop} said to stop first
   */
  private <T> T reopen(Supplier<T> create, BooleanSupplier stop) throws InterruptedException {
    long backoffNanos = TimeUnit.MILLISECONDS.toNanos(50);
    while (!stop.getAsBoolean()) {
      try {
        return create.get();
      } catch (RuntimeException e) {
        errors.note(e);
      }
      long until = clock.getAsLong() + backoffNanos;
      while (!stop.getAsBoolean() && until - clock.getAsLong() > 0) {
        LockSupport.parkNanos(Math.min(until - clock.getAsLong(), HOLD_POLL_NANOS * 10));
        if (Thread.interrupted()) {
          throw new InterruptedException();
        }
      }
      backoffNanos = Math.min(backoffNanos * 2, TimeUnit.SECONDS.toNanos(1));
    }
    return null;
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // It failed already; closing what is left of it is best effort.
    }
  }

  private void receive(int index, CountDownLatch ready) {
    RunSettings s = spec.settings();
    boolean counted = false;
    HarnessMeter.ThreadCpu cpu = null;
    Mq queue = queues.get(receiverQueue[index]);
    int subscription = receiverSubscription[index];
    Supplier<MqReceiver> create =
        () -> s.subscriptions() == 1 ? queue.createReceiver() : queue.createReceiver(subscription);
    try (MqReceiver receiver = create.get()) {
      ReceiverTask task =
          new ReceiverTask(
              receiver, spec.runId(), s.senders(), s.receiveBatch(), s.receiveWait(), clock);
      receivers[index] = task;
      ready.countDown();
      counted = true;
      receiversGo.await();
      parkUntil(receiversStartNanos);
      cpu = new HarnessMeter.ThreadCpu(Thread.currentThread().getId());
      receiverCpu[index] = cpu;
      cpu.started();
      try {
        while (!stopReceivers && !task.ended()) {
          try {
            task.receiveOnce();
          } catch (RuntimeException e) {
            if (!s.reconnect() || task.abandoned()) {
              throw e;
            }
            // Riding through: what it held unacknowledged comes back from the queue.
            errors.failedReceive(e);
            closeQuietly(task.receiver());
            MqReceiver fresh = reopen(create, () -> stopReceivers);
            if (fresh == null) {
              break;
            }
            task.replaceReceiver(fresh);
            errors.reconnected();
          }
        }
      } finally {
        if (task.receiver() != receiver) {
          closeQuietly(task.receiver()); // the try closes the first one
        }
      }
    } catch (Throwable t) {
      if (receivers[index] == null || !receivers[index].abandoned()) {
        fail("receiver " + index, t); // a killed receiver's failing close is the fault's
      }
    } finally {
      if (!counted) {
        ready.countDown();
      }
      if (cpu != null) {
        cpu.ended();
      }
    }
  }

  private void fail(String where, Throwable t) {
    if (t instanceof InterruptedException && (stopSenders || stopReceivers)) {
      return; // stopped on purpose
    }
    failure.compareAndSet(null, CellFailure.of(where, t));
    stopSenders = true;
    stopReceivers = true;
  }

  private void parkUntil(long nanos) throws InterruptedException {
    long left;
    while ((left = nanos - clock.getAsLong()) > 0) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
  }

  private void joinAll(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
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
}
