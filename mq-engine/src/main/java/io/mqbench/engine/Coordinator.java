package io.mqbench.engine;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.DeliveryLedger;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Runs one run over its cells: prepares them all (the start barrier), starts them together, turns
 * their counts into one tick per second (and a last, shorter tick for the remainder), applies the
 * stop rules, and merges their reports. It sees only {@link Cell}s, so a cell may be in this
 * process or on another machine.
 *
 * <p>Stop rules: senders stop after the run's duration (rate mode: up to twice the duration, to
 * send what was scheduled before the end; what they could not send is reported as unsent) or on
 * {@link #requestStop()}; in send-then-drain runs, receivers start when every sender has finished;
 * in backlog-then-catch-up runs, after the run's {@link RunSettings#backlog()}, and the coordinator
 * takes every cell's {@link Cell#checkpoint() checkpoint} when they start, when the backlog is gone
 * and at the end of sending, whose differences are the {@link CatchUp}'s windows. Receivers stop
 * when everything acknowledged to senders has arrived (checked exactly, with the merged delivery
 * bitmaps), or once nothing arrived for the idle period after senders finished; after a stop
 * request, two seconds after it at most, backlog or not.
 *
 * <p>Flow control ({@link RunSettings#paced()}): while the backlog, acknowledged minus received, is
 * above the run's {@link BacklogLimit}, every cell's senders are held back; they go on once the
 * receivers took it down to half the limit. How long they were held, and what was received while
 * senders sent, is the outcome's {@link Pacing}.
 */
public final class Coordinator {
  private static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final long POLL_MILLIS = 20;
  private static final long TENTH_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /** After an interrupt, receivers wait at most this long for messages still in flight. */
  static final long INTERRUPTED_IDLE_NANOS = TimeUnit.SECONDS.toNanos(2);

  /**
   * A cell and its part of the run.
   *
   * @param cell the cell
   * @param spec what it runs
   */
  public record Placement(Cell cell, CellSpec spec) {}

  private final List<Placement> placements;
  private final List<ScheduledFault> faults;
  private final RunSettings settings;
  private final Consumer<Tick> onTick;
  private volatile boolean interrupted;
  private volatile long interruptedAtNanos;
  private volatile boolean started;

  /**
   * @param placements the run's cells with their parts; every spec carries the same settings, run
   *     id and seed
   * @param onTick called on the coordinator's thread once per second with the counts so far, and
   *     once more at the end with the last tick, which covers the rest of the run up to its final
   *     counts
   */
  public Coordinator(List<Placement> placements, Consumer<Tick> onTick) {
    this(placements, onTick, List.of());
  }

  /**
   * A run with faults injected while it goes on.
   *
   * @param placements the run's cells with their parts; every spec carries the same settings, run
   *     id and seed
   * @param onTick called on the coordinator's thread once per second with the counts so far, and
   *     once more at the end
   * @param faults what to inject and when, in any order; each is recorded in the outcome with what
   *     the run did before, during and after it ({@link RunOutcome#faults()})
   */
  public Coordinator(
      List<Placement> placements, Consumer<Tick> onTick, List<ScheduledFault> faults) {
    this.faults = faults.stream().sorted(Comparator.comparing(ScheduledFault::at)).toList();
    if (placements.isEmpty()) {
      throw new IllegalArgumentException("a run needs at least one cell");
    }
    this.placements = List.copyOf(placements);
    this.settings = placements.get(0).spec().settings();
    this.onTick = onTick;
  }

  /**
   * Asks the run to stop early (Ctrl-C): senders stop and complete what they have in flight,
   * receivers take what is still arriving (waiting at most two seconds for more), and the outcome
   * says it was interrupted. Safe from any thread, also before the run starts.
   */
  public void requestStop() {
    if (!interrupted) {
      interruptedAtNanos = System.nanoTime();
    }
    interrupted = true;
    for (Placement p : placements) {
      p.cell().stopSenders();
    }
  }

  /**
   * @return whether every cell is prepared and the run has started (connecting is over)
   */
  public boolean started() {
    return started;
  }

  /**
   * Prepares every cell, runs to the end and merges the reports. Failures of senders and receivers
   * stop the run and are reported in the outcome, not thrown; every cell is closed.
   *
   * @return what the run produced
   * @throws io.mqbench.mq.MqException if a cell could not be prepared (backend unreachable, senders
   *     not created within the connect timeout)
   * @throws InterruptedException if the calling thread is interrupted
   */
  public RunOutcome run() throws InterruptedException {
    try {
      List<CellReady> ready = prepareAll();
      long start = System.nanoTime();
      started = true;
      boolean drain = settings.phases() == Phases.SEND_THEN_DRAIN;
      boolean later = drain || settings.phases() == Phases.BACKLOG_THEN_CATCH_UP;
      for (Placement p : placements) {
        p.cell().startSenders(start);
        if (!later) {
          p.cell().startReceivers(start);
        }
      }
      List<Tick> timeline = new ArrayList<>();
      FaultInjection injection = new FaultInjection(start);
      injection.begin();
      Watch watch;
      try {
        watch = watch(start, drain, timeline);
      } finally {
        injection.end();
      }
      for (Placement p : placements) {
        p.cell().stopSenders();
        p.cell().stopReceivers();
      }
      List<CellMeasurements> reports = new ArrayList<>();
      Duration grace = settings.receiveWait().plus(Duration.ofSeconds(30));
      for (Placement p : placements) {
        reports.add(p.cell().finish(grace));
      }
      CellMeasurements merged = CellMeasurements.merge(reports);
      DeliveryLedger ledger = merged.ledger();
      Tick last = lastTick(timeline, start, watch.endNanos, ledger);
      if (last != null) {
        timeline.add(last);
        onTick.accept(last);
      }
      return new RunOutcome(
          placements.get(0).spec().runId(),
          placements.get(0).spec().seed(),
          ready,
          merged,
          timeline,
          ledger,
          watch.drainStart,
          merged.failure(),
          watch.endedIdle,
          interrupted,
          watch.pacing(),
          watch.catchUp.map(c -> c.result(merged, watch.endNanos - start)),
          injection.records(merged, watch.endNanos - start),
          watch.gaps(watch.endNanos - start),
          watch.everyTenth,
          watch.sendGaps(watch.endNanos - start, !interrupted && merged.failure().isEmpty()));
    } finally {
      for (Placement p : placements) {
        p.cell().close();
      }
    }
  }

  private List<CellReady> prepareAll() throws InterruptedException {
    if (placements.size() == 1) {
      Placement p = placements.get(0);
      return List.of(p.cell().prepare(p.spec()));
    }
    ExecutorService preparing = Executors.newFixedThreadPool(placements.size());
    try {
      List<Future<CellReady>> futures = new ArrayList<>();
      for (Placement p : placements) {
        futures.add(preparing.submit(() -> p.cell().prepare(p.spec())));
      }
      List<CellReady> ready = new ArrayList<>();
      for (Future<CellReady> f : futures) {
        try {
          ready.add(f.get());
        } catch (ExecutionException e) {
          if (e.getCause() instanceof RuntimeException re) {
            throw re;
          }
          throw new MqException(String.valueOf(e.getCause()), e.getCause());
        }
      }
      return ready;
    } finally {
      preparing.shutdownNow();
    }
  }

  /** How the watch ended. */
  private final class Watch {
    boolean endedIdle;
    long drainStart;
    BacklogGate gate = settings.paced() ? new BacklogGate(settings.maxBacklog()) : null;
    Optional<CatchUpWatch> catchUp = Optional.empty();
    long sendingNanos;
    long firstDeliveryNanos;
    long receivedWhileSending;

    Pacing pacing() {
      return gate == null
          ? new Pacing(false, 0, 0, 0, firstDeliveryNanos, receivedWhileSending, sendingNanos)
          : new Pacing(
              true,
              gate.heldNanos(),
              gate.holds(),
              gate.largestBound(),
              firstDeliveryNanos,
              receivedWhileSending,
              sendingNanos);
    }

    /** The instant of the watch's last poll. */
    long endNanos;

    /** Times without a delivery while receivers ran, the wait for the first one included. */
    final GapTracker deliveries = new GapTracker(false);

    /** Times without an acknowledged send while senders ran and were not held back. */
    final GapTracker sends = new GapTracker(true);

    /** With faults: received so far at every tenth of a second from the start. */
    final List<Long> everyTenth = new ArrayList<>();

    /** At a poll: the count at every tenth of a second passed since the last one. */
    void tenths(long sinceStart, long received) {
      while (everyTenth.size() * TENTH_NANOS <= sinceStart) {
        everyTenth.add(received);
      }
    }

    /**
     * @param endNanos the run's end, from its start
     * @return the delivery gaps, the one open at the end included when it began while senders still
     *     sent (a broker that never came back), not when receivers merely waited out their idle
     *     time
     */
    List<DeliveryGap> gaps(long endNanos) {
      long open = deliveries.openSince();
      return deliveries.gaps(endNanos, open >= 0 && (sendingNanos == 0 || open < sendingNanos));
    }

    /**
     * @param endNanos the run's end, from its start
     * @param includeOpen whether a gap open when sending ended counts (a run that neither failed
     *     nor was stopped: its senders waited for acknowledgements to the end)
     * @return the send gaps, an open one up to the end of sending
     */
    List<DeliveryGap> sendGaps(long endNanos, boolean includeOpen) {
      return sends.gaps(sendingNanos > 0 ? sendingNanos : endNanos, includeOpen);
    }
  }

  /** A catch-up run's instants and the cumulative reports taken at them. */
  private final class CatchUpWatch {
    final long receiversStart;
    final CellMeasurements atReceiversStart;
    final long backlogAtStart;
    long caughtUp;
    CellMeasurements atCaughtUp;
    long sentAtCaughtUp;
    long settled;
    CellMeasurements atSettled;
    long sendingEnd;
    CellMeasurements atSendingEnd;
    long backlogAtEnd;

    CatchUpWatch(long receiversStart, CellMeasurements atReceiversStart) {
      this.receiversStart = receiversStart;
      this.atReceiversStart = atReceiversStart;
      this.backlogAtStart =
          Math.max(0, CatchUp.Window.sent(atReceiversStart) - atReceiversStart.received());
    }

    /**
     * At every poll once receivers started: the backlog is gone at the first poll before the end of
     * sending where it is at most the threshold, and settled once what was sent by then has been
     * received; sending ends with its scheduled duration, or earlier once every sender finished.
     */
    void observe(long sinceStart, long sent, long received, int sendersRunning) {
      if (sendingEnd > 0) {
        return;
      }
      if (caughtUp == 0 && sent - received <= settings.caughtUpMessages()) {
        caughtUp = sinceStart;
        sentAtCaughtUp = sent;
        atCaughtUp = checkpoint();
      }
      if (caughtUp > 0 && settled == 0 && received >= sentAtCaughtUp) {
        settled = sinceStart;
        atSettled = settled == caughtUp ? atCaughtUp : checkpoint();
      }
      long scheduled = settings.duration().orElseThrow().toNanos();
      if (sinceStart >= scheduled || sendersRunning == 0) {
        sendingEnd = sinceStart;
        atSendingEnd = checkpoint();
        backlogAtEnd =
            Math.max(
                0,
                CatchUp.Window.sent(atSendingEnd)
                    - atSendingEnd.received() / settings.subscriptions());
      }
    }

    /**
     * @param last the run's final report, for a run that ended before its sending did (a failure or
     *     stop)
     * @param endNanos the run's end, from its start
     */
    CatchUp result(CellMeasurements last, long endNanos) {
      long end = sendingEnd > 0 ? sendingEnd : endNanos;
      CellMeasurements atEnd = sendingEnd > 0 ? atSendingEnd : last;
      long left =
          sendingEnd > 0
              ? backlogAtEnd
              : Math.max(0, CatchUp.Window.sent(last) - last.received() / settings.subscriptions());
      CatchUp.Window backlog =
          CatchUp.Window.between(0, receiversStart, CellMeasurements.empty(), atReceiversStart);
      if (caughtUp == 0) {
        return new CatchUp(
            receiversStart,
            settings.caughtUpMessages(),
            backlogAtStart,
            Optional.empty(),
            Optional.empty(),
            end,
            left,
            backlog,
            CatchUp.Window.between(receiversStart, end, atReceiversStart, atEnd),
            Optional.empty());
      }
      return new CatchUp(
          receiversStart,
          settings.caughtUpMessages(),
          backlogAtStart,
          Optional.of(caughtUp),
          settled > 0 ? Optional.of(settled) : Optional.empty(),
          end,
          left,
          backlog,
          CatchUp.Window.between(receiversStart, caughtUp, atReceiversStart, atCaughtUp),
          settled > 0 && end > settled
              ? Optional.of(CatchUp.Window.between(settled, end, atSettled, atEnd))
              : Optional.empty());
    }
  }

  /**
   * The tick after the last whole second: from its start to the end of the watch, with the final
   * counts of the merged report rather than the last poll's, so that the timeline adds up to the
   * run's totals even with what arrived while the cells were stopping.
   *
   * @return the tick, or null if nothing is left to cover
   */
  private static Tick lastTick(List<Tick> timeline, long start, long end, DeliveryLedger ledger) {
    long sentBefore = timeline.isEmpty() ? 0 : timeline.get(timeline.size() - 1).sentTotal();
    long receivedBefore =
        timeline.isEmpty() ? 0 : timeline.get(timeline.size() - 1).receivedTotal();
    long length = end - (start + timeline.size() * TICK_NANOS);
    long sent = ledger.sent() - sentBefore;
    long received = ledger.received() - receivedBefore;
    if (length <= 0 && sent == 0 && received == 0) {
      return null; // the run ended on a whole second
    }
    // At least a nanosecond: counts that came in while stopping need a length to be a rate.
    double seconds = Math.max(length, 1) / 1e9;
    return new Tick(timeline.size() + 1, seconds, ledger.sent(), ledger.received(), sent, received);
  }

  private Watch watch(long start, boolean drain, List<Tick> timeline) throws InterruptedException {
    Watch w = new Watch();
    watch(start, drain, timeline, w);
    return w;
  }

  private void watch(long start, boolean drain, List<Tick> timeline, Watch w)
      throws InterruptedException {
    long nextTick = start + TICK_NANOS;
    long lastSent = 0;
    long lastReceived = 0;
    long receivedAtLastCheck = -1;
    long lastProgressNanos = 0;
    long observedReceived = -1;
    boolean catchUp = settings.phases() == Phases.BACKLOG_THEN_CATCH_UP;
    long backlogNanos = catchUp ? settings.backlog().orElseThrow().toNanos() : 0;
    boolean receiversStarted = !drain && !catchUp;
    if (receiversStarted) {
      w.deliveries.observe(0, 0);
    }
    boolean sendersStopped = false;
    while (true) {
      Thread.sleep(POLL_MILLIS);
      long now = System.nanoTime();
      // The run ends at its last poll: every whole second before it has its tick, so the last
      // tick is shorter than a second unless a failure returns before the ticks are made.
      w.endNanos = now;
      CellProgress progress = poll();
      if (progress.failure().isPresent()) {
        return;
      }
      long sent = progress.sent();
      long received = progress.received();
      if (receiversStarted && settings.receivers() > 0) {
        w.deliveries.observe(now - start, received);
      }
      if (!faults.isEmpty()) {
        w.tenths(now - start, received);
      }
      if (now - nextTick >= 0) {
        // A tick's counts are the cells' own for ticks, which a cell on a worker keeps with what
        // it measured: its counts never go back, even if the worker dies before the next tick.
        CellProgress counted = tickCounts();
        while (now - nextTick >= 0) {
          Tick t =
              new Tick(
                  timeline.size() + 1,
                  1,
                  counted.sent(),
                  counted.received(),
                  counted.sent() - lastSent,
                  counted.received() - lastReceived);
          timeline.add(t);
          onTick.accept(t);
          lastSent = counted.sent();
          lastReceived = counted.received();
          nextTick += TICK_NANOS;
        }
      }
      if (!sendersStopped
          && settings.duration().isPresent()
          && now - start >= sendingLimitNanos()) {
        sendersStopped = true;
        for (Placement p : placements) {
          p.cell().stopSenders();
        }
      }
      if (catchUp) {
        if (!receiversStarted
            && !interrupted
            && progress.sendersRunning() > 0
            && now - start >= backlogNanos) {
          // The backlog's end: a report of what the senders did alone, then the receivers go.
          w.catchUp = Optional.of(new CatchUpWatch(now - start, checkpoint()));
          receiversStarted = true;
          w.drainStart = now - start;
          for (Placement p : placements) {
            p.cell().startReceivers(now);
          }
          lastProgressNanos = now;
        } else if (w.catchUp.isPresent()) {
          // Each subscription receives every message: the backlog is one subscription's.
          w.catchUp
              .get()
              .observe(
                  now - start,
                  sent,
                  received / settings.subscriptions(),
                  progress.sendersRunning());
        }
      }
      if (progress.sendersRunning() > 0) {
        if (w.gate != null && w.gate.held()) {
          w.sends.pause();
        } else {
          w.sends.observe(now - start, sent);
        }
        if (w.firstDeliveryNanos == 0 && received > 0) {
          w.firstDeliveryNanos = now - start;
        }
        if (w.gate != null) {
          // The backlog is what one subscription has yet to receive: each receives every message.
          switch (w.gate.update(now, sent, received / settings.subscriptions())) {
            case HOLD -> holdSenders(true);
            case RELEASE -> holdSenders(false);
            case NONE -> {}
          }
        }
        continue;
      }
      if (w.sendingNanos == 0) {
        w.sendingNanos = now - start;
        w.receivedWhileSending = drain ? 0 : received;
        if (w.gate != null && w.gate.end(now)) {
          holdSenders(false);
        }
      }
      if (settings.receivers() == 0) {
        return;
      }
      if (!receiversStarted) {
        if (interrupted) {
          return; // the backlog stays; draining it was not asked for any more
        }
        receiversStarted = true;
        w.drainStart = now - start;
        for (Placement p : placements) {
          p.cell().startReceivers(now);
        }
        lastProgressNanos = now;
        continue;
      }
      if (received != observedReceived) {
        observedReceived = received;
        lastProgressNanos = Math.max(lastProgressNanos, now);
      }
      if (interrupted && now - interruptedAtNanos >= INTERRUPTED_IDLE_NANOS) {
        // A stop must end the run soon even with a backlog that would keep receivers busy: what
        // is still in the queue is reported as not received, for the results to settle.
        w.endedIdle = false;
        return;
      }
      // Cheap test first; the exact one (bitmaps) only when the counts say everything may be in.
      // Every subscription receives every message: all are in only when each has its copy.
      if (settings.senders() > 0
          && received >= sent * settings.subscriptions()
          && received != receivedAtLastCheck) {
        receivedAtLastCheck = received;
        if (delivery().lost() == 0) {
          return;
        }
      }
      long idle = settings.receiverIdle().toNanos();
      if (now - lastProgressNanos
          >= (interrupted ? Math.min(idle, INTERRUPTED_IDLE_NANOS) : idle)) {
        w.endedIdle = true;
        return;
      }
    }
  }

  private void holdSenders(boolean hold) {
    for (Placement p : placements) {
      p.cell().holdSenders(hold);
    }
  }

  private CellProgress poll() {
    CellProgress sum = new CellProgress(0, 0, 0, Optional.empty());
    for (Placement p : placements) {
      sum = sum.plus(p.cell().poll());
    }
    return sum;
  }

  private CellProgress tickCounts() {
    CellProgress sum = new CellProgress(0, 0, 0, Optional.empty());
    for (Placement p : placements) {
      sum = sum.plus(p.cell().tick());
    }
    return sum;
  }

  /**
   * The run's faults, injected one after the other on a thread of their own at their instants, with
   * a report of every cell taken when each one's action starts and when it returns.
   */
  private final class FaultInjection {
    /** How long the end of a run waits for a fault still under way (a broker restarting). */
    private static final long FINISH_NANOS = TimeUnit.SECONDS.toNanos(120);

    private final long start;
    private final List<Injected> injected = new ArrayList<>();
    private volatile boolean over;
    private Thread thread;

    /** A fault as it went, with the reports at its ends. */
    private record Injected(
        ScheduledFault fault,
        long startNanos,
        long endNanos,
        String detail,
        Optional<String> error,
        CellMeasurements atStart,
        CellMeasurements atEnd) {}

    FaultInjection(long start) {
      this.start = start;
    }

    void begin() {
      if (faults.isEmpty()) {
        return;
      }
      thread = new Thread(this::injectAll, "mqbench-faults");
      thread.setDaemon(true);
      thread.start();
    }

    private void injectAll() {
      for (ScheduledFault f : faults) {
        long due = start + f.at().toNanos();
        long left;
        while (!over && (left = due - System.nanoTime()) > 0) {
          LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(POLL_MILLIS)));
        }
        if (over) {
          return; // the rest were due after the run: recorded as not injected
        }
        CellMeasurements atStart = checkpoint();
        long t0 = System.nanoTime() - start;
        String detail = "";
        Optional<String> error = Optional.empty();
        try {
          detail = f.action().inject(f.length());
        } catch (InterruptedException e) {
          error = Optional.of("interrupted");
          Thread.currentThread().interrupt();
        } catch (Exception e) {
          error = Optional.of(io.mqbench.mq.Errors.oneLine(e));
        }
        long t1 = System.nanoTime() - start;
        CellMeasurements atEnd = checkpoint();
        synchronized (this) {
          injected.add(new Injected(f, t0, t1, detail, error, atStart, atEnd));
        }
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
      }
    }

    /** At the end of the watch: no fault starts any more; one under way may finish. */
    void end() throws InterruptedException {
      over = true;
      if (thread != null) {
        thread.join(TimeUnit.NANOSECONDS.toMillis(FINISH_NANOS));
        if (thread.isAlive()) {
          thread.interrupt();
          thread.join(5_000);
        }
      }
    }

    /**
     * @param last the run's final report
     * @param endNanos the run's end, from its start
     * @return every fault, in the order they were due, with its windows
     */
    synchronized List<FaultRecord> records(CellMeasurements last, long endNanos) {
      List<FaultRecord> records = new ArrayList<>();
      long previousEnd = 0;
      CellMeasurements previous = CellMeasurements.empty();
      for (int i = 0; i < faults.size(); i++) {
        ScheduledFault f = faults.get(i);
        long due = f.at().toNanos();
        if (i >= injected.size()) {
          CatchUp.Window none = CatchUp.Window.between(due, due, last, last);
          records.add(
              new FaultRecord(
                  f.kind(),
                  f.target(),
                  due,
                  false,
                  due,
                  due,
                  "not injected: the run ended before it was due",
                  Optional.empty(),
                  none,
                  none,
                  none));
          continue;
        }
        Injected in = injected.get(i);
        boolean hasNext = i + 1 < injected.size();
        long nextStart = hasNext ? injected.get(i + 1).startNanos() : endNanos;
        CellMeasurements nextReport = hasNext ? injected.get(i + 1).atStart() : last;
        records.add(
            new FaultRecord(
                f.kind(),
                f.target(),
                due,
                true,
                in.startNanos(),
                in.endNanos(),
                in.detail(),
                in.error(),
                CatchUp.Window.between(previousEnd, in.startNanos(), previous, in.atStart()),
                CatchUp.Window.between(in.startNanos(), in.endNanos(), in.atStart(), in.atEnd()),
                CatchUp.Window.between(
                    in.endNanos(), Math.max(in.endNanos(), nextStart), in.atEnd(), nextReport)));
        previousEnd = in.endNanos();
        previous = in.atEnd();
      }
      return records;
    }
  }

  /** Every cell's report so far, merged: cumulative counts and histograms of one instant. */
  private CellMeasurements checkpoint() {
    List<CellMeasurements> reports = new ArrayList<>();
    for (Placement p : placements) {
      reports.add(p.cell().checkpoint());
    }
    return CellMeasurements.merge(reports);
  }

  private DeliveryLedger delivery() {
    DeliveryBitmaps sum = DeliveryBitmaps.empty();
    long received = 0;
    for (Placement p : placements) {
      sum = sum.plus(p.cell().delivery());
      received += p.cell().poll().received();
    }
    return DeliveryLedger.of(sum, received);
  }

  /**
   * How long senders may send. In rate mode, senders that fell behind may finish the batches
   * scheduled before the end, for up to the duration again; what they could not send by then is
   * reported as unsent, never silently dropped from the latency record.
   */
  private long sendingLimitNanos() {
    long d = settings.duration().orElseThrow().toNanos();
    return settings.rateMode() ? 2 * d : d;
  }
}
