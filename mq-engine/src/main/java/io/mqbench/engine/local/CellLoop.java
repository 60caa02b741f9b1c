package io.mqbench.engine.local;

import java.util.concurrent.CountDownLatch;

/**
 * A sender or receiver thread of a {@link LocalCell}: what it is given (the state the cell's
 * threads share, which of them it is, the latch it counts down once its backend client exists), and
 * the frame every such thread runs in: a failure fails the cell unless a fault killed the thread,
 * and whatever happens the latch is counted down and the thread's CPU time is closed.
 */
abstract class CellLoop implements Runnable {
  final CellThreads cell;
  final int index;
  private final CountDownLatch ready;
  // Touched by this loop's thread only.
  private boolean counted;
  private HarnessMeter.ThreadCpu cpu;

  /**
   * @param cell what the cell's threads share
   * @param index which of the cell's senders or of its receiver threads, from 0
   * @param ready counted down once the sender or receiver exists (or failed to)
   */
  CellLoop(CellThreads cell, int index, CountDownLatch ready) {
    this.cell = cell;
    this.index = index;
    this.ready = ready;
  }

  @Override
  public final void run() {
    try {
      runClient();
    } catch (Throwable t) {
      if (!killed()) {
        cell.fail(who(), t); // a killed thread's failing close or batch is the fault's
      }
    } finally {
      if (!counted) {
        ready.countDown();
      }
      if (cpu != null) {
        cpu.ended(); // before ended(): the final report, taken once all are done, includes it
      }
      ended();
    }
  }

  /**
   * Creates the backend client and its task ({@link #created} once they exist), waits for the
   * start, then sends or receives until done or stopped.
   */
  abstract void runClient() throws Exception;

  /**
   * @return the sender or receiver as the cell's failure names it
   */
  abstract String who();

  /**
   * @return whether a fault killed this sender or receiver, whose failures are then the fault's
   */
  abstract boolean killed();

  /** Last on the thread, after the latch and the CPU time: nothing unless overridden. */
  void ended() {}

  /** Says the backend client and its task exist. */
  void created() {
    ready.countDown();
    counted = true;
  }

  /**
   * Starts measuring this thread's CPU time, kept in {@code slots[index]} for the cell's report.
   */
  void measureCpu(HarnessMeter.ThreadCpu[] slots) {
    cpu = new HarnessMeter.ThreadCpu(Thread.currentThread().getId());
    slots[index] = cpu;
    cpu.started();
  }
}
