package io.mqbench.engine.local;

import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.Cell;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.DaemonThreads;
import io.mqbench.engine.PayloadFile;
import io.mqbench.engine.RunQueues;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import java.time.Duration;
import java.util.ArrayList;
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
import java.util.function.Function;
import java.util.function.LongSupplier;

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

  private final Function<CellSpec, Opened> opener;
  private final String where;
  private final CellThreads threads;
  private final CellReport report;
  private final CellFaults faults;
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
    this.threads = new CellThreads(clock);
    this.report = new CellReport(threads);
    this.faults = new CellFaults(threads);
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
    RunSettings s = spec.settings();
    long deadline = System.nanoTime() + s.connectTimeout().toNanos();
    List<byte[]> payloads;
    try {
      // Once per cell, before any sender starts: every sender cycles through the same records.
      payloads = s.payloadFile().map(PayloadFile::load).orElse(null);
    } catch (RuntimeException e) {
      throw new MqException(e.getMessage(), e);
    }
    Opened opened = open(spec, s.connectTimeout());
    threads.allocate(spec, opened.queues(), payloads);
    Map<String, String> versions = versions(opened.queues().get(0));
    int receiverCount = threads.receivers.length;
    CountDownLatch ready = new CountDownLatch(spec.senders() + receiverCount);
    for (int i = 0; i < receiverCount; i++) {
      String name = "mqbench-receiver-" + threads.threads.size();
      threads.receiverThreads[i] = threads.start(new ReceiverLoop(threads, i, ready), name);
    }
    for (int i = 0; i < spec.senders(); i++) {
      String name = "mqbench-sender-" + (spec.firstSenderId() + i);
      threads.senderThreads[i] = threads.start(new SenderLoop(threads, i, ready), name);
    }
    boolean allReady = ready.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    CellFailure failed = threads.failure.get();
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
        Executors.newSingleThreadExecutor(DaemonThreads.named("mqbench-open"));
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
    threads.hostMeter = new HostMeter(BrokerPeers.find());
    threads.usageAtStart = HarnessMeter.read(threads.clock.getAsLong(), threads.hostMeter);
    threads.startNanos = atNanos;
    runOriginAt(atNanos);
    threads.sendersGo.countDown();
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
    for (SenderTask s : threads.senders) {
      if (s != null) {
        s.runStartsAt(atNanos);
      }
    }
    for (ReceiverTask r : threads.receivers) {
      if (r != null) {
        r.runStartsAt(atNanos);
      }
    }
  }

  @Override
  public void startReceivers(long atNanos) {
    threads.receiversStartNanos = atNanos;
    threads.receiversGo.countDown();
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
    return faults.killReceiver(index, timeout);
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
    return faults.killAll(timeout);
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
    return faults.killSender(index, timeout);
  }

  /** The counts, and a sample of the run's processes: one that ends still counts as the run's. */
  @Override
  public CellProgress tick() {
    CellProgress counts = poll();
    threads.hostMeter.sample();
    return counts;
  }

  @Override
  public CellProgress poll() {
    long sent = 0;
    for (SenderTask t : threads.senders) {
      sent += t == null ? 0 : t.sentCount();
    }
    long received = 0;
    for (ReceiverTask t : threads.receivers) {
      received += t == null ? 0 : t.receivedCount();
    }
    return new CellProgress(
        sent,
        received,
        (int) threads.sendersDone.getCount(),
        Optional.ofNullable(threads.failure.get()));
  }

  /**
   * {@inheritDoc}
   *
   * <p>Exact once every sender has finished (a sender's bitmap belongs to its thread until then);
   * senders still running are left out.
   */
  @Override
  public DeliveryBitmaps delivery() {
    return report.delivery();
  }

  @Override
  public void holdSenders(boolean hold) {
    threads.holdSenders = hold;
  }

  @Override
  public void stopSenders() {
    threads.stopSenders = true;
    threads.sendersGo.countDown();
  }

  @Override
  public void stopReceivers() {
    threads.stopReceivers = true;
    threads.receiversGo.countDown();
  }

  @Override
  public CellMeasurements finish(Duration timeout) throws InterruptedException {
    threads.joinAll(timeout);
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
    return report.checkpoint();
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
      threads.joinAll(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    threads.queues.forEach(Mq::close);
  }
}
