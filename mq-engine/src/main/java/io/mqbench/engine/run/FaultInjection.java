package io.mqbench.engine.run;

import io.mqbench.engine.CatchUp;
import io.mqbench.engine.FaultRecord;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.ScheduledFault;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.mq.Errors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The run's faults, injected one after the other on a thread of their own at their instants, with
 * every cell's report taken when each one's action starts and when it returns; and, for rates
 * around a fault finer than the timeline's seconds, what was received at every tenth of a second.
 */
final class FaultInjection implements RunWatcher {
  /** How long the end of a run waits for a fault still under way (a broker restarting). */
  private static final long FINISH_NANOS = TimeUnit.SECONDS.toNanos(120);

  private static final long WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
  private static final long TENTH_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final List<ScheduledFault> faults;
  private final List<Injected> injected = new ArrayList<>();
  private final List<Long> everyTenth = new ArrayList<>();
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

  /**
   * @param faults what to inject and when, in any order
   */
  FaultInjection(List<ScheduledFault> faults) {
    this.faults = faults.stream().sorted(Comparator.comparing(ScheduledFault::at)).toList();
  }

  @Override
  public void started(RunState run) {
    thread = new Thread(() -> injectAll(run), "mqbench-faults");
    thread.setDaemon(true);
    thread.start();
  }

  /** At a poll: the count at every tenth of a second passed since the last one. */
  @Override
  public void poll(RunState run) {
    while (everyTenth.size() * TENTH_NANOS <= run.sinceStart()) {
      everyTenth.add(run.received());
    }
  }

  private void injectAll(RunState run) {
    long start = run.startNanos();
    for (ScheduledFault f : faults) {
      long due = start + f.at().toNanos();
      long left;
      while (!over && (left = due - System.nanoTime()) > 0) {
        LockSupport.parkNanos(Math.min(left, WAIT_NANOS));
      }
      if (over) {
        return; // the rest were due after the run: recorded as not injected
      }
      CellMeasurements atStart = run.checkpoint();
      long t0 = System.nanoTime() - start;
      String detail = "";
      Optional<String> error = Optional.empty();
      try {
        detail = f.action().inject(f.length());
      } catch (InterruptedException e) {
        error = Optional.of("interrupted");
        Thread.currentThread().interrupt();
      } catch (Exception e) {
        error = Optional.of(Errors.oneLine(e));
      }
      long t1 = System.nanoTime() - start;
      CellMeasurements atEnd = run.checkpoint();
      synchronized (this) {
        injected.add(new Injected(f, t0, t1, detail, error, atStart, atEnd));
      }
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }

  /** At the end of the watch: no fault starts any more; one under way may finish. */
  @Override
  public void stopped() throws InterruptedException {
    over = true;
    if (thread != null) {
      thread.join(TimeUnit.NANOSECONDS.toMillis(FINISH_NANOS));
      if (thread.isAlive()) {
        thread.interrupt();
        thread.join(5_000);
      }
    }
  }

  @Override
  public synchronized void contribute(RunEnd end, RunOutcomeBuilder outcome) {
    outcome.faults(records(end.last(), end.endNanos())).receivedEveryTenth(everyTenth);
  }

  /** Every fault, in the order they were due, with its windows. */
  private List<FaultRecord> records(CellMeasurements last, long endNanos) {
    List<FaultRecord> records = new ArrayList<>();
    long previousEnd = 0;
    CellMeasurements previous = CellMeasurements.empty();
    for (int i = 0; i < faults.size(); i++) {
      ScheduledFault f = faults.get(i);
      if (i >= injected.size()) {
        records.add(notInjected(f, last));
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
              f.at().toNanos(),
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

  private static FaultRecord notInjected(ScheduledFault f, CellMeasurements last) {
    long due = f.at().toNanos();
    CatchUp.Window none = CatchUp.Window.between(due, due, last, last);
    return new FaultRecord(
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
        none);
  }
}
