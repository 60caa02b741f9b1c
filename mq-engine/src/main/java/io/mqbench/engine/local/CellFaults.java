package io.mqbench.engine.local;

import io.mqbench.config.Durations;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The faults a {@link LocalCell} injects into itself, each killing threads as a crash would: one
 * receiver, one sender, or every thread at once (a worker that a fault halts).
 */
final class CellFaults {
  private final CellThreads cell;

  CellFaults(CellThreads cell) {
    this.cell = cell;
  }

  /** See {@link LocalCell#killReceiver}. */
  int killReceiver(int index, Duration timeout) throws InterruptedException {
    ReceiverTask task = existing(cell.receivers, index, "receiver");
    Thread thread = running(cell.receiverThreads[index], task.abandoned(), "receiver", index);
    task.abandon();
    awaitEnd(thread, timeout, "receiver " + (index + 1), "receive or close");
    return task.leftUnacknowledged();
  }

  /** See {@link LocalCell#killSender}. */
  int killSender(int index, Duration timeout) throws InterruptedException {
    SenderTask task = existing(cell.senders, index, "sender");
    Thread thread = running(cell.senderThreads[index], task.abandoned(), "sender", index);
    int inFlight = task.inFlight();
    task.abandon();
    awaitEnd(thread, timeout, "sender " + (index + 1), "send or close");
    return inFlight;
  }

  /** See {@link LocalCell#killAll}. */
  int killAll(Duration timeout) throws InterruptedException {
    List<Thread> dying = new ArrayList<>();
    for (int i = 0; i < cell.receivers.length; i++) {
      Thread t = cell.receiverThreads[i];
      if (cell.receivers[i] != null && t != null && t.isAlive()) {
        cell.receivers[i].abandon();
        dying.add(t);
      }
    }
    for (int i = 0; i < cell.senders.length; i++) {
      Thread t = cell.senderThreads[i];
      if (cell.senders[i] != null && t != null && t.isAlive()) {
        cell.senders[i].abandon();
        dying.add(t);
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
    for (ReceiverTask r : cell.receivers) {
      held += r == null ? 0 : r.leftUnacknowledged();
    }
    return held;
  }

  /** The task of sender or receiver {@code index} (from 0), which must exist. */
  private static <T> T existing(T[] tasks, int index, String role) {
    if (index < 0 || index >= tasks.length || tasks[index] == null) {
      throw new IllegalStateException(
          "no " + role + " " + (index + 1) + " here (" + tasks.length + " " + role + "s)");
    }
    return tasks[index];
  }

  /** The thread of sender or receiver {@code index} (from 0), which must not have ended. */
  private static Thread running(Thread thread, boolean abandoned, String role, int index) {
    if (abandoned || !thread.isAlive()) {
      throw new IllegalStateException(role + " " + (index + 1) + " has already ended");
    }
    return thread;
  }

  private static void awaitEnd(Thread thread, Duration timeout, String who, String stuckIn)
      throws InterruptedException {
    thread.join(Math.max(1, timeout.toMillis()));
    if (thread.isAlive()) {
      throw new MqException(
          who
              + " did not end within "
              + Durations.format(timeout)
              + " of being killed (stuck in a "
              + stuckIn
              + ")");
    }
  }
}
