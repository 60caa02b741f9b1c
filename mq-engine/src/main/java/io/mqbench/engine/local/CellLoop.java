package io.mqbench.engine.local;

import java.util.concurrent.CountDownLatch;

/**
 * What a sender or receiver thread of a {@link LocalCell} is given: the state the cell's threads
 * share, which of them it is, and the latch it counts down once its backend client exists.
 */
abstract class CellLoop implements Runnable {
  final CellThreads cell;
  final int index;
  final CountDownLatch ready;

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

  /**
   * Starts measuring this thread's CPU time, kept in {@code slots[index]} for the cell's report.
   */
  HarnessMeter.ThreadCpu measureCpu(HarnessMeter.ThreadCpu[] slots) {
    HarnessMeter.ThreadCpu cpu = new HarnessMeter.ThreadCpu(Thread.currentThread().getId());
    slots[index] = cpu;
    cpu.started();
    return cpu;
  }
}
