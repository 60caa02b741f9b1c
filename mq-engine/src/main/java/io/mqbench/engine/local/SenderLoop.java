package io.mqbench.engine.local;

import io.mqbench.engine.RunSettings;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One sender thread of a {@link LocalCell}: creates its backend sender and task, waits for the
 * start, then sends its messages in batches (throughput mode) or on its schedule (rate mode),
 * waiting while the coordinator holds senders back and riding through failures where the run asks
 * for it. It is done only when every batch it issued has completed.
 */
final class SenderLoop extends CellLoop {
  /** How often a held sender looks whether it was released: well under the coordinator's poll. */
  private static final long HOLD_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  SenderLoop(CellThreads cell, int index, CountDownLatch ready) {
    super(cell, index, ready);
  }

  @Override
  void runClient() throws Exception {
    RunSettings s = cell.settings();
    int id = id();
    Mq mq = cell.queues.get(s.queueOfSender(id));
    try (MqSender sender = mq.createSender()) {
      sender.expectInFlight(s.effectiveInFlight());
      SenderTask task = task(id, sender);
      cell.senders[index] = task;
      created();
      cell.sendersGo.await();
      if (cell.stopSenders) {
        return;
      }
      cell.parkUntil(cell.startNanos);
      measureCpu(cell.senderCpu);
      try {
        if (s.rateMode()) {
          sendOnSchedule(task, id, mq);
        } else {
          sendAll(task, mq);
        }
      } finally {
        // A sender is done only when every batch it issued has completed, also when stopped; a
        // killed one waits for nothing.
        if (cell.failure.get() == null && !task.abandoned()) {
          task.awaitAllCompleted();
        }
        if (task.sender() != sender) {
          Reopening.closeQuietly(task.sender()); // the try closes the first one
        }
      }
    }
  }

  /** The sender's global id: senders are numbered across every cell of the run. */
  private int id() {
    return cell.spec.firstSenderId() + index;
  }

  @Override
  String who() {
    return "sender " + id();
  }

  @Override
  boolean killed() {
    return cell.senders[index] != null && cell.senders[index].abandoned();
  }

  @Override
  void ended() {
    cell.sendersDone.countDown();
  }

  private SenderTask task(int id, MqSender sender) {
    RunSettings s = cell.settings();
    long seed = cell.spec.seed();
    int runId = cell.spec.runId();
    SenderTask task =
        new SenderTask(
            id,
            sender,
            cell.payloads != null
                ? MessageBodies.ofRecords(cell.payloads, runId, id, seed + id)
                : new MessageBodies(s.messageSizes(), s.compressibility(), runId, id, seed + id),
            s.fixedBatches()
                ? BatchSizes.fixed(s.maxBatch())
                : BatchSizes.uniform(s.maxBatch(), seed ^ (0x9E3779B97F4A7C15L * (id + 1))),
            s.effectiveInFlight(),
            cell.clock);
    if (s.reconnect()) {
      task.rideThroughFailures(cell.errors);
    }
    return task;
  }

  /** Throughput mode: batch after batch, as fast as the window of batches in flight allows. */
  private void sendAll(SenderTask task, Mq mq) throws InterruptedException {
    long remaining = cell.settings().messagesPerSender();
    while (!cell.stopSenders && !task.abandoned() && remaining > 0) {
      if (cell.holdSenders) {
        awaitRelease(task);
        continue;
      }
      remaining -= task.sendBatch(remaining);
      if (task.broken()) {
        reconnect(task, mq);
      }
    }
  }

  /**
   * Waits while the coordinator holds senders back, counting what completes meanwhile (the
   * coordinator's view of the backlog is built from those counts).
   */
  private void awaitRelease(SenderTask task) throws InterruptedException {
    while (cell.holdSenders && !cell.stopSenders && !task.abandoned()) {
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
    RunSettings s = cell.settings();
    double batchesPerSecond = s.rate().orElseThrow() / s.senders() / s.maxBatch();
    long offset = (long) (1e9 / batchesPerSecond * id / s.senders());
    RateSchedule schedule =
        new RateSchedule(
            cell.startNanos + offset,
            batchesPerSecond,
            s.scheduleTick().toNanos(),
            cell.clock,
            RateSchedule.parking(cell.clock));
    long end = cell.startNanos + s.duration().orElseThrow().toNanos();
    long remaining = s.messagesPerSender();
    for (long i = 0; !cell.stopSenders && !task.abandoned() && remaining > 0; i++) {
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
    task.settleInFlight(cell.settings().connectTimeout());
    Reopening.closeQuietly(task.sender());
    MqSender fresh =
        Reopening.reopen(
            mq::createSender, () -> cell.stopSenders || task.abandoned(), cell.errors, cell.clock);
    if (fresh != null) {
      task.replaceSender(fresh);
      cell.errors.reconnected();
    }
  }
}
