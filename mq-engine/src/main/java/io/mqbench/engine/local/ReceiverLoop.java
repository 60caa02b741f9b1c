package io.mqbench.engine.local;

import io.mqbench.engine.RunSettings;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

/**
 * One receiver thread of a {@link LocalCell}: creates its backend receiver on its queue and
 * subscription, waits for the receivers' start, then receives until stopped, riding through
 * failures where the run asks for it (what it held unacknowledged comes back from the queue).
 */
final class ReceiverLoop extends CellLoop {
  ReceiverLoop(CellThreads cell, int index, CountDownLatch ready) {
    super(cell, index, ready);
  }

  @Override
  void runClient() throws Exception {
    RunSettings s = cell.settings();
    Mq queue = cell.queues.get(cell.receiverQueue[index]);
    int subscription = cell.receiverSubscription[index];
    Supplier<MqReceiver> create =
        () -> s.subscriptions() == 1 ? queue.createReceiver() : queue.createReceiver(subscription);
    try (MqReceiver receiver = create.get()) {
      ReceiverTask task =
          new ReceiverTask(
              receiver,
              cell.spec.runId(),
              s.senders(),
              s.receiveBatch(),
              s.receiveWait(),
              cell.clock);
      cell.receivers[index] = task;
      created();
      cell.receiversGo.await();
      cell.parkUntil(cell.receiversStartNanos);
      measureCpu(cell.receiverCpu);
      try {
        receiveAll(task, create);
      } finally {
        if (task.receiver() != receiver) {
          Reopening.closeQuietly(task.receiver()); // the try closes the first one
        }
      }
    }
  }

  @Override
  String who() {
    return "receiver " + index;
  }

  @Override
  boolean killed() {
    return cell.receivers[index] != null && cell.receivers[index].abandoned();
  }

  private void receiveAll(ReceiverTask task, Supplier<MqReceiver> create)
      throws InterruptedException {
    while (!cell.stopReceivers && !task.ended()) {
      try {
        task.receiveOnce();
      } catch (RuntimeException e) {
        if (!cell.settings().reconnect() || task.abandoned()) {
          throw e;
        }
        // Riding through: what it held unacknowledged comes back from the queue.
        cell.errors.failedReceive(e);
        Reopening.closeQuietly(task.receiver());
        MqReceiver fresh =
            Reopening.reopen(create, () -> cell.stopReceivers, cell.errors, cell.clock);
        if (fresh == null) {
          break;
        }
        task.replaceReceiver(fresh);
        cell.errors.reconnected();
      }
    }
  }
}
